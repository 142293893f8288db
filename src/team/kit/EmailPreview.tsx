import type { ReactNode, RefObject } from 'react';
import styles from '../team.module.css';

/**
 * An email shown exactly as it will go, before it is sent: a region named by `label` that takes the
 * focus when it appears (useFocusNext), its recipient when the page knows it, subject and body, and
 * below them the buttons to send it or go back (ConfirmRow).
 */
export function EmailPreview({ label, to, subject, body, regionRef, children }: { label: string; to?: string; subject: string; body: string; regionRef: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  return (
    <div ref={regionRef} tabIndex={-1} className={styles.emailPreview} role="region" aria-label={label}>
      <dl className={styles.emailHeaders}>
        {to !== undefined ? (
          <div>
            <dt>Para</dt>
            <dd className={styles.breakAnywhere}>{to}</dd>
          </div>
        ) : null}
        <div>
          <dt>Asunto</dt>
          <dd>{subject}</dd>
        </div>
      </dl>
      <pre className={styles.emailBody}>{body}</pre>
      {children}
    </div>
  );
}
