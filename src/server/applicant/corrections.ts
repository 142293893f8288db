import type { ApplicationVersions, AnswerChange, CorrectionRefused, CorrectionValues, OpenedCorrection, OpenFields } from '../../api/contracts/revisions';
import { OPEN_WHOLE_APPLICATION } from '../../api/contracts/revisions';
import { formDefinitions } from '../../forms/definitions';
import { correctableFields, isCorrectable } from '../../forms/definitions/corrections';
import type { FieldDefinition, FormKey, WirePayload } from '../../forms/definitions/types';
import { validateForm } from '../../forms/definitions/validate';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import type { Queryable } from '../storage/database';
import { answersBySection } from '../team/applications';
import { HIDDEN_ANSWER, hidesIdentity, identifyingFields, type BlindContext } from '../team/blind';

/**
 * Corrections and versions of an application (issue 52, migration 23). "Pedir información" may open answers
 * for correction; the applicant corrects them with their answer, checked with the form definition's own rules
 * and messages (the browser's form runs the same ones), and the correction becomes version n+1: the submission
 * row then holds it (every reader of the answers reads the current version) and application_versions keeps
 * every version whole, version 1 being the application as sent.
 */

const iso = (value: Date | string): string => new Date(value).toISOString();

export const CORRECTION_MESSAGES = {
  unknownField: (name: string) => `«${name}» no es una respuesta de este formulario.`,
  fileField: 'El archivo no se abre para corrección: quien postula puede adjuntar uno nuevo con su respuesta.',
  emailField: 'El correo no se abre para corrección: es la dirección con la que quien postula entra a su solicitud.',
  unreadable: 'No pudimos leer la corrección. Vuelve a intentarlo.',
  notOpened: (label: string) => `No puedes cambiar «${label}»: el equipo no abrió esa respuesta para corrección.`,
  dependsOn: (label: string) => `Con ese cambio también cambiaría «${label}», que el equipo no abrió para corrección. Explícalo en tu respuesta.`,
} as const;

/* ---------- Opening answers ---------- */

export type OpenedFields = { readonly fields: readonly string[]; readonly wholeApplication: boolean };

/**
 * The answers a request opens, resolved against the form (the whole application to its correctable fields, in
 * the form's order); null for a question only (absent, or an empty list); a Spanish refusal naming the field
 * that cannot be opened.
 */
export function resolveOpenFields(form: FormKey, openFields: OpenFields | undefined): OpenedFields | null | { readonly refused: string } {
  const definition = formDefinitions[form];
  if (openFields === undefined || (Array.isArray(openFields) && openFields.length === 0)) return null;
  if (openFields === OPEN_WHOLE_APPLICATION) return { fields: correctableFields(definition).map((field) => field.name), wholeApplication: true };
  for (const name of openFields) {
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (!field || field.kind === 'captcha') return { refused: CORRECTION_MESSAGES.unknownField(name) };
    if (field.kind === 'file') return { refused: CORRECTION_MESSAGES.fileField };
    if (!isCorrectable(field)) return { refused: CORRECTION_MESSAGES.emailField };
  }
  const asked = new Set(openFields);
  return { fields: definition.fields.filter((field) => asked.has(field.name)).map((field) => field.name), wholeApplication: false };
}

/** The stored columns of a request as the contract reads them (null for a question only). */
export const openedCorrectionOf = (fields: readonly string[] | null, wholeApplication: boolean): OpenedCorrection | null =>
  fields === null ? null : { fields: [...fields], wholeApplication };

/** The form labels of some of its fields, in the order given (emails name answers by the labels the applicant saw). */
export const labelsOf = (form: FormKey, names: readonly string[]): string[] => names.map((name) => labelOf(formDefinitions[form].fields, name));

const labelOf = (fields: readonly FieldDefinition[], name: string): string => fields.find((field) => field.name === name)?.label ?? name;

/* ---------- Correcting ---------- */

/** The `corrections` part: a JSON object of strings, or null when it cannot be read as one. */
export function parseCorrections(text: string): CorrectionValues | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  return entries.every(([, value]) => typeof value === 'string') ? (Object.fromEntries(entries) as CorrectionValues) : null;
}

export type CorrectionPlan =
  | { readonly status: 'refused'; readonly body: CorrectionRefused }
  | { readonly status: 'unchanged' }
  | { readonly status: 'changed'; readonly payload: WirePayload; readonly changed: readonly string[] };

/**
 * The version a correction makes of `payload`, checked, before anything is stored:
 * - a field the request did not open is refused, whatever its value;
 * - the opened fields, merged into the current values, must pass the form's rules (its own messages);
 * - no answer that was not opened may change as a result (a choice that shows or hides another answer);
 * - the new payload is the current one with the opened answers replaced by their canonical form (toPayload),
 *   every other stored key kept exactly as it was.
 */
