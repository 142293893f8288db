import { HIDDEN_ANSWER } from '../../api/contracts/teamApplications';
import { formDefinitions } from '../../forms/definitions';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import type { ServerConfig } from '../config';
import { blindRoundIds } from '../rounds/reviewSetup';
import type { Queryable } from '../storage/database';
import type { Role } from './roles';

/**
 * Blind review: while a round reviews blind (its review set-up, src/server/rounds/reviewSetup.ts), a member with the reviewer role reads "Oculto" in place of every
 * answer its form marks `identifying` (and of the list's name and organisation, and of the uploaded file's name),
 * until the application is decided. Admins and finance read everything. Every reader (the detail, the inbox list,
 * its search, the file downloads, the CSV) and every text the server composes for a member (the "Pedir información"
 * preview; the audit targets and download names built from a file's name) asks `hidesIdentity` and redacts through
 * this module, so the rule is written once.
 */

export { HIDDEN_ANSWER };

/** Once approved or rejected, the review is over: nothing is hidden any more. */
const DECIDED: readonly ApplicationStatus[] = ['approved', 'rejected'];

/** Who reads and which rounds review blind (each round's set-up, `blind`). */
export type BlindContext = { readonly role: Role; readonly blindRounds: readonly string[] };

/** The viewer of a team session: blind review applies to the rounds whose set-up says `blind`. */
export const viewerOf = async (
  db: Queryable,
  session: { readonly memberId: string; readonly role: Role },
  config: ServerConfig,
): Promise<BlindContext & { readonly memberId: string }> => ({
  memberId: session.memberId,
  role: session.role,
  blindRounds: session.role === 'reviewer' ? await blindRoundIds(db, config.review) : [],
});

/** Whether this member may be shown identifying answers of this round's applications at all (status aside). */
export const blindFor = (context: BlindContext, roundId: string | null): boolean => context.role === 'reviewer' && roundId !== null && context.blindRounds.includes(roundId);

/** Whether the identifying answers of this application (of round `roundId`) are hidden from this member now. */
export const hidesIdentity = (context: BlindContext, roundId: string | null, status: ApplicationStatus | null): boolean =>
  blindFor(context, roundId) && status !== null && !DECIDED.includes(status);

/** The names of the fields a form marks identifying. */
export const identifyingFields = (form: FormKey): string[] => formDefinitions[form].fields.filter((field) => field.identifying).map((field) => field.name);

/** Answers by field name with every identifying one that was answered replaced by "Oculto". */
export function redactPayload(form: FormKey, payload: WirePayload): WirePayload {
  const hidden = new Set(identifyingFields(form));
  return Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, hidden.has(name) && value !== '' ? HIDDEN_ANSWER : value]));
}

/** Labelled answers (the detail's sections) with the identifying ones replaced by "Oculto". */
export function redactSections<Section extends { answers: ReadonlyArray<{ name: string; value: string }> }>(form: FormKey, sections: readonly Section[]): Section[] {
  const hidden = new Set(identifyingFields(form));
  return sections.map((section) => ({ ...section, answers: section.answers.map((answer) => (hidden.has(answer.name) && answer.value !== '' ? { ...answer, value: HIDDEN_ANSWER } : answer)) }));
}

/**
 * The search condition for a member who reads blind: besides matching the stored search vector (indexed), a row
 * of a blind programme that is not decided must match on its answers without the identifying ones, so that
 * searching for a hidden name never reveals which application holds it. `table` is the submissions alias,
 * `search` the query's parameter, `blindRounds` a text[] parameter of round ids (empty: no member-specific condition) and
 * `hiddenKeys` a jsonb parameter mapping each form to its identifying field names.
 */
export function blindSearchCondition(table: string, search: string, blindRounds: string, hiddenKeys: string): string {
  const visible = `(${table}.payload - ARRAY(SELECT jsonb_array_elements_text(${hiddenKeys}::jsonb -> ${table}.form)))`;
  const vector = `(jsonb_to_tsvector('spanish'::regconfig, ${visible}, '["string"]') || jsonb_to_tsvector('english'::regconfig, ${visible}, '["string"]'))`;
  const query = `(websearch_to_tsquery('spanish'::regconfig, ${search}) || websearch_to_tsquery('english'::regconfig, ${search}))`;
  return `(${search}::text IS NULL OR NOT COALESCE(${table}.round_id::text = ANY(${blindRounds}::text[]), false) OR ${table}.status IN (${DECIDED.map((status) => `'${status}'`).join(', ')}) OR ${vector} @@ ${query})`;
}

/** The parameters blindSearchCondition reads: the rounds this member reads blind, and the forms' identifying fields. */
export function blindSearchParameters(context: BlindContext, forms: readonly FormKey[]): [string[], string] {
  const blind = context.role === 'reviewer' ? [...context.blindRounds] : [];
  return [blind, JSON.stringify(Object.fromEntries(forms.map((form) => [form, identifyingFields(form)])))];
}

/**
 * The detail of an application as this member may read it: with blind review on and no decision yet, the identifying
 * answers and the uploaded file's name (applicants name their files after themselves) read "Oculto".
 */
export function redactDetail<
  Detail extends {
    form: FormKey;
    status?: ApplicationStatus;
    sections: Array<{ answers: Array<{ name: string; value: string }> }>;
    file: { name: string } | null;
    informationRequests?: Array<{ responses: Array<{ fileName: string | null }> }>;
    reapplication?: { previous: string | null; later: string[] };
  },
>(context: BlindContext, roundId: string | null, detail: Detail): Detail & { blind?: true } {
  if (!hidesIdentity(context, roundId, detail.status ?? null)) return detail;
  // A response's file is named by the applicant too.
  const informationRequests = detail.informationRequests?.map((request) => ({
    ...request,
    responses: request.responses.map((response) => (response.fileName === null ? response : { ...response, fileName: HIDDEN_ANSWER })),
  }));
  return {
    ...detail,
    sections: redactSections(detail.form, detail.sections),
    file: detail.file && { ...detail.file, name: HIDDEN_ANSWER },
    ...(informationRequests ? { informationRequests } : {}),
    // The application it was sent again from (or those sent from it) may be decided, so not hidden: no reference to follow.
    ...(detail.reapplication
      ? { reapplication: { previous: detail.reapplication.previous && HIDDEN_ANSWER, later: detail.reapplication.later.map(() => HIDDEN_ANSWER) } }
      : {}),
    blind: true,
  };
}
