import type { FastifyRequest } from 'fastify';
import { ApplicantApplicationDetail, ApplicantApplicationList, InformationResponseCreated, ReferenceParams, RequestParams, RESPONSE_FILE_MAX_BYTES, RESPONSE_TEXT_MAX, SatisfactionAnswer, SatisfactionBody, StatusReply, WithdrawBody } from '../../../api/contracts/applicant';
import { isAllowedText } from '../../../forms/definitions/validate';
import { sniffFileType } from '../../fileType';
import { describeUpload } from '../../uploads';
import { listOwnApplications, rateProcess, readOwnApplication, respondToRequest, withdrawApplication } from '../service';
import { APPLICANT_MESSAGES, emailOf, JSON_BODY_LIMIT, RESPONSE_BODY_LIMIT, send, signedIn, type ApplicantResource } from './shared';

class PartsRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

type ResponseParts = { text: string; file: { name: string; bytes: Buffer } | null };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The answer's parts, as the forms read theirs (src/server/formRoutes.ts): every part as bytes, text
 * decoded strictly as UTF-8, at most one file of RESPONSE_FILE_MAX_BYTES. Anything else is refused.
 */
async function readResponseParts(request: FastifyRequest): Promise<ResponseParts> {
  let text: string | null = null;
  let file: ResponseParts['file'] = null;
  try {
    for await (const part of request.parts({ isPartAFile: () => true, limits: { fieldNameSize: 100, fileSize: Math.max(RESPONSE_FILE_MAX_BYTES, RESPONSE_TEXT_MAX * 3), files: 2, parts: 2 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && part.filename !== undefined && file === null) {
        if (bytes.length > RESPONSE_FILE_MAX_BYTES) throw new PartsRefused(413, APPLICANT_MESSAGES.fileTooLarge);
        // An empty file input: no file.
        if (bytes.length > 0 || part.filename !== '') file = { name: part.filename, bytes };
      } else if (part.fieldname === 'text' && part.filename === undefined && text === null) {
        try {
          text = strictUtf8.decode(bytes);
        } catch {
          throw new PartsRefused(400, APPLICANT_MESSAGES.badText);
        }
      } else {
        throw new PartsRefused(400, APPLICANT_MESSAGES.badForm);
      }
    }
  } catch (error) {
    if (error instanceof PartsRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PartsRefused(413, APPLICANT_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new PartsRefused(400, APPLICANT_MESSAGES.badForm);
    throw new PartsRefused(400, APPLICANT_MESSAGES.unreadable);
  }
  if (text === null || text.trim() === '' || text.length > RESPONSE_TEXT_MAX || !isAllowedText(text)) throw new PartsRefused(400, APPLICANT_MESSAGES.badText);
  return { text, file };
}

/** The applicant's applications: the list, one application, an answer to a question, withdrawal and the rating. */
export const applicationRoutes: ApplicantResource = async (api, options) => {
  const { database, config, financeKeys } = options;

  api.get('/applications', { config: signedIn, schema: { response: { 200: ApplicantApplicationList } } }, async (request) => listOwnApplications(database, emailOf(request)));

  api.get('/applications/:reference', { config: signedIn, schema: { params: ReferenceParams, response: { 200: ApplicantApplicationDetail } } }, async (request, reply) => {
    const detail = await readOwnApplication(database, emailOf(request), request.params.reference);
    return detail ?? send(reply, 404, APPLICANT_MESSAGES.notFound);
  });

  api.post(
    '/applications/:reference/requests/:requestId/response',
    { bodyLimit: RESPONSE_BODY_LIMIT, config: { ...signedIn, applicantBody: 'multipart' }, schema: { params: RequestParams, response: { 201: InformationResponseCreated } } },
    async (request, reply) => {
      let parts: ResponseParts;
      try {
        parts = await readResponseParts(request);
      } catch (error) {
        if (error instanceof PartsRefused) return send(reply, error.status, error.message);
        throw error;
      }
      // The file is checked as the forms check theirs: its type from its bytes, its name cleaned.
      const sniffed = parts.file ? await sniffFileType(parts.file.bytes) : null;
      if (parts.file && !sniffed) return send(reply, 400, APPLICANT_MESSAGES.badFileType);
      const upload = parts.file && sniffed ? describeUpload(parts.file.bytes, sniffed, parts.file.name) : null;
      const outcome = await database.transaction((tx) =>
        respondToRequest(tx, { email: emailOf(request), ...request.params, text: parts.text, upload, siteOrigin: config.siteOrigin, keys: financeKeys }),
      );
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'settled') return send(reply, 409, APPLICANT_MESSAGES.cannotRespond);
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
