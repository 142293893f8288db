import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type EndpointSpec } from '../api/endpoints';
import { decodeMultipartFields } from '../forms/definitions/payload';
import type { FieldDefinition, FieldErrors, FormDefinition, FormKey, WirePayload } from '../forms/definitions/types';
import { PAYLOAD_ERROR_KEY, UNKNOWN_FIELD_MESSAGE, validatePayload } from '../forms/definitions/validate';
import { receiveApplication } from './applications/receive';
import type { CaptchaVerifier } from './captcha';
import { ACCEPTED_FILE_TYPES_MESSAGE, sniffFileType } from './fileType';
import type { FinanceKeyring } from './finance/encryption';
import { receivePaymentDetails } from './finance/receive';
import { apiError, fieldErrorList, NOT_UTF8_MESSAGE, requireMediaType } from './http';
import type { Database } from './storage/database';
import { describeUpload } from './uploads';
import { RoundRefusal } from './rounds/accept';
import { REAPPLY_MESSAGES } from '../api/contracts/applicant';
import { REAPPLY_PARAM } from '../config/routes';
import { ReapplyRefusal, type PreviousApplication } from './applicant/reapply';
import { applicantSessionOfCookies } from './applicant/sessions';

/**
 * The six form endpoints, mounted from the endpoint table and validated by the same definitions
 * the browser uses. An answered 2xx means the row (and its file) is committed; any other answer
 * means nothing was stored.
 */

export type FormRegistry = Readonly<Partial<Record<FormKey, FormDefinition>>>;

/** Which definition answers which endpoint (small grants has two, split by its category). */
const FORM_ENDPOINTS: ReadonlyArray<{ readonly endpoint: EndpointSpec; readonly form: FormKey }> = [
  { endpoint: endpoints.officeHours, form: 'office-hours' },
  { endpoint: endpoints.projectGrants, form: 'project-grants' },
  { endpoint: endpoints.smallGrantsProject, form: 'small-grants' },
  { endpoint: endpoints.smallGrantsEvent, form: 'small-grants' },
  { endpoint: endpoints.academicGrants, form: 'academic-grants' },
  { endpoint: endpoints.devconGrants, form: 'devcon-grants' },
  { endpoint: endpoints.granteeFinance, form: 'grantee-finance' },
];

export const FILE_TOO_LARGE_MESSAGE = 'File size cannot exceed 4mb.';
export const CAPTCHA_FAILED_MESSAGE = 'Captcha verification failed.';
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart body could not be read.';

/** Room for a field that has no cap (choices, dates, the captcha token). */
const UNCAPPED_FIELD_BYTES = 8192;

function valueFields(definition: FormDefinition): FieldDefinition[] {
  return definition.fields.filter((field) => field.kind !== 'file');
}

/**
 * The largest body a browser can send for this form: every field at its cap, each UTF-16 unit
 * at its widest (6 bytes as a JSON \u escape; 3 bytes of UTF-8 in multipart, where a line break
 * becomes CRLF), plus the file and the framing. Anything larger is not a legitimate submission.
 */
export function bodyLimit(definition: FormDefinition, encoding: 'json' | 'multipart'): number {
  const bytesPerUnit = encoding === 'json' ? 6 : 3;
  const framing = encoding === 'json' ? 8 : 160;
  let total = 1024;
  for (const field of valueFields(definition)) total += field.name.length + framing + (field.maxLength ? field.maxLength * bytesPerUnit : UNCAPPED_FIELD_BYTES);
  for (const field of definition.fields) if (field.kind === 'file') total += (field.maxBytes ?? 0) + 1024;
  return total;
}

type ReceivedFile = { readonly fieldName: string; readonly fileName: string; readonly bytes: Buffer };
type MultipartBody = { ok: true; fields: Record<string, unknown>; file: ReceivedFile | null } | { ok: false; status: 400 | 413; errors: FieldErrors };

