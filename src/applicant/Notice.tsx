import type { ReactNode } from 'react';
import { Notice as PageNotice, type NoticeTone } from '@/components/Notice';
import { classNames } from '@/lib/classNames';
import styles from './applicant.module.css';

/** A result in the applicant portal (src/components/Notice.tsx: errors are alerts that take the focus). */
export function Notice({ tone, children, focus }: { tone: NoticeTone; children: ReactNode; focus?: boolean }) {
  return (
    <PageNotice tone={tone} focus={focus} className={classNames(styles.notice, tone !== 'info' && styles[tone])}>
      {children}
    </PageNotice>
  );
}
