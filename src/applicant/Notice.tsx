import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { classNames } from '@/lib/classNames';
import styles from './applicant.module.css';

/**
 * A result in the page. Errors are alerts; the others polite status messages. With `focus` (the
 * default for errors) it takes the focus when it appears, so a keyboard or screen-reader user lands
 * on the outcome of what they just did.
 */
export function Notice({ tone, children, focus = tone === 'error' }: { tone: 'error' | 'info' | 'success'; children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} tabIndex={-1} role={tone === 'error' ? 'alert' : 'status'} className={classNames(styles.notice, tone !== 'info' && styles[tone])}>
      {children}
    </div>
  );
}
