/**
 * The rounds' public state as the server gives it now (GET /api/rounds), fetched once per page load
 * and shared by every part of the page that asks. A failure, an answer that does not read as the
 * contract says, or one slower than a few seconds resolves to null: the page keeps the state it was
 * built with and shows no error for it. The answer's `Date` header gives the server's clock; the
 * visitor's clock only measures the time elapsed since.
 */
import type { PublicRound, PublicRounds } from '../api/contracts/rounds';
import type { ReviewedProgrammeKey } from '../config/programmes';
import { fetchPublicJson } from './publicJson';

export const PUBLIC_ROUNDS_PATH = '/api/rounds';
/** Past this the page keeps the build's state: a late swap is worse than a stale one. */
export const PUBLIC_ROUNDS_TIMEOUT_MS = 4000;

export type RoundsAnswer = {
  readonly programmes: PublicRounds['programmes'];
  /** The server's clock minus the visitor's, when the answer arrived (0 without a Date header). */
  readonly clockOffsetMs: number;
};

let pending: Promise<RoundsAnswer | null> | undefined;

function readsAsContract(body: unknown): body is PublicRounds {
  if (!body || typeof body !== 'object' || !Array.isArray((body as PublicRounds).programmes)) return false;
  return (body as PublicRounds).programmes.every(
    (entry) =>
      entry && typeof entry.programme === 'string' && (entry.round === null || (typeof entry.round === 'object' && ['upcoming', 'open', 'closed'].includes(entry.round.state))),
  );
}

async function fetchRounds(): Promise<RoundsAnswer | null> {
  // Revalidated with the ETag (fetchPublicJson), so a 304 still brings a fresh Date header: the server's clock.
  const answer = await fetchPublicJson(PUBLIC_ROUNDS_PATH, PUBLIC_ROUNDS_TIMEOUT_MS, readsAsContract);
  if (!answer) return null;
  const serverDate = Date.parse(answer.response.headers.get('date') ?? '');
  return { programmes: answer.body.programmes, clockOffsetMs: Number.isNaN(serverDate) ? 0 : serverDate - Date.now() };
}

/** The answer for this page load: the first call fetches, later calls share it. */
export function loadPublicRounds(): Promise<RoundsAnswer | null> {
  pending ??= fetchRounds();
  return pending;
}

/** One programme's round in the answer (null when the server names none). */
export function roundOf(answer: RoundsAnswer, programme: ReviewedProgrammeKey): PublicRound['round'] {
  return answer.programmes.find((entry) => entry.programme === programme)?.round ?? null;
}

/** The server's time now, from the answer's Date header and the time elapsed since. */
export function serverNow(answer: RoundsAnswer): Date {
  return new Date(Date.now() + answer.clockOffsetMs);
}

/** Tests only: the next call fetches again, as a new page load would. */
export function forgetPublicRounds(): void {
  pending = undefined;
}
