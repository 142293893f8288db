import type { FastifyBaseLogger } from 'fastify';
import { NAME_MESSAGE, ROUND_PROGRAMMES, type CreateRoundBody, type EditRoundBody, type RoundState, type TeamRound, type TeamRoundList } from '../../api/contracts/rounds';
import { programmes, type ReviewedProgrammeKey } from '../../config/programmes';
import { parseAmount } from '../../lib/money';
import { instantOf, localOf } from '../../lib/roundTime';
import type { AuditAction } from '../../lib/team';
import type { LoopTask } from '../pollingLoop';
import type { Database, Queryable } from '../storage/database';
import { recordAudit } from '../team/audit';
import { DEFAULT_REVIEW_CONFIG, type ReviewConfig } from '../../config/review';
import { copyPreviousReview } from './reviewSetup';
import { enqueueRoundEvent } from '../webhooks/outbox';
import { countsByRound, lockProgramme, overlappingRound, readRound, readRounds, roundToShow, stateAt, type StoredRound } from './store';

/**
 * The team's changes to rounds (routes: src/server/team/routes/rounds.ts): create, edit, extend, close now.
 * Each runs in one transaction holding its programme's lock: everything is checked before anything is
 * written (a refusal stores nothing), then the change is audited with the round before and after and
 * announced to the webhooks (round.changed; round.opened or round.closed when its state moved).
 */

export const ROUND_MESSAGES = {
  notFound: 'No encontramos esa convocatoria.',
  nameMissing: NAME_MESSAGE,
  opensInvalid: 'La fecha de apertura no existe: revisa el día y la hora.',
  closesInvalid: 'La fecha de cierre no existe: revisa el día y la hora.',
  closesBeforeOpens: 'La convocatoria debe cerrar después de abrir: revisa las fechas.',
  extendPast: 'La nueva fecha de cierre debe ser posterior a este momento.',
  alreadyClosed: 'Esta convocatoria ya cerró. Para reabrirla, extiéndela.',
  notOpenYet: 'Esta convocatoria todavía no abrió: cambia sus fechas en lugar de cerrarla.',
} as const;

export type RoundRefused = { readonly status: 'refused'; readonly code: 400 | 404; readonly message: string };
const refuse = (message: string, code: 400 | 404 = 400): RoundRefused => ({ status: 'refused', code, message });

type Actor = { readonly email: string };

/** A round's fields as an admin sets them, read into what is stored; or why they cannot be. */
type ResolvedFields = {
  readonly name: string;
  readonly opensAt: Date;
  readonly closesAt: Date | null;
  readonly timezone: EditRoundBody['timezone'];
  readonly graceHours: number;
  readonly budgetMinor: bigint | null;
  readonly budgetCurrency: string | null;
  readonly cap: number | null;
};

function resolveFields(fields: EditRoundBody): ResolvedFields | RoundRefused {
  if (fields.name.trim() === '') return refuse(ROUND_MESSAGES.nameMissing);
  const opensAt = instantOf(fields.opensLocal, fields.timezone);
  if (!opensAt) return refuse(ROUND_MESSAGES.opensInvalid);
  const closesAt = fields.closesLocal === null ? null : instantOf(fields.closesLocal, fields.timezone);
  if (fields.closesLocal !== null && !closesAt) return refuse(ROUND_MESSAGES.closesInvalid);
  if (closesAt && closesAt <= opensAt) return refuse(ROUND_MESSAGES.closesBeforeOpens);
  let budgetMinor: bigint | null = null;
  if (fields.budget) {
    const parsed = parseAmount(fields.budget.amount, fields.budget.currency);
    if (!parsed.ok) return refuse(`Presupuesto: ${parsed.message}`);
    budgetMinor = parsed.minor;
  }
  return { name: fields.name.trim(), opensAt, closesAt, timezone: fields.timezone, graceHours: fields.graceHours, budgetMinor, budgetCurrency: fields.budget?.currency ?? null, cap: fields.cap };
}

const isRefused = (value: object): value is RoundRefused => 'status' in value && value.status === 'refused';

const dayTime = (instant: Date, round: Pick<StoredRound, 'timezone'>): string => `${localOf(instant, round.timezone).replace('T', ' ')} ${round.timezone}`;

function overlapMessage(other: StoredRound): string {
  const span = other.closesAt ? `del ${dayTime(other.opensAt, other)} al ${dayTime(other.closesAt, other)}` : `abierta sin cierre desde el ${dayTime(other.opensAt, other)}`;
  const grace = other.graceHours > 0 ? `, más ${other.graceHours} h de gracia` : '';
  return `Se superpone con la convocatoria «${other.name}» (${span}${grace}). Las convocatorias de un programa no pueden superponerse, contando el período de gracia: cierra o cambia esa primero.`;
}

