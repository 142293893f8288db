import type { FastifyRequest } from 'fastify';
import { ApplicantApplicationDetail, ApplicantApplicationList, ApplicationPrefill, REAPPLY_MESSAGES, InformationResponseCreated, ReferenceParams, RequestParams, RESPONSE_TEXT_MAX, SatisfactionAnswer, SatisfactionBody, StatusReply, WithdrawBody } from '../../../api/contracts/applicant';
import { CORRECTIONS_PART, CorrectionRefused, type CorrectionValues } from '../../../api/contracts/revisions';
import type { StoredFile } from '../../storage/files';
import { CORRECTION_MESSAGES, parseCorrections } from '../corrections';
import { prefillOf } from '../reapply';
import { listOwnApplications, rateProcess, readOwnApplication, respondToRequest, withdrawApplication } from '../service';
import { checkedUpload, PartsRefused, readTextAndFile, type TextAndFile } from './parts';
import { APPLICANT_MESSAGES, CORRECTIONS_MAX_BYTES, emailOf, JSON_BODY_LIMIT, RESPONSE_BODY_LIMIT, send, signedIn, type ApplicantResource } from './shared';

/** The answer's parts: the text (1..RESPONSE_TEXT_MAX characters), at most one file and, optionally, a correction (src/api/contracts/revisions.ts). */
const RESPONSE_PARTS = ['text', CORRECTIONS_PART] as const;
type ResponseParts = { text: string; file: TextAndFile<(typeof RESPONSE_PARTS)[number]>['file']; corrections: CorrectionValues | null };
async function readResponseParts(request: FastifyRequest): Promise<ResponseParts> {
  const { fields, file } = await readTextAndFile(request, { fields: RESPONSE_PARTS, textMaxBytes: CORRECTIONS_MAX_BYTES, badForm: APPLICANT_MESSAGES.badForm });
  const { text } = fields;
  if (text === undefined || text.trim() === '' || text.length > RESPONSE_TEXT_MAX) throw new PartsRefused(400, APPLICANT_MESSAGES.badText);
  const raw = fields[CORRECTIONS_PART];
  if (raw === undefined) return { text, file, corrections: null };
  const corrections = raw.length <= CORRECTIONS_MAX_BYTES ? parseCorrections(raw) : null;
  if (corrections === null) throw new PartsRefused(400, CORRECTION_MESSAGES.unreadable);
  return { text, file, corrections };
}

/** The applicant's applications: the list, one application, an answer to a question, withdrawal and the rating. */
export const applicationRoutes: ApplicantResource = async (api, options) => {
  const { database, config, financeKeys, now } = options;

  api.get('/applications', { config: signedIn, schema: { response: { 200: ApplicantApplicationList } } }, async (request) => listOwnApplications(database, emailOf(request)));

  api.get('/applications/:reference', { config: signedIn, schema: { params: ReferenceParams, response: { 200: ApplicantApplicationDetail } } }, async (request, reply) => {
    const detail = await readOwnApplication(database, emailOf(request), request.params.reference, now());
    return detail ?? send(reply, 404, APPLICANT_MESSAGES.notFound);
  });

  // The public form's prefill for sending a rejected or withdrawn application again: its answers, never its file.
  api.get('/applications/:reference/prefill', { config: signedIn, schema: { params: ReferenceParams, response: { 200: ApplicationPrefill } } }, async (request, reply) => {
    const outcome = await prefillOf(database, emailOf(request), request.params.reference);
    if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
    if (outcome.status === 'not-settled') return send(reply, 409, REAPPLY_MESSAGES.notSettled);
    return outcome.prefill;
  });

  api.post(
    '/applications/:reference/requests/:requestId/response',
    { bodyLimit: RESPONSE_BODY_LIMIT, config: { ...signedIn, applicantBody: 'multipart', textParts: RESPONSE_PARTS }, schema: { params: RequestParams, response: { 201: InformationResponseCreated, 400: CorrectionRefused } } },
    async (request, reply) => {
      let parts: ResponseParts;
      let upload: StoredFile | null;
      try {
        parts = await readResponseParts(request);
        upload = await checkedUpload(parts.file);
      } catch (error) {
        if (error instanceof PartsRefused) return send(reply, error.status, error.message);
        throw error;
      }
      const outcome = await database.transaction((tx) =>
        respondToRequest(tx, { email: emailOf(request), ...request.params, text: parts.text, upload, corrections: parts.corrections, siteOrigin: config.siteOrigin, keys: financeKeys }),
      );
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'settled') return send(reply, 409, APPLICANT_MESSAGES.cannotRespond);
      // A correction the form's rules refuse carries each field's message too (CorrectionRefused).
      if (outcome.status === 'refused') return reply.code(400).send(outcome.body);
      return reply.code(201).send(outcome.created);
    },
  );

  api.post(
    '/applications/:reference/withdraw',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { params: ReferenceParams, body: WithdrawBody, response: { 200: StatusReply } } },
    async (request, reply) => {
      const reason = request.body.reason?.trim() ? request.body.reason.trim() : null;
      const outcome = await database.transaction((tx) =>
        withdrawApplication(tx, { email: emailOf(request), reference: request.params.reference, reason, siteOrigin: config.siteOrigin, keys: financeKeys }),
      );
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'settled') return send(reply, 409, APPLICANT_MESSAGES.cannotWithdraw);
      return outcome.reply;
    },
  );

  api.post(
    '/applications/:reference/satisfaction',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { params: ReferenceParams, body: SatisfactionBody, response: { 201: SatisfactionAnswer } } },
    async (request, reply) => {
      const comment = request.body.comment?.trim() ? request.body.comment.trim() : null;
      const outcome = await database.transaction((tx) => rateProcess(tx, { email: emailOf(request), reference: request.params.reference, rating: request.body.rating, comment }));
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'no-decision') return send(reply, 409, APPLICANT_MESSAGES.noDecision);
      if (outcome.status === 'already-rated') return send(reply, 409, APPLICANT_MESSAGES.alreadyRated);
      return reply.code(201).send(outcome.answer);
    },
  );
};
