import { ReferenceParams } from '../../../api/contracts/common';
import { AssignBody, AssigneeList, AssignResult, DecisionEmailPreview, DecisionPreviewBody, DecisionQueued, DecisionSendBody, InternalNote, NoteBody, StatusChangeBody, StatusChangeResult } from '../../../api/contracts/teamReview';
import { applicationStatusLabels, type ApplicationStatus } from '../../../lib/applicationStatus';
import type { Database } from '../../storage/database';
import { parseReference } from '../applications';
import { ASSIGNERS_AND_DECIDERS, REVIEWERS } from '../roles';
import { WITHHELD_MESSAGES, withheldFrom } from '../scoring/access';
import { setReviewers } from '../scoring/store';
import { isDecisionStatus } from '../../mail/decisions';
import { addNote, changeApplicationStatus, REVIEW_MESSAGES, listAssignees, previewDecisionEmail, sendDecisionEmail, type Actor, type StatusChangeOutcome } from '../review';
import { actorOf, getOptions, MESSAGES, postOptions, reviewedKey, send, type TeamResource } from './shared';

/** The review workflow: assignment, internal notes, status changes (one or many) and the decision email. */

const BAD_MEMBER = 'Solo se puede asignar a un revisor o administrador activo.';

/** Many status changes in one transaction, answered in the order the references were sent. */
async function changeStatuses(database: Database, references: readonly string[], to: ApplicationStatus, actor: Actor): Promise<StatusChangeResult> {
  const unique = [...new Set(references)];
  const keyed = unique.map((reference) => ({ reference, key: parseReference(reference) }));
  // Rows are locked in id order, so two bulk changes over the same applications cannot deadlock.
  keyed.sort((a, b) => Number(a.key?.rowId ?? 0) - Number(b.key?.rowId ?? 0));
  const outcomes = await database.transaction(async (tx) => {
    const results: StatusChangeOutcome[] = [];
    for (const { reference, key } of keyed) {
      const withheld = key ? await withheldFrom(tx, key.rowId, actor.memberId) : null;
      if (!key) results.push({ changed: false, reference, reason: MESSAGES.notFound });
      else if (withheld) results.push({ changed: false, reference, reason: WITHHELD_MESSAGES[withheld] });
      else results.push(await changeApplicationStatus(tx, { key, to, actor }));
    }
    return results;
  });
  const order = new Map(unique.map((reference, index) => [reference, index]));
  const byRequestOrder = (a: { reference: string }, b: { reference: string }) => (order.get(a.reference) ?? 0) - (order.get(b.reference) ?? 0);
  const changed = outcomes.flatMap((outcome) => (outcome.changed ? [{ reference: outcome.change.reference }] : [])).sort(byRequestOrder);
  const unchanged = outcomes.flatMap((outcome) => (outcome.changed ? [] : [{ reference: outcome.reference, reason: outcome.reason }])).sort(byRequestOrder);
  return { changed: changed.map((entry) => entry.reference), unchanged };
}

export const reviewRoutes: TeamResource = async (team, { database, config, financeKeys }) => {
  const reviewers = postOptions(REVIEWERS);

  team.get('/assignees', { ...getOptions('member'), schema: { response: { 200: AssigneeList } } }, async () => ({ members: await listAssignees(database) }));

  // The first workflow's one assignee: now "this one reviewer, or none" (POST /applications/:id/reviewers sets several).
  team.post('/applications/:id/assign', { ...postOptions(ASSIGNERS_AND_DECIDERS), schema: { params: ReferenceParams, body: AssignBody, response: { 200: AssignResult } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const { memberId } = request.body;
    const outcome = await database.transaction((tx) => setReviewers(tx, { key, memberIds: memberId === null ? [] : [memberId], actor: actorOf(request), config: config.review }));
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'not-assignable') return send(reply, 400, BAD_MEMBER);
    return { assignee: outcome.assignments.find((assignment) => assignment.member.id === memberId)?.member ?? null };
  });

  team.post('/applications/:id/notes', { ...reviewers, schema: { params: ReferenceParams, body: NoteBody, response: { 201: InternalNote } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const note = request.body.body;
    const added = await database.transaction((tx) => addNote(tx, { key, body: note, actor: actorOf(request) }));
    if (!added) return send(reply, 404, MESSAGES.notFound);
    return reply.code(201).send(added);
  });

  team.post('/applications/status', { ...reviewers, schema: { body: StatusChangeBody, response: { 200: StatusChangeResult } } }, async (request, reply) => {
    // A decision names its reason: POST /applications/:id/decision.
    if (isDecisionStatus(request.body.status)) return send(reply, 400, REVIEW_MESSAGES.reasonRequired);
    return changeStatuses(database, request.body.references, request.body.status, actorOf(request));
  });

  team.post('/applications/:id/decision-email/preview', { ...reviewers, schema: { params: ReferenceParams, body: DecisionPreviewBody, response: { 200: DecisionEmailPreview } } }, async (request, reply) => {
    const key = reviewedKey(request);
    const preview = key ? await previewDecisionEmail(database, key, request.body.applicantMessage) : null;
    if (!preview || preview.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (preview.status === 'no-decision') {
      return send(reply, 409, `No hay correo de decisión para una solicitud en estado «${applicationStatusLabels[preview.current]}»: solo para «Aprobada» o «Rechazada».`);
    }
    return preview.email;
  });

  team.post('/applications/:id/decision-email/send', { ...reviewers, schema: { params: ReferenceParams, body: DecisionSendBody, response: { 202: DecisionQueued } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const { subject, text, applicantMessage } = request.body;
    const outcome = await database.transaction((tx) =>
      sendDecisionEmail(tx, { key, previewed: { subject, text }, applicantMessage, actor: actorOf(request), keys: financeKeys }),
    );
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'changed') return send(reply, 409, 'La solicitud cambió; vuelve a ver la vista previa.');
    if (outcome.status === 'already-sent') return send(reply, 409, 'Ya enviamos el correo de esta decisión.');
    return reply.code(202).send({ queuedAt: outcome.queuedAt });
  });
};