/** What the audit log keeps of a round, before and after a change. */
function auditedFields(round: StoredRound | null): string {
  if (!round) return '—';
  return JSON.stringify({
    name: round.name,
    opensAt: round.opensAt.toISOString(),
    closesAt: round.closesAt?.toISOString() ?? null,
    timezone: round.timezone,
    graceHours: round.graceHours,
    budget: round.budget,
    cap: round.cap,
  });
}

async function audit(tx: Queryable, actor: Actor, action: AuditAction, before: StoredRound | null, after: StoredRound): Promise<void> {
  await recordAudit(tx, { actor: actor.email, action, target: `convocatoria ${after.id} (${after.programme}) · antes: ${auditedFields(before)} · después: ${auditedFields(after)}` });
}

/**
 * Announces a round's state if it moved since last announced: round.opened on entering open, round.closed on leaving it
 * (or on an upcoming round found already past). The conditional UPDATE lets one transaction only announce a move, even
 * with two servers polling at once.
 */
export async function announceState(tx: Queryable, round: StoredRound, now: Date): Promise<boolean> {
  const state = stateAt(round, now);
  if (state === round.announcedState) return false;
  const updated = await tx.query('UPDATE rounds SET announced_state = $2 WHERE id = $1 AND announced_state IS NOT DISTINCT FROM $3 RETURNING id', [round.id, state, round.announcedState]);
  if (updated.length === 0) return false;
  const previous = round.announcedState;
  if (state === 'open') await enqueueRoundEvent(tx, { roundId: round.id, type: 'round.opened', state, previousState: previous });
  if (state === 'closed' && (previous === 'open' || previous === 'upcoming')) await enqueueRoundEvent(tx, { roundId: round.id, type: 'round.closed', state, previousState: previous });
  return true;
}

/** After a change: audited, round.changed queued, the state announced if it moved. Answers the round as it now is. */
async function afterChange(tx: Queryable, input: { actor: Actor; action: AuditAction; before: StoredRound | null; id: string; now: Date }): Promise<StoredRound> {
  const after = (await readRound(tx, input.id))!;
  await audit(tx, input.actor, input.action, input.before, after);
  const previousState: RoundState | null = input.before ? stateAt(input.before, input.now) : null;
  await enqueueRoundEvent(tx, { roundId: after.id, type: 'round.changed', state: stateAt(after, input.now), previousState });
  await announceState(tx, after, input.now);
  return (await readRound(tx, input.id))!;
}

/** A new round takes its programme's previous round's review set-up (else `review`'s, the running configuration). */
export async function createRound(database: Database, input: { body: CreateRoundBody; actor: Actor; now: Date; review?: ReviewConfig }): Promise<StoredRound | RoundRefused> {
  const fields = resolveFields(input.body);
  if (isRefused(fields)) return fields;
  const { programme } = input.body;
  return database.transaction(async (tx) => {
    await lockProgramme(tx, programme);
    const other = await overlappingRound(tx, { programme, opensAt: fields.opensAt, closesAt: fields.closesAt, graceHours: fields.graceHours });
    if (other) return refuse(overlapMessage(other));
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO rounds (programme, name, opens_at, closes_at, timezone, grace_hours, budget_amount, budget_currency, cap)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
      [programme, fields.name, fields.opensAt, fields.closesAt, fields.timezone, fields.graceHours, fields.budgetMinor?.toString() ?? null, fields.budgetCurrency, fields.cap],
    );
    await copyPreviousReview(tx, { id: row!.id, programme, opensAt: fields.opensAt }, input.review ?? DEFAULT_REVIEW_CONFIG);
    return afterChange(tx, { actor: input.actor, action: 'create-round', before: null, id: row!.id, now: input.now });
  });
}

/** The round a URL names, locked with its programme for a change; or the 404. */
async function lockedRound(tx: Queryable, id: string): Promise<StoredRound | RoundRefused> {
  const found = await readRound(tx, id);
  if (!found) return refuse(ROUND_MESSAGES.notFound, 404);
  await lockProgramme(tx, found.programme);
  return (await readRound(tx, id, { forUpdate: true })) ?? refuse(ROUND_MESSAGES.notFound, 404);
}

async function updateMoments(tx: Queryable, id: string, fields: ResolvedFields): Promise<void> {
  await tx.query(
    `UPDATE rounds SET name = $2, opens_at = $3, closes_at = $4, timezone = $5, grace_hours = $6, budget_amount = $7, budget_currency = $8, cap = $9, updated_at = now()
     WHERE id = $1`,
    [id, fields.name, fields.opensAt, fields.closesAt, fields.timezone, fields.graceHours, fields.budgetMinor?.toString() ?? null, fields.budgetCurrency, fields.cap],
  );
}

export async function editRound(database: Database, input: { id: string; body: EditRoundBody; actor: Actor; now: Date }): Promise<StoredRound | RoundRefused> {
  const fields = resolveFields(input.body);
  return database.transaction(async (tx) => {
    const before = await lockedRound(tx, input.id);
    if (isRefused(before)) return before;
    if (isRefused(fields)) return fields;
    const other = await overlappingRound(tx, { programme: before.programme, opensAt: fields.opensAt, closesAt: fields.closesAt, graceHours: fields.graceHours, exceptId: before.id });
    if (other) return refuse(overlapMessage(other));
    await updateMoments(tx, before.id, fields);
    return afterChange(tx, { actor: input.actor, action: 'edit-round', before, id: before.id, now: input.now });
  });
}

