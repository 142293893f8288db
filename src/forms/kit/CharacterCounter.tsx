import { useEffect, useState } from 'react';
import { classNames } from '@/lib/classNames';
import { groupThousands } from '@/lib/groupThousands';
import { countOf } from '@/lib/plural';
import styles from './Field.module.css';

/** Share of the cap after which the counter speaks up: quiet typing should not chatter. */
const ANNOUNCE_FROM = 0.9;
/** At most one announcement this often, so a screen reader is not flooded while the applicant types. */
const ANNOUNCE_EVERY_MS = 1500;

const CHARACTERS = { one: 'character', other: 'characters' } as const;

function announcementFor(length: number, max: number): string {
  if (length > max) return `${countOf(length - max, CHARACTERS, 'en')} over the limit of ${max}.`;
  if (length >= Math.floor(max * ANNOUNCE_FROM)) return `${countOf(max - length, CHARACTERS, 'en')} left.`;
  return '';
}

/** The latest value, updated at most once per interval (the last change always lands). */
function useThrottled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const [lastShownAt, setLastShownAt] = useState(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = Math.max(0, lastShownAt + intervalMs - Date.now());
    const timer = setTimeout(() => {
      setShown(value);
      setLastShownAt(Date.now());
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, lastShownAt, intervalMs]);
  return shown;
}

/**
 * "123 / 255" under a capped field. The visible count is not a live region (it would speak at every
 * keystroke); a separate polite region speaks, throttled, only near and over the cap.
 */
export function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  const announcement = useThrottled(announcementFor(length, max), ANNOUNCE_EVERY_MS);
  return (
    <div className={styles.counter}>
      <span id={id} className={classNames(styles.count, over && styles.countOver)}>
        {groupThousands(length, ',')} / {groupThousands(max, ',')}
        <span className="sr-only"> characters</span>
      </span>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
