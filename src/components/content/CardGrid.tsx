import type { CardCopy } from '@/content/types';
import { ActionLink } from './ActionLink';
import styles from './CardGrid.module.css';

/** Cards of a title, a short text and at most one call to action; each is a list item of the grid. */
export function CardGrid({ items }: { items: CardCopy[] }) {
  return (
    <ul className={styles.grid}>
      {items.map((card) => (
        <li key={card.title} className={styles.card}>
          <h3 className={styles.title}>{card.title}</h3>
          <p className={styles.text}>{card.text}</p>
          {card.link ? <ActionLink link={card.link} context={card.title} /> : null}
        </li>
      ))}
    </ul>
  );
}
