/**
 * Pieces the team's route contracts share: an application's reference in the URL, its review
 * status, a member reference and the labelled answers of a form.
 */
import { Type, type Static, type TStringOptions } from 'typebox';
import { DISALLOWED_TEXT_CLASS, DISALLOWED_TEXT_MESSAGE_ES } from '../../forms/definitions/validate';
import type { ProgrammeKey } from '../../config/programmes';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import { ROLES } from '../../lib/team';

/** `/applications/:id`: any string; a reference that does not parse is answered 404, like a missing one. */
export const ReferenceParams = Type.Object({ id: Type.String() });
export type ReferenceParams = Static<typeof ReferenceParams>;

export const Status = Type.Enum(APPLICATION_STATUSES);

export const RoleField = Type.Enum(ROLES);

/** A form key in an answer (the server only sends its own keys). */
export const FormKeyField = Type.Unsafe<ProgrammeKey>(Type.String());

export const MemberRef = Type.Object({ id: Type.String(), email: Type.String() });
export type MemberRef = Static<typeof MemberRef>;

/** Answers come labelled and in section order from the server, which reads the form definitions. */
export const AnswerSection = Type.Object({
  title: Type.String(),
  answers: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), value: Type.String() })),
});
export type AnswerSection = Static<typeof AnswerSection>;

/** An ISO 8601 moment as the server writes it (`Date#toISOString`). */
export const Moment = Type.String();

/** Routes that take no input still get a JSON body (`{}`): whatever it holds is dropped. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/**
 * Every text a route takes: a string without the characters no field may hold (the forms' rule,
 * isAllowedText), refused with the Spanish message that says how to fix it; any other fault of the
 * value (length, pattern, type) with the field's own `errorMessage`.
 */
export function Text(options: TStringOptions & { errorMessage?: string } = {}) {
  const { errorMessage, ...rest } = options;
  return Type.String({
    ...rest,
    not: { type: 'string', pattern: DISALLOWED_TEXT_CLASS },
    errorMessage: errorMessage === undefined ? { not: DISALLOWED_TEXT_MESSAGE_ES } : { not: DISALLOWED_TEXT_MESSAGE_ES, _: errorMessage },
  });
}

/**
 * The lists' round filter: a round's id, `current` for each programme's current round (the default of the lists
 * that span programmes), or `all` (and empty, or absent) for every round.
 */
export const ROUND_FILTER_ALL = 'all';
export const ROUND_FILTER_CURRENT = 'current';
export const RoundFilter = Type.String({
  pattern: `^(?:|${ROUND_FILTER_ALL}|${ROUND_FILTER_CURRENT}|[1-9]\\d{0,17})$`,
  errorMessage: 'La convocatoria debe ser all, current o el número de una convocatoria.',
});
