import { useId, type ReactNode } from 'react';
import { classNames } from '@/lib/classNames';
import styles from './team.module.css';

/**
 * A team table in its own sideways-scrolling box (a wide table on a phone scrolls there, not the page).
 * The box takes the focus, so a keyboard user can scroll it with the arrow keys, and is a region named
 * by the table's caption, so what they landed on is announced. Every team table goes through here.
 */
export function ScrollingTable({ caption, captionClassName, className, children }: { caption: ReactNode; captionClassName?: string; className?: string; children: ReactNode }) {
  const captionId = useId();
  return (
    // A scrolling box takes the focus so that a keyboard can scroll it (WCAG 2.1.1).
    <div className={styles.tableWrap} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={classNames(styles.table, className)}>
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