/** Its unchanged fields, with another closing moment. */
const withClose = (round: StoredRound, closesAt: Date | null): ResolvedFields => ({
  name: round.name,
  opensAt: round.opensAt,
  closesAt,
  timezone: round.timezone,
  graceHours: round.graceHours,
  budgetMinor: round.budgetMinor,
  budgetCurrency: round.budget?.currency ?? null,
  cap: round.cap,
});

/** A new closing moment, later than now (and than the opening): reopens a closed round. */
export async function extendRound(database: Database, input: { id: string; closesLocal: string; actor: Actor; now: Date }): Promise<StoredRound | RoundRefused> {
  return database.transaction(async (tx) => {
    const before = await lockedRound(tx, input.id);
    if (isRefused(before)) return before;
    const closesAt = instantOf(input.closesLocal, before.timezone);
    if (!closesAt) return refuse(ROUND_MESSAGES.closesInvalid);
    if (closesAt <= input.now) return refuse(ROUND_MESSAGES.extendPast);
    if (closesAt <= before.opensAt) return refuse(ROUND_MESSAGES.closesBeforeOpens);
    const other = await overlappingRound(tx, { programme: before.programme, opensAt: before.opensAt, closesAt, graceHours: before.graceHours, exceptId: before.id });
    if (other) return refuse(overlapMessage(other));
    await updateMoments(tx, before.id, withClose(before, closesAt));
    return afterChange(tx, { actor: input.actor, action: 'extend-round', before, id: before.id, now: input.now });
  });
}

/** Closes an open round now (its grace period still applies). */
export async function closeRound(database: Database, input: { id: string; actor: Actor; now: Date }): Promise<StoredRound | RoundRefused> {
  return database.transaction(async (tx) => {
    const before = await lockedRound(tx, input.id);
    if (isRefused(before)) return before;
    const state = stateAt(before, input.now);
    if (state === 'closed') return refuse(ROUND_MESSAGES.alreadyClosed);
    if (state === 'upcoming' || before.opensAt >= input.now) return refuse(ROUND_MESSAGES.notOpenYet);
    await updateMoments(tx, before.id, withClose(before, input.now));
    return afterChange(tx, { actor: input.actor, action: 'close-round', before, id: before.id, now: input.now });
  });
}

/** A round as the team reads it, with its counts. */
export function teamRoundOf(round: StoredRound, now: Date, counts: TeamRound['counts'] = { received: 0, inReview: 0, decided: 0 }): TeamRound {
  return {
    id: round.id,
    programme: round.programme,
    name: round.name,
    state: stateAt(round, now),
    opensAt: round.opensAt.toISOString(),
    closesAt: round.closesAt?.toISOString() ?? null,
    opensLocal: localOf(round.opensAt, round.timezone),
    closesLocal: round.closesAt ? localOf(round.closesAt, round.timezone) : null,
    timezone: round.timezone,
    graceHours: round.graceHours,
    budget: round.budget,
    cap: round.cap,
    counts,
    createdAt: round.createdAt.toISOString(),
    updatedAt: round.updatedAt.toISOString(),
  };
}

export async function readTeamRounds(db: Queryable, now: Date): Promise<TeamRoundList> {
  const rounds = await readRounds(db);
  const counts = await countsByRound(db);
  return {
    now: now.toISOString(),
    programmes: ROUND_PROGRAMMES.map((programme: ReviewedProgrammeKey) => {
      const own = rounds.filter((round) => round.programme === programme);
      const shown = roundToShow(own, now);
      return {
        programme,
        name: programmes[programme].name,
        alwaysOpen: shown !== null && shown.closesAt === null && stateAt(shown, now) === 'open',
        rounds: own.map((round) => teamRoundOf(round, now, counts.get(round.id))),
      };
    }),
  };
}

/** How often the server looks for a round whose moment has passed by itself. */
export const ANNOUNCE_EVERY_MS = 15_000;

/**
 * The background task that notices a round open or close by itself (its moment passed) and announces it once
 * (announceState): one round a call, until none is left to announce.
 */
export function roundAnnouncerTask(deps: { database: Database; now: () => Date; log: FastifyBaseLogger; everyMs?: number }): LoopTask {
  return {
    everyMs: deps.everyMs ?? ANNOUNCE_EVERY_MS,
    log: deps.log,
    failureMessage: 'round announcer failed; retrying',
    handleNext: async () => {
      const now = deps.now();
      const due = (await readRounds(deps.database)).filter((round) => stateAt(round, now) !== round.announcedState);
      for (const round of due) {
        const announced = await deps.database.transaction((tx) => announceState(tx, round, now));
        if (announced) return true;
      }
      return false;
    },
  };
}
