import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationAnswer, ApplicationPage, InboxQuery, type InboxSort, type ReviewFilter } from '../../../api/contracts/teamApplications';
import { ReferenceParams, roundOf } from '../../../api/contracts/common';
import { formDefinitions, isReviewedForm } from '../../../forms/definitions';
import type { FormKey } from '../../../forms/definitions/types';
import type { ApplicationStatus } from '../../../lib/applicationStatus';
import { exportApplications } from '../../export/applications';
import { UnreadableFinanceRows } from '../../finance/export';
import { toCsv } from '../../export/csv';
import { listApplications, readApplication, readProposal, type ApplicationFilter } from '../applications';
import { recordAudit } from '../audit';
import { roundIdOf } from '../../rounds/reviewSetup';
import { redactDetail, viewerOf } from '../blind';
import { readReview } from '../review';
import { seesPaymentDetails } from '../roles';
import { withheldFrom } from '../scoring/access';
import { readScoring } from '../scoring/store';
import { paymentDetailsOf } from './finance';
import { getOptions, MESSAGES, readableForms, readableKey, reviewedKey, send, sessionOf, type TeamResource } from './shared';
import { ApplicationVersions } from '../../../api/contracts/revisions';
import { readApplicationVersions } from '../../applicant/corrections';

/** The inbox (every member reads it; grantee finance, i.e. payment details, only the finance role), one application, its file, the CSV export. */

const BAD_DATE = 'Las fechas van en formato AAAA-MM-DD.';

/** A YYYY-MM-DD (the schema checked the pattern) as the start of that day in UTC, or of the day after; undefined when no such day exists. */
function dayOf(raw: string | undefined, dayAfter: boolean): Date | null | undefined {
  if (raw === undefined || raw === '') return null;
  const day = new Date(`${raw}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw) return undefined;
  if (dayAfter) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/** The filter a valid inbox query asks for, in the member's own terms (`me`); a string when a day does not exist. */
function filterOf(query: InboxQuery, memberId: string): (Omit<ApplicationFilter, 'forms'> & { form: FormKey | null }) | string {
  const review = query.review ? [...new Set(query.review.split(',') as ReviewFilter[])] : [];
  const sort = (query.sort || 'submitted') as InboxSort;
  const since = dayOf(query.from, false);
  const before = dayOf(query.to, true);
  if (since === undefined || before === undefined) return BAD_DATE;
  const search = query.q?.trim() || null;
  const statuses = query.status ? [...new Set(query.status.split(',') as ApplicationStatus[])] : null;
  const assignee = query.assignee ? { memberId: query.assignee === 'me' ? memberId : query.assignee === 'none' ? null : query.assignee } : null;
  return { form: (query.form || null) as FormKey | null, since, before, search, page: query.page ? Number(query.page) : 1, statuses, assignee, review, sort, round: roundOf(query) };
}

/** The CSV of the current filter, by the CLI's own code (same columns, same CSV). */
async function exportCsv(request: FastifyRequest<{ Querystring: InboxQuery }>, reply: FastifyReply, options: Parameters<TeamResource>[1]) {
  const { database, financeKeys } = options;
  const session = sessionOf(request);
  const filter = filterOf(request.query, session.memberId);
  if (typeof filter === 'string') return send(reply, 400, filter);
  if (filter.form === null) return send(reply, 400, 'Elige un programa para exportar.');
  if (!readableForms(session.role).includes(filter.form)) return send(reply, 403, MESSAGES.forbidden);
  let table;
  try {
    // readableForms has checked the role: only the finance role reaches grantee finance, decrypted here.
    table = await exportApplications(database, formDefinitions[filter.form], filter, financeKeys, { viewer: await viewerOf(database, session, options.config), review: options.config.review });
  } catch (error) {
    if (!(error instanceof UnreadableFinanceRows)) throw error;
    request.log.error({ references: error.references }, 'payment details failed to decrypt: export refused');
    await recordAudit(database, { actor: session.email, action: 'payment-details-unreadable', target: error.references.join(' ') });
    const message = `No pudimos descifrar los datos de pago de ${error.references.join(', ')}: no se exportó nada. Revisa FINANCE_ENCRYPTION_KEY y FINANCE_ENCRYPTION_OLD_KEYS.`;
    return send(reply, 500, message);
  }
  const { status, assignee, review, sort } = request.query;
  const filterText = Object.entries({ form: filter.form, round: filter.round, from: request.query.from, to: request.query.to, q: filter.search, status, assignee, review, sort })
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  await recordAudit(database, { actor: session.email, action: 'export', target: `${filterText} (${table.rows.length})` });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filter.form}-${day}.csv"`)
    .send(toCsv(table.headers, table.rows));
}

