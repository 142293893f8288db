/**
 * Applicants' data rights in the team area (admin only): find, export and erase by email. The
 * address travels in a POST body, never in a URL, so it reaches no log. Whether it is an email is
 * checked by the route with the forms' own rule (after trimming), so it matches what was stored.
 */
import { Type, type Static } from 'typebox';
import { Text } from './common';

export const DATA_RIGHTS_MESSAGES = {
  badEmail: 'Escribe un correo electrónico válido.',
  confirm: 'Para borrar, repite el correo en "confirm".',
} as const;

const Email = Text({ errorMessage: DATA_RIGHTS_MESSAGES.badEmail });

export const DataRightsBody = Type.Object({ email: Email }, { additionalProperties: false, errorMessage: { required: { email: DATA_RIGHTS_MESSAGES.badEmail } } });
export type DataRightsBody = Static<typeof DataRightsBody>;

/** The address twice: a mistyped one must not erase someone else's data by accident. */
export const EraseBody = Type.Object(
  { email: Email, confirm: Text({ errorMessage: DATA_RIGHTS_MESSAGES.confirm }) },
  { additionalProperties: false, errorMessage: { required: { email: DATA_RIGHTS_MESSAGES.badEmail, confirm: DATA_RIGHTS_MESSAGES.confirm } } },
);
export type EraseBody = Static<typeof EraseBody>;

const count = Type.Integer();

/** How many records of each kind hold the address (audit mentions stay on erasure). */
export const RecordCounts = Type.Object({
  submissions: count,
  files: count,
  statusHistory: count,
  notes: count,
  decisionEmails: count,
  grantees: count,
  financeVersions: count,
  newsletter: count,
  emails: count,
  webhooks: count,
  auditMentions: count,
});
export type RecordCounts = Static<typeof RecordCounts>;

export const FindResult = Type.Object({ counts: RecordCounts, references: Type.Array(Type.String()) });
export type FindResult = Static<typeof FindResult>;

export const EraseResult = Type.Object({ counts: RecordCounts });
export type EraseResult = Static<typeof EraseResult>;
