import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/Button';
import styles from './DraftNotice.module.css';

const savedAtFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** 'on 29 Nov 2026, 09:48' in the visitor's time zone, or nothing for a draft kept before drafts had a date. */
export function savedAtWords(savedAt: string | null): string {
  return savedAt ? ` (saved on ${savedAtFormat.format(new Date(savedAt))})` : '';
}

/**
 * Shown when a saved draft was put back into the form, with when it was saved (two tabs of one form
 * share one draft: the tab written last wins); the applicant may throw it away with one press.
 */
export function DraftNotice({ savedAt, onDiscard, focusRef, children }: { savedAt: string | null; onDiscard: () => void; focusRef?: Ref<HTMLParagraphElement>; children?: ReactNode }) {
  return (
    <div role="status" className={styles.notice}>
      <p ref={focusRef} tabIndex={-1} className={styles.text}>
        We restored the draft you left in this browser{savedAtWords(savedAt)}. Check your answers before you submit. If this form is open in
        another tab, the tab you typed in last is the draft that is kept.
        {children}
      </p>
      <Button type="button" variant="outline" size="small" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}

/** What a discarded draft leaves: an empty form, said where the focus lands (the button that had it is gone). */
export function DraftDiscarded({ focusRef }: { focusRef: Ref<HTMLParagraphElement> }) {
  return (
    <div role="status" className={styles.notice}>
      <p ref={focusRef} tabIndex={-1} className={styles.text}>
        Draft discarded: the form is empty and nothing is kept in this browser.
      </p>
    </div>
  );
}
