import type { BannerCopy } from '@/content/types';
import styles from './BannerNote.module.css';

/** The highlighted announcement under a banner's lead, in its own language when that is not Spanish. */
export function BannerNote({ note }: { note: NonNullable<BannerCopy['note']> }) {
  return (
    <p lang={note.lang} className={styles.note} data-light={note.light}>
      {note.text}
    </p>
  );
}
