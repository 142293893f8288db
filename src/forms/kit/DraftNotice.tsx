import { Button } from '@/components/Button';
import styles from './DraftNotice.module.css';

/** Shown when a saved draft was put back into the form; the applicant may throw it away. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div role="status" className={styles.notice}>
      <p className={styles.text}>
        We restored the draft you left in this browser. Check your answers before you submit.
      </p>
      <Button type="button" variant="outline" size="small" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}
