import type { ReactNode } from 'react';
import { Notice as PageNotice, type NoticeTone } from '@/components/Notice';
import { classNames } from '@/lib/classNames';
import styles from './team.module.css';

/** A result on a team page (src/components/Notice.tsx: errors are alerts that take the focus). */
export function Notice({ tone, children, focus }: { tone: NoticeTone; children: ReactNode; focus?: boolean }) {
  return (
    <PageNotice tone={tone} focus={focus} className={classNames(styles.notice, styles[tone])}>
      {children}
    </PageNotice>
  );
}

/**
 * The outcome of a team action, success or failure, which takes the focus when it appears: the
 * button that was pressed is disabled while the action runs, or gone once it is done, and focus
 * would otherwise fall to the page body (WCAG 2.4.3). Every panel shows its outcome through this.
 */
export function ActionNotice({ outcome }: { outcome: { tone: NoticeTone; text: ReactNode } | null }) {
  return outcome ? (
    <Notice tone={outcome.tone} focus>
      {outcome.text}
    </Notice>
  ) : null;
}
