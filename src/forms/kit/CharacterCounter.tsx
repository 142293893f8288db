import { useEffect, useState } from 'react';
import { classNames } from '@/lib/classNames';
import { groupThousands } from '@/lib/groupThousands';
import { countOf, pluralWord } from '@/lib/plural';
import styles from './Field.module.css';

/** Share of the cap after which the counter speaks up: quiet typing should not chatter. */
const ANNOUNCE_FROM = 0.9;
/** At most one announcement this often, so a screen reader is not flooded while the applicant types. */
const ANNOUNCE_EVERY_MS = 1500;

/** The page's language: the public forms read in English, the applicant portal in Spanish. */
export type CounterLanguage = 'en' | 'es';

const WORDS = {
  en: { characters: { one: 'character', other: 'characters' }, over: 'over the limit of', left: { one: 'left', other: 'left' }, separator: ',' },
  es: { characters: { one: 'carácter', other: 'caracteres' }, over: 'por encima del límite de', left: { one: 'disponible', other: 'disponibles' }, separator: '.' },
} as const;

function announcementFor(length: number, max: number, language: CounterLanguage): string {
  const words = WORDS[language];
  if (length > max) return `${countOf(length - max, words.characters, language)} ${words.over} ${groupThousands(max, words.separator)}.`;
  if (length >= Math.floor(max * ANNOUNCE_FROM)) return `${countOf(max - length, words.characters, language)} ${pluralWord(max - length, words.left, language)}.`;
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
export function CharacterCounter({ id, length, max, language = 'en' }: { id: string; length: number; max: number; language?: CounterLanguage }) {
  const over = length > max;
  const words = WORDS[language];
  const announcement = useThrottled(announcementFor(length, max, language), ANNOUNCE_EVERY_MS);
  return (
    <div className={styles.counter}>
      <span id={id} className={classNames(styles.count, over && styles.countOver)}>
        {groupThousands(length, words.separator)} / {groupThousands(max, words.separator)}
        <span className="sr-only"> {words.characters.other}</span>
      </span>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