function fileTooLarge(fileField: FieldDefinition | undefined): { ok: false; status: 413; errors: FieldErrors } {
  return { ok: false, status: 413, errors: { [fileField?.name ?? PAYLOAD_ERROR_KEY]: fileField?.messages.invalid ?? FILE_TOO_LARGE_MESSAGE } };
}

/** The bytes of a text part as UTF-8, or null when they are not valid UTF-8 (never replaced by U+FFFD). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function decodeUtf8(bytes: Buffer): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Reads every part as bytes (busboy would decode text parts itself, replacing bytes that are not
 * UTF-8): a part with a file name is the upload, any other is a text field, decoded strictly.
 * Anything busboy cannot parse (no boundary, a wrong or missing closing boundary, a truncated
 * body) is a 400.
 */
async function readMultipart(request: FastifyRequest, definition: FormDefinition): Promise<MultipartBody> {
  const fields = valueFields(definition);
  const fileField = definition.fields.find((field) => field.kind === 'file');
  const fieldSize = Math.max(...fields.map((field) => (field.maxLength ? field.maxLength * 3 : UNCAPPED_FIELD_BYTES)));
  const parts: Record<string, string> = {};
  const errors: FieldErrors = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({
      isPartAFile: () => true,
      limits: {
        fieldNameSize: 100,
        fileSize: Math.max(fileField?.maxBytes ?? 0, fieldSize),
        files: fields.length + 1,
        parts: fields.length + 1,
      },
    })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.filename !== undefined) {
        if (part.fieldname !== fileField?.name) errors[part.fieldname] = UNKNOWN_FIELD_MESSAGE;
        else if (file) return { ok: false, status: 413, errors: { [fileField.name]: 'Too many files' } };
        else if (bytes.length > (fileField.maxBytes ?? 0)) return fileTooLarge(fileField);
        else file = { fieldName: part.fieldname, fileName: part.filename, bytes };
        continue;
      }
      if (bytes.length > fieldSize) return { ok: false, status: 413, errors: { [part.fieldname]: 'Value is too long.' } };
      const text = decodeUtf8(bytes);
      if (text === null) return { ok: false, status: 400, errors: { [part.fieldname]: NOT_UTF8_MESSAGE } };
      if (Object.hasOwn(parts, part.fieldname)) errors[part.fieldname] = 'Sent more than once.';
      else parts[part.fieldname] = text;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(fileField);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return { ok: false, status: 413, errors: { [PAYLOAD_ERROR_KEY]: 'Too many fields.' } };
    return { ok: false, status: 400, errors: { [PAYLOAD_ERROR_KEY]: MALFORMED_MULTIPART_MESSAGE } };
  }
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, errors };
  return { ok: true, fields: decodeMultipartFields(definition.fields, parts), file };
}

/** What is kept of a valid payload: not the captcha token (single use), not a field never stored (the security ID, a secret). */
function storedPayload(definition: FormDefinition, payload: WirePayload): WirePayload {
  const dropped = new Set(definition.fields.filter((field) => field.kind === 'captcha' || field.neverStored).map((field) => field.name));
  return Object.fromEntries(Object.entries(payload).filter(([name]) => !dropped.has(name)));
}

/**
 * The earlier application a submission names with `?desde=<reference>` (reapplying, src/server/applicant/reapply.ts),
 * with the applicant's session read from the portal's cookie (path /); undefined when none is named.
 */
async function previousApplicationOf(request: FastifyRequest, database: Database): Promise<PreviousApplication | undefined> {
  const named = (request.query as Record<string, unknown> | undefined)?.[REAPPLY_PARAM];
  if (named === undefined) return undefined;
  if (typeof named !== 'string' || named.length === 0 || named.length > 40) throw new ReapplyRefusal(400, REAPPLY_MESSAGES.malformed);
  const session = await applicantSessionOfCookies(database, request.headers.cookie);
  return { reference: named, sessionEmail: session?.email ?? null };
}

