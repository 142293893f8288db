/**
 * The team's order of a programme's rounds and its "current" round, one rule for the team's pages and the server's
 * `round=current` filter. Moments are ISO 8601 strings, so they compare as text.
 */
import type { RoundState } from '../api/contracts/rounds';

type OrderedRound = { readonly state: RoundState; readonly opensAt: string | null };

/** The order rounds are listed in: the open ones, then the upcoming (soonest first), then the past (latest first). */
export function orderedRounds<T extends OrderedRound>(rounds: readonly T[]): T[] {
  const opening = (round: T) => round.opensAt ?? '';
  const byState = (state: RoundState) => rounds.filter((round) => round.state === state);
  return [
    ...byState('open'),
    ...byState('upcoming').sort((a, b) => opening(a).localeCompare(opening(b))),
    ...byState('closed').sort((a, b) => opening(b).localeCompare(opening(a))),
  ];
}

/**
 * The round a programme's lists show first: the open one, else the last that opened (its applications are
 * still being reviewed), else the next to open; null when the programme has none.
 */
export function currentRound<T extends OrderedRound>(rounds: readonly T[]): T | null {
  const ordered = orderedRounds(rounds);
  return ordered.find((round) => round.state === 'open') ?? ordered.find((round) => round.state === 'closed') ?? ordered[0] ?? null;
}
