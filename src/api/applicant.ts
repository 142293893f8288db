/**
 * The browser's client for /api/applicant/* (the applicant portal). It knows paths, methods and
 * encodings; the answer types come from the route contracts (src/api/contracts/applicant.ts), type
 * only. Every answer that is not 2xx becomes an ApplicantApiError with its status and the
 * server's Spanish message, so a page can tell "not signed in" (401) from "already decided" (409).
 */
import type {
  ApplicantApplicationDetail,
  ApplicantApplicationList,
  ApplicantSession,
  ApplicantSignedIn,
  ApplicationPrefill,
  ErasureRequested,
  InformationResponseCreated,
  InformationResponseParts,
  LinkAccepted,
  SatisfactionAnswer,
  SatisfactionBody,
  StatusReply,
  WithdrawBody,
} from './contracts/applicant';
import type { ApplicantGrant } from './contracts/grants';
import type { Publication, PublicationChoice } from './contracts/openBooks';
import { saveDownload } from '@/lib/download';
import { postMultipart, type SendOptions } from './client';
import { ApiError, messageOf, requestJson } from './json';

export type { ApplicantApplicationDetail, ApplicantApplicationList, ApplicantGrant, ApplicantSignedIn, ApplicationPrefill, InformationResponseCreated, Publication, PublicationChoice };

/** The parts of a progress report on a milestone: its text, the links (one a line) and an optional file. */
export type ReportParts = { text: string; links: string[]; file?: File };

export class ApplicantApiError extends ApiError {
  override readonly name = 'ApplicantApiError';
  constructor(
    status: number,
    message: string,
    /** A correction the form's rules refused (CorrectionRefused): each refused field's message by name. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(status, message);
  }
}

/** The `fields` of a 400 CorrectionRefused body (field name → message); empty for any other body. */
function refusedFields(text: string): Record<string, string> {
  try {
    const body: unknown = JSON.parse(text);
    const fields = body && typeof body === 'object' ? (body as { fields?: unknown }).fields : undefined;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

const BASE = '/api/applicant';
const application = (reference: string) => `${BASE}/applications/${encodeURIComponent(reference)}`;

export const applicantPaths = {
  link: `${BASE}/link`,
  session: `${BASE}/session`,
  signOut: `${BASE}/signout`,
  applications: `${BASE}/applications`,
  application,
  response: (reference: string, requestId: string) => `${application(reference)}/requests/${encodeURIComponent(requestId)}/response`,
  withdraw: (reference: string) => `${application(reference)}/withdraw`,
  satisfaction: (reference: string) => `${application(reference)}/satisfaction`,
  grant: (reference: string) => `${application(reference)}/grant`,
  prefill: (reference: string) => `${application(reference)}/prefill`,
  report: (reference: string, milestoneId: string) => `${application(reference)}/grant/milestones/${encodeURIComponent(milestoneId)}/reports`,
  reportFile: (reference: string, milestoneId: string, version: number) => `${application(reference)}/grant/milestones/${encodeURIComponent(milestoneId)}/reports/${version}/file`,
  /** The contract's applicantPublicationPath (a value the browser may not import from a contract). */
  publication: (reference: string) => `${application(reference)}/publication`,
  data: `${BASE}/data`,
  erasureRequest: `${BASE}/erasure-request`,
} as const;

/** A multipart POST (answer files, report files) whose 2xx answer is JSON; any other answer throws its status and message. */
async function sendMultipart<T>(path: string, fields: Record<string, string>, file: File | undefined, options: SendOptions): Promise<T> {
  const answer = await postMultipart(path, fields, file ? { file } : {}, options);
  if (!answer.ok) throw new ApplicantApiError(answer.status, messageOf(answer.text), refusedFields(answer.text));
  return JSON.parse(answer.text) as T;
}

const request = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> =>
  requestJson<T>(method, path, body, (status, message) => new ApplicantApiError(status, message));

export const applicantApi = {
  requestLink: (email: string) => request<LinkAccepted>('POST', applicantPaths.link, { email }),
  startSession: (token: string) => request<ApplicantSession>('POST', applicantPaths.session, { token }),
  signOut: () => request<void>('POST', applicantPaths.signOut),
  /** Who is signed in: always 200 (signed out is `{ signedIn: false }`, no 401 for the console to log). */
  session: () => request<ApplicantSignedIn>('GET', applicantPaths.session),
  applications: () => request<ApplicantApplicationList>('GET', applicantPaths.applications),
  application: (reference: string) => request<ApplicantApplicationDetail>('GET', applicantPaths.application(reference)),
  /** The answers of a rejected or withdrawn application, to fill the programme's public form again (404 not theirs, 409 not settled). */
  prefill: (reference: string) => request<ApplicationPrefill>('GET', applicantPaths.prefill(reference)),
  withdraw: (reference: string, body: WithdrawBody) => request<StatusReply>('POST', applicantPaths.withdraw(reference), body),
  rate: (reference: string, body: SatisfactionBody) => request<SatisfactionAnswer>('POST', applicantPaths.satisfaction(reference), body),
  requestErasure: () => request<ErasureRequested>('POST', applicantPaths.erasureRequest, {}),
  /**
   * The answer to one question: text, an optional file and, for a request that opened answers, the
   * correction (JSON text of the opened fields' values, part CORRECTIONS_PART), multipart, with progress and cancel.
   */
  respond: (reference: string, requestId: string, { text, file, corrections }: InformationResponseParts, options: SendOptions) =>
    sendMultipart<InformationResponseCreated>(applicantPaths.response(reference, requestId), corrections === undefined ? { text } : { text, corrections }, file, options),
  /** The grant of an approved application; 404 while it has none. */
  grant: (reference: string) => request<ApplicantGrant>('GET', applicantPaths.grant(reference)),
  /** A progress report on one milestone (a new version each time), multipart, with progress and cancel. */
  report: (reference: string, milestoneId: string, { text, links, file }: ReportParts, options: SendOptions) =>
    sendMultipart<ApplicantGrant>(applicantPaths.report(reference, milestoneId), links.length > 0 ? { text, links: links.join('\n') } : { text }, file, options),
  /** What the grantee chose to publish on /becas-otorgadas/ (all off before the first choice); 409 while the application has no grant. */
  publication: (reference: string) => request<Publication>('GET', applicantPaths.publication(reference)),
  /** The whole choice, replacing the stored one; `publish: false` withdraws it from the public page. */
  savePublication: (reference: string, choice: PublicationChoice) => request<Publication>('PUT', applicantPaths.publication(reference), choice),
  /** GET /api/applicant/data, saved as the JSON file the server names. */
  downloadData: async (): Promise<void> => {
    const response = await fetch(applicantPaths.data, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new ApplicantApiError(response.status, messageOf(await response.text().catch(() => '')));
    await saveDownload(response, 'mis-datos.json');
  },
};
