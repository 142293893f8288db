import type { FastifyInstance } from 'fastify';
import { endpoints } from '../api/endpoints';
import { rounds as configuredRounds, type ProgrammeKey, type RoundDates } from '../config/programmes';
import { roundClosedSentence, roundContact } from '../lib/rounds';
import { sendError } from './http';

/** The endpoints of the two grant rounds, by the programme whose dates decide. */
const ROUND_ENDPOINTS: ReadonlyMap<string, ProgrammeKey> = new Map([
  [endpoints.academicGrants.path, 'academic-grants'],
  [endpoints.devconGrants.path, 'devcon-grants'],
]);

export const ROUND_CLOSED_STATUS = 403;

/**
 * Outside a round's dates its endpoint answers 403 with the apply page's own sentence and the
 * contact address, before a byte of the body is read: nothing is validated, stored or mailed.
 * The dates are checked at each request, so the round closes on time whatever the last build said.
 */
export function registerRoundGuard(
  app: FastifyInstance,
  deps: { readonly rounds?: Readonly<Partial<Record<ProgrammeKey, RoundDates>>>; readonly now?: () => Date } = {},
): void {
  const rounds = deps.rounds ?? configuredRounds;
  const now = deps.now ?? (() => new Date());
  app.addHook('onRequest', async (request, reply) => {
    const programme = ROUND_ENDPOINTS.get(request.routeOptions.url ?? '');
    if (!programme) return;
    const sentence = roundClosedSentence(programme, rounds[programme] ?? {}, now());
    if (sentence === null) return;
    // The body is never read: close rather than drain it.
    reply.header('connection', 'close');
    await sendError(request, reply, ROUND_CLOSED_STATUS, `${sentence} Si tienes preguntas, escribe a ${roundContact(programme)}.`);
  });
}
