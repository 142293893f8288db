import type { RoundNoticeCopy } from '@/content/rounds';
import { ActionLink } from './ActionLink';
import styles from './RoundClosed.module.css';

/** What an apply page shows instead of its form while its round is closed or not yet open: the notice and whom to write to. */
export function RoundClosed({ notice }: { notice: RoundNoticeCopy }) {
  return (
    <section aria-labelledby="round-notice-heading" className={styles.notice}>
      <h2 id="round-notice-heading" className={styles.title}>
        {notice.title}
      </h2>
      <p className={styles.text}>{notice.text}</p>
      <p className={styles.text}>
        Si tienes preguntas, escríbenos a <a href={`mailto:${notice.contactEmail}`}>{notice.contactEmail}</a>.
      </p>
      <div className={styles.action}>
        <ActionLink link={notice.programmeLink} />
      </div>
    </section>
  );
}
