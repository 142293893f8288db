import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../api/endpoints';
import { isReviewedProgramme, programmes, type ReviewedProgrammeKey } from '../../config/programmes';
import { roundContact, storedRoundSentence } from '../../lib/rounds';
import { sendError } from '../http';
import type { Queryable } from '../storage/database';
import { acceptingRound, readRounds, roundToShow, stateAt, type StoredRound } from './store';

/**
 * The server chooses the round of every application (never the client): the programme's round that
 * has opened and is not past its close plus grace. Outside every round the form's endpoint answers 403
 * with the apply page's sentence and whom to write to, before a byte of the body is read; the choice is
 * made again, holding the round's row, in the transaction that stores the application (the cap counted there).
 */

export const ROUND_CLOSED_STATUS = 403;

/** A refusal of an application by its round: nothing is stored. */
export class RoundRefusal extends Error {
  readonly statusCode = ROUND_CLOSED_STATUS;
}

const withContact = (programme: ReviewedProgrammeKey, sentence: string): string => `${sentence} Si tienes preguntas, escribe a ${roundContact(programme)}.`;

/** Why the programme takes no application at `now`: the next round's opening, else the last one's close. */
export async function refusalOf(db: Queryable, programme: ReviewedProgrammeKey, now: Date): Promise<string> {
  const shown = roundToShow(await readRounds(db, 'r.programme = $1', [programme]), now);
  const moments = shown === null ? null : { state: stateAt(shown, now), opensAt: shown.opensAt, closesAt: shown.closesAt, timezone: shown.timezone };
  // A round shown as open always accepts; the sentence for one is never needed, but say something true.
  return withContact(programme, storedRoundSentence(programme, moments) ?? `La convocatoria de ${programmes[programme].name} no recibe solicitudes por ahora.`);
}

/** Any constant: with the round, the advisory lock under which a capped round's applications are counted one at a time. */
const ROUND_CAP_LOCK_KEY = 727_020;

/**
 * The round an application of `programme` joins, holding its row (share) until the transaction ends, so that it is
 * not changed meanwhile; a RoundRefusal when none accepts one now or the cap is reached. Applications to a round
 * without a cap are stored side by side; those to a capped round take turns (the cap's lock, held until commit), so
 * each counts every earlier one.
 */
export async function roundForApplication(tx: Queryable, programme: ReviewedProgrammeKey, now: Date): Promise<StoredRound> {
  const round = await acceptingRound(tx, programme, now, { lock: true });
  if (!round) throw new RoundRefusal(await refusalOf(tx, programme, now));
  if (round.cap !== null) {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ROUND_CAP_LOCK_KEY, round.id]);
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions WHERE round_id = $1', [round.id]);
    if (row!.n >= round.cap) {
      throw new RoundRefusal(withContact(programme, `La convocatoria de ${programmes[programme].name} alcanzó el máximo de solicitudes y ya no recibe más.`));
    }
  }
  return round;
}

/** The form endpoints of the five programmes that take applications (payment details belong to no round). */
const APPLICATION_ENDPOINTS: ReadonlyMap<string, ReviewedProgrammeKey> = new Map([
  [endpoints.officeHours.path, 'office-hours'],
  [endpoints.projectGrants.path, 'project-grants'],
  [endpoints.smallGrantsProject.path, 'small-grants'],
  [endpoints.smallGrantsEvent.path, 'small-grants'],
  [endpoints.academicGrants.path, 'academic-grants'],
  [endpoints.devconGrants.path, 'devcon-grants'],
]);

/** Outside every round of its programme a form endpoint answers 403 before reading the body: nothing is validated, stored or mailed. */
export function registerRoundGuard(app: FastifyInstance, deps: { readonly database: Queryable; readonly now: () => Date }): void {
  app.addHook('onRequest', async (request, reply) => {
    const programme = APPLICATION_ENDPOINTS.get(request.routeOptions.url ?? '');
    if (!programme || request.method !== 'POST' || !isReviewedProgramme(programme)) return;
    const now = deps.now();
    if (await acceptingRound(deps.database, programme, now)) return;
    // The body is never read: close rather than drain it.
    reply.header('connection', 'close');
    await sendError(request, reply, ROUND_CLOSED_STATUS, await refusalOf(deps.database, programme, now));
  });
}
