import { useId, useState } from 'react';
import type { FaqItemCopy } from '@/content/types';
import styles from './Faq.module.css';

function FaqItem({ item }: { item: FaqItemCopy }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className={styles.item}>
      <h3 className={styles.question}>
        <button type="button" aria-expanded={open} aria-controls={answerId} onClick={() => setOpen(!open)} className={styles.toggle}>
          {item.question}
          <span aria-hidden="true" className={styles.sign}>
            {open ? '−' : '+'}
          </span>
        </button>
      </h3>
      <div id={answerId} hidden={!open} className={styles.answer}>
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </li>
  );
}

/** Questions that each open their answer: buttons with aria-expanded, answers collapsed at first. */
export function Faq({ items }: { items: FaqItemCopy[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <FaqItem key={item.question} item={item} />
      ))}
    </ul>
  );
}
