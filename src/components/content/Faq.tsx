import type { FaqItemCopy } from '@/content/types';
import styles from './Faq.module.css';

/**
 * Questions that each open their answer, with no script: native <details>, the question's heading
 * inside its <summary> (so headings stay navigable), answers collapsed at first, the +/− sign drawn by CSS.
 */
export function Faq({ items }: { items: FaqItemCopy[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.question} className={styles.item}>
          <details className={styles.details}>
            <summary className={styles.toggle}>
              <h3 className={styles.question}>{item.question}</h3>
              <span aria-hidden="true" className={styles.sign} />
            </summary>
            <div className={styles.answer}>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
