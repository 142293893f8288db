import { ROUND_FILTER_ALL, ROUND_FILTER_CURRENT } from '../../api/contracts/common';
import { ROUND_PROGRAMMES } from '../../api/contracts/rounds';
import { currentRound } from '../../lib/roundOrder';
import type { Queryable } from '../storage/database';
import { readRounds, stateAt } from './store';

/** The rounds a list keeps: their ids (submissions.round_id), or null for every round. */
export type RoundScope = readonly string[] | null;

/**
 * What a list's `round` asks for: nothing or `all` → every round; `current` → each programme's current round (the
 * team's rule, src/lib/roundOrder.ts: the open one, else the last that opened, else the next); an id → that round.
 */
export async function roundScope(db: Queryable, round: string | undefined, now: Date): Promise<RoundScope> {
  if (!round || round === ROUND_FILTER_ALL) return null;
  if (round !== ROUND_FILTER_CURRENT) return [round];
  const rounds = (await readRounds(db)).map((stored) => ({ id: stored.id, programme: stored.programme, state: stateAt(stored, now), opensAt: stored.opensAt.toISOString() }));
  return ROUND_PROGRAMMES.flatMap((programme) => currentRound(rounds.filter((round) => round.programme === programme))?.id ?? []);
}
