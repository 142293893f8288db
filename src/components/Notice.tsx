import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';

export type NoticeTone = 'error' | 'info' | 'success';

/**
 * A result in the page, styled by its caller (the team pages and the applicant portal have their
 * own look). Errors are alerts and take the focus when they appear, so a keyboard or screen-reader
 * user lands on the outcome of what they just did; the others are polite status messages.
 */
export function Notice({ tone, children, className, focus = tone === 'error' }: { tone: NoticeTone; children: ReactNode; className: string; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} tabIndex={-1} role={tone === 'error' ? 'alert' : 'status'} className={className}>
      {children}
    </div>
  );
}
