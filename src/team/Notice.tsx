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
