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

/** What an action ends with: its tone and what to tell the person. */
export type Outcome = { tone: NoticeTone; text: ReactNode };

/**
 * An area's notices (the team pages', the applicant portal's), styled by `toneClass`:
 * - `Notice`, a result in the page (errors are alerts that take the focus);
 * - `ActionNotice`, the outcome of an action, success or failure, which takes the focus when it
 *   appears: the button that was pressed is disabled while the action runs, or gone once it is
 *   done, and focus would otherwise fall to the page body (WCAG 2.4.3). Every panel shows its
 *   outcome through it;
 * - `LoadFailure`, what a page or a section could not load: an alert, read out, that never takes the
 *   focus, since nobody asked for it: the person may be typing elsewhere on the page (WCAG 3.2.2).
 */
export function areaNotices(toneClass: (tone: NoticeTone) => string) {
  function AreaNotice({ tone, children, focus }: { tone: NoticeTone; children: ReactNode; focus?: boolean }) {
    return (
      <Notice tone={tone} focus={focus} className={toneClass(tone)}>
        {children}
      </Notice>
    );
  }
  function ActionNotice({ outcome }: { outcome: Outcome | null }) {
    return outcome ? (
      <AreaNotice tone={outcome.tone} focus>
        {outcome.text}
      </AreaNotice>
    ) : null;
  }
  function LoadFailure({ children }: { children: ReactNode }) {
    return (
      <AreaNotice tone="error" focus={false}>
        {children}
      </AreaNotice>
    );
  }
  return { Notice: AreaNotice, ActionNotice, LoadFailure };
}
