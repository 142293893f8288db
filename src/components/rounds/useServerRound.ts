import { useEffect, useRef } from 'react';
import type { ReviewedProgrammeKey } from '@/config/programmes';
import { loadPublicRounds, roundOf, serverNow } from '@/lib/publicRounds';
import type { ServerRound } from '@/lib/roundWords';

/**
 * Calls `follow` once with a programme's round as the server publishes it now (and the server's
 * clock), after the page has shown the build's state. Nothing happens when the server cannot be
 * asked, answers late or names no round: the page keeps what it was built with.
 */
export function useServerRound(programme: ReviewedProgrammeKey, follow: (round: ServerRound, now: Date) => void): void {
  const latest = useRef(follow);
  useEffect(() => {
    latest.current = follow;
  });
  useEffect(() => {
    let live = true;
    void loadPublicRounds().then((answer) => {
      const round = answer && roundOf(answer, programme);
      if (live && answer && round) latest.current(round, serverNow(answer));
    });
    return () => {
      live = false;
    };
  }, [programme]);
}
