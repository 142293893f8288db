import styles from './Badges.module.css';

/** Short labels of a course (certification, live, rating, duration), as a list. */
export function Badges({ items, label }: { items: string[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((badge) => (
        <li key={badge} className={styles.badge}>
          {badge}
        </li>
      ))}
    </ul>
  );
}
