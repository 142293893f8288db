import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { classNames } from '@/lib/classNames';
import styles from './team.module.css';

/**
 * A message in the page: errors are alerts and take the focus when they appear (so a keyboard or
 * screen-reader user lands on what went wrong); other notices are polite status messages.
 */
export function Notice({ tone, children, focus = tone === 'error' }: { tone: 'error' | 'info' | 'success'; children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} tabIndex={-1} role={tone === 'error' ? 'alert' : 'status'} className={classNames(styles.notice, styles[tone])}>
      {children}
    </div>
  );
}