export function registerFormRoutes(
  app: FastifyInstance,
  deps: { forms: FormRegistry; database: Database; verifyCaptcha: CaptchaVerifier; rateLimitPerMinute: number; financeRateLimitPerMinute: number; financeKeys: FinanceKeyring; now: () => Date },
): void {
  for (const { endpoint, form } of FORM_ENDPOINTS) {
    const definition = deps.forms[form];
    if (!definition) continue;
    const isFinance = definition.kind === 'payment-details';
    const mediaType = endpoint.encoding === 'json' ? 'application/json' : 'multipart/form-data';
    const limit = bodyLimit(definition, endpoint.encoding);

    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const body = endpoint.encoding === 'multipart' ? await readMultipart(request, definition) : ({ ok: true, fields: request.body, file: null } as const);
      if (!body.ok) return reply.code(body.status).send(fieldErrorList(body.errors));

      const result = validatePayload(definition, body.fields, { upload: body.file ? { size: body.file.bytes.length } : null });
      if (!result.ok) return reply.code(400).send(fieldErrorList(result.errors));
      // The browser picks the endpoint from the answers (small grants: project or event); so must we.
      const intendedPath = definition.endpoint(result.values).path;
      if (intendedPath !== endpoint.path) return reply.code(400).send(fieldErrorList({ [PAYLOAD_ERROR_KEY]: `These answers belong to ${intendedPath}.` }));

      const sniffed = body.file ? await sniffFileType(body.file.bytes) : null;
      if (body.file && !sniffed) return reply.code(400).send(fieldErrorList({ [body.file.fieldName]: ACCEPTED_FILE_TYPES_MESSAGE }));

      for (const field of definition.fields.filter((candidate) => candidate.kind === 'captcha')) {
        const verdict = await deps.verifyCaptcha(result.values[field.name] ?? '', request.ip);
        if (verdict === 'failed') return reply.code(400).send(fieldErrorList({ [field.name]: CAPTCHA_FAILED_MESSAGE }));
        if (verdict === 'unavailable') return reply.code(503).send(apiError('The captcha could not be verified just now; try again in a moment.'));
      }

      const payload = storedPayload(definition, result.payload);
      if (isFinance) {
        const stored = await receivePaymentDetails(deps.database, { values: result.values, payload, keyring: deps.financeKeys });
        if (!stored.ok) return reply.code(404).send(fieldErrorList(stored.errors));
        request.log.info({ form, version: stored.version }, 'finance details stored');
        return reply.code(201).send({ id: stored.id, version: stored.version });
      }

      const upload = body.file && sniffed ? describeUpload(body.file.bytes, sniffed, body.file.fileName) : null;
      let id: string;
      let previous: PreviousApplication | undefined;
      try {
        previous = await previousApplicationOf(request, deps.database);
        id = await receiveApplication(deps.database, { form, endpoint: endpoint.path, payload, upload, now: deps.now(), previous });
      } catch (error) {
        // The round closed (or filled up) while the body arrived: refused like before it, nothing stored.
        if (error instanceof RoundRefusal) return reply.code(error.statusCode).send(apiError(error.message));
        // The earlier application it names is not the session's, or may not be sent again: nothing stored.
        if (error instanceof ReapplyRefusal) return reply.code(error.statusCode).send(apiError(error.message));
        throw error;
      }
      request.log.info({ form, submission: id, file: upload !== null, reapplied: previous !== undefined }, 'submission stored');
      return reply.code(201).send({ id });
    };

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      bodyLimit: limit,
      config: { rateLimit: { max: isFinance ? deps.financeRateLimitPerMinute : deps.rateLimitPerMinute, timeWindow: 60_000 } },
      onRequest: requireMediaType(mediaType, endpoint.encoding === 'multipart' ? limit : null),
      handler,
    });
  }
}