export const applicationRoutes: TeamResource = async (team, options) => {
  const { database, financeKeys } = options;

  team.get('/applications', { ...getOptions('member'), schema: { querystring: InboxQuery, response: { 200: ApplicationPage } } }, async (request, reply) => {
    const session = sessionOf(request);
    const filter = filterOf(request.query, session.memberId);
    if (typeof filter === 'string') return send(reply, 400, filter);
    const readable = readableForms(session.role);
    if (filter.form !== null && !readable.includes(filter.form)) return send(reply, 403, MESSAGES.forbidden);
    return listApplications(database, { ...filter, forms: filter.form ? [filter.form] : readable }, await viewerOf(database, session, options.config));
  });

  const detailOptions = getOptions('member');
  team.get('/applications/:id', { ...detailOptions, config: { ...detailOptions.config, whileWithheld: true }, schema: { params: ReferenceParams, response: { 200: ApplicationAnswer } } }, async (request, reply) => {
    const session = sessionOf(request);
    const key = readableKey(request);
    const withheld = key && isReviewedForm(key.form) ? await withheldFrom(database, key.rowId, session.memberId) : null;
    const detail = key ? await readApplication(database, key, financeKeys) : null;
    if (!key || !detail) return send(reply, 404, MESSAGES.notFound);
    if (withheld) {
      // Until they declare: the reference, the programme and the prompt; once recused, the reference alone.
      await recordAudit(database, { actor: session.email, action: 'view-application', target: detail.reference });
      return withheld === 'declare' ? { id: detail.id, reference: detail.reference, access: withheld, programme: detail.programme } : { id: detail.id, reference: detail.reference, access: withheld };
    }
    if (detail.unreadable) {
      // Reported, never shown: the operator learns which row, the member sees only the notice.
      request.log.error({ reference: detail.reference }, 'payment details failed to decrypt');
      await recordAudit(database, { actor: session.email, action: 'payment-details-unreadable', target: detail.reference });
      return detail;
    }
    await recordAudit(database, { actor: session.email, action: isReviewedForm(key.form) ? 'view-application' : 'view-payment-details', target: detail.reference });
    if (!isReviewedForm(key.form)) return detail;
    const review = await readReview(database, key.rowId, options.config.review);
    if (!review) return send(reply, 404, MESSAGES.notFound);
    const scoring = await readScoring(database, key, review.status, session, options.config.review);
    // The key is absent, not empty, for every role but finance: nothing hints at payment details.
    const shown = redactDetail(await viewerOf(database, session, options.config), await roundIdOf(database, key.rowId), { ...detail, ...review });
    if (!seesPaymentDetails(session.role)) return { ...shown, ...(scoring ? { scoring } : {}) };
    return { ...shown, paymentDetails: await paymentDetailsOf(request, options, key.rowId) };
  });

  team.get('/applications/:id/file', { ...getOptions('member', true), schema: { params: ReferenceParams } }, async (request, reply) => {
    const session = sessionOf(request);
    const key = readableKey(request);
    const proposal = key ? await readProposal(database, key, await viewerOf(database, session, options.config)) : null;
    if (!key || !proposal) return send(reply, 404, MESSAGES.notFound);
    await recordAudit(database, { actor: session.email, action: 'download-file', target: proposal.downloadName });
    return reply.type(proposal.mediaType).header('content-disposition', `attachment; filename="${proposal.downloadName}"`).send(proposal.bytes);
  });

  // "Cambios": every version of an application and what each changed (src/api/contracts/revisions.ts). Every member who reads the
  // application reads them (an assigned member who has not declared, or is recused, is held back by withheldApplications), blind where the detail is.
  team.get('/applications/:id/versions', { ...getOptions('member'), schema: { params: ReferenceParams, response: { 200: ApplicationVersions } } }, async (request, reply) => {
    const session = sessionOf(request);
    const key = reviewedKey(request);
    const [head] = key
      ? await database.query<{ status: ApplicationStatus; round_id: string | null }>('SELECT status, round_id::text AS round_id FROM submissions WHERE id = $1 AND form = $2', [key.rowId, key.form])
      : [];
    if (!key || !head) return send(reply, 404, MESSAGES.notFound);
    const versions = await readApplicationVersions(database, { submissionId: key.rowId, form: key.form, roundId: head.round_id, status: head.status }, await viewerOf(database, session, options.config));
    await recordAudit(database, { actor: session.email, action: 'view-application', target: `${request.params.id} versiones` });
    return versions;
  });

  team.get('/export', { ...getOptions('member'), schema: { querystring: InboxQuery } }, (request, reply) => exportCsv(request, reply, options));
};