export function planCorrection(form: FormKey, payload: WirePayload, opened: readonly string[], corrections: CorrectionValues): CorrectionPlan {
  const definition = formDefinitions[form];
  const open = new Set(opened);
  for (const name of Object.keys(corrections)) {
    if (!open.has(name)) return { status: 'refused', body: { error: CORRECTION_MESSAGES.notOpened(labelOf(definition.fields, name)) } };
  }
  const before = definition.fromPayload(payload);
  const after = { ...before, ...corrections };
  const errors = Object.fromEntries(Object.entries(validateForm(definition, after)).filter(([name]) => open.has(name)));
  const first = Object.keys(errors)[0];
  if (first !== undefined) return { status: 'refused', body: { error: errors[first]!, fields: errors } };
  const oldCanonical = definition.toPayload(before);
  const newCanonical = definition.toPayload(after);
  const differs = (name: string) => oldCanonical[name] !== newCanonical[name];
  const knock = definition.fields.find((field) => !open.has(field.name) && field.kind !== 'captcha' && differs(field.name));
  if (knock) return { status: 'refused', body: { error: CORRECTION_MESSAGES.dependsOn(knock.label) } };
  const changed = definition.fields.filter((field) => open.has(field.name) && differs(field.name)).map((field) => field.name);
  if (changed.length === 0) return { status: 'unchanged' };
  const next: WirePayload = { ...payload };
  for (const name of changed) {
    const value = newCanonical[name];
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return { status: 'changed', payload: next, changed };
}

/**
 * Stores version n+1 of a submission locked by the caller: version 1 first if this is the first correction (the
 * submission's payload, untouched until now), then the new version, then the submission row takes it. Answers n+1.
 */
export async function storeVersion(tx: Queryable, input: { readonly submissionId: string; readonly responseId: string; readonly payload: WirePayload }): Promise<number> {
  await tx.query(
    `INSERT INTO application_versions (submission_id, version, payload, created_at)
     SELECT id, 1, payload, created_at FROM submissions WHERE id = $1 ON CONFLICT (submission_id, version) DO NOTHING`,
    [input.submissionId],
  );
  const [row] = await tx.query<{ version: number }>(
    'UPDATE submissions SET payload = $2, version = version + 1 WHERE id = $1 RETURNING version',
    [input.submissionId, JSON.stringify(input.payload)],
  );
  const version = Number(row!.version);
  await tx.query('INSERT INTO application_versions (submission_id, version, payload, response_id) VALUES ($1, $2, $3, $4)', [
    input.submissionId,
    version,
    JSON.stringify(input.payload),
    input.responseId,
  ]);
  return version;
}

/* ---------- Reading versions ---------- */

export type StoredVersion = {
  readonly version: number;
  readonly payload: WirePayload;
  readonly createdAt: string;
  readonly requestId: string | null;
  readonly question: string | null;
  readonly askedBy: string | null;
  readonly askedAt: string | null;
};

/** Every version of a submission, oldest first: the stored ones, or the submission as version 1 when it was never corrected. */
export async function readVersions(db: Queryable, submissionId: string): Promise<StoredVersion[]> {
  const rows = await db.query<{ version: number; payload: WirePayload; created_at: Date; request_id: string | null; question: string | null; asked_by: string | null; asked_at: Date | null }>(
    `SELECT v.version, v.payload, v.created_at, r.id::text AS request_id, r.question, m.email AS asked_by, r.created_at AS asked_at
     FROM application_versions v LEFT JOIN information_responses p ON p.id = v.response_id
     LEFT JOIN information_requests r ON r.id = p.request_id LEFT JOIN team_members m ON m.id = r.member_id
     WHERE v.submission_id = $1
     UNION ALL
     SELECT 1, s.payload, s.created_at, NULL, NULL, NULL, NULL FROM submissions s
     WHERE s.id = $1 AND NOT EXISTS (SELECT 1 FROM application_versions WHERE submission_id = $1)
     ORDER BY 1`,
    [submissionId],
  );
  return rows.map((row) => ({
    version: Number(row.version),
    payload: row.payload,
    createdAt: iso(row.created_at),
    requestId: row.request_id,
    question: row.question,
    askedBy: row.asked_by,
    askedAt: row.asked_at ? iso(row.asked_at) : null,
  }));
}

/** Each answer as the detail shows it (form label, option label), by field name. */
function shownAnswers(form: FormKey, payload: WirePayload): Map<string, { label: string; value: string }> {
  return new Map(answersBySection(form, payload).flatMap((section) => section.answers.map((answer) => [answer.name, { label: answer.label, value: answer.value }] as const)));
}

/** The answers that differ between two versions, in the form's order; an answer one version lacks reads ''. */
export function changesBetween(form: FormKey, before: WirePayload, after: WirePayload): AnswerChange[] {
  const old = shownAnswers(form, before);
  const now = shownAnswers(form, after);
  return formDefinitions[form].fields.flatMap((field) => {
    const from = old.get(field.name)?.value ?? '';
    const to = now.get(field.name)?.value ?? '';
    return from === to ? [] : [{ field: field.name, label: field.label, before: from, after: to }];
  });
}

/**
 * The team's "Cambios": every version with its changes against the one before; for a member who reviews this
 * application blind, every identifying answer reads "Oculto" before and after (src/server/team/blind.ts).
 */
export async function readApplicationVersions(
  db: Queryable,
  head: { readonly submissionId: string; readonly form: FormKey; readonly roundId: string | null; readonly status: ApplicationStatus },
  viewer: BlindContext,
): Promise<ApplicationVersions> {
  // A change of an identifying answer is listed, its values hidden: the reviewer learns that it changed, not to what.
  const hidden = new Set(hidesIdentity(viewer, head.roundId, head.status) ? identifyingFields(head.form) : []);
  const hide = (value: string) => (value === '' ? value : HIDDEN_ANSWER);
  const shown = (change: AnswerChange): AnswerChange => (hidden.has(change.field) ? { ...change, before: hide(change.before), after: hide(change.after) } : change);
  const versions = await readVersions(db, head.submissionId);
  return {
    current: versions[versions.length - 1]?.version ?? 1,
    versions: versions.map((version, index) => ({
      version: version.version,
      createdAt: version.createdAt,
      requestId: version.requestId,
      question: version.question,
      askedBy: version.askedBy,
      askedAt: version.askedAt,
      changes: index === 0 ? [] : changesBetween(head.form, versions[index - 1]!.payload, version.payload).map(shown),
    })),
  };
}
