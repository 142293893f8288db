/**
 * The team pages' client for /api/team/* (contract: docs/team-api.md). It knows paths,
 * methods and answer shapes; the pages decide what to show. Every state change sends a JSON body
 * (the server also checks the Origin), and every answer that is not 2xx becomes a TeamApiError
 * carrying its status, so a page can tell "not signed in" (401) from "not allowed" (403).
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { ProgrammeKey } from '@/config/programmes';
import type { ApplicationStatus } from '@/lib/applicationStatus';
import type { Invitation } from '@/api/contracts/members';

export type { Invitation };

import type { Role } from '@/lib/team';

export type TeamRole = Role;

export type TeamMember = { email: string; role: TeamRole };

export type ApplicationSummary = {
  /** The reference, e.g. PG-000123: applications are addressed by it. */
  id: string;
  reference: string;
  form: ProgrammeKey;
  name: string;
  organisation: string;
  submittedAt: string;
  hasFile: boolean;
  /** Review status and assignee; null on grantee finance records, which have neither. */
  status?: ApplicationStatus | null;
  assignee?: Assignee | null;
};

/** A member an application can be assigned to (an active reviewer or admin). */
export type Assignee = { id: string; email: string };

export type AssigneeOption = Assignee & { role: TeamRole };

export type ApplicationPage = { items: ApplicationSummary[]; total: number; page: number; pageSize: number };

export type ApplicationFile = { name: string; mediaType: string; size: number };

/** Answers come labelled and in section order from the server, which reads the form definitions. */
export type AnswerSection = { title: string; answers: Array<{ name: string; label: string; value: string }> };

export type ApplicationDetail = {
  id: string;
  reference: string;
  form: ProgrammeKey;
  programme: string;
  submittedAt: string;
  sections: AnswerSection[];
  file: ApplicationFile | null;
  /** Review workflow: present on applications, absent on grantee finance records. */
  status?: ApplicationStatus;
  statusChangedAt?: string;
  assignee?: Assignee | null;
  /** Oldest first; the first entry is the receipt (from null, by null). */
  history?: StatusChange[];
  /** Internal notes, oldest first: the team's only. */
  notes?: InternalNote[];
  decisionEmails?: DecisionEmailSent[];
  /** The application's latest grantee ID (never the ID itself): revokedAt is set once revoked; null when none was issued. */
  grantee?: { issuedAt: string; issuedBy: string; revokedAt: string | null } | null;
  /** Sent to the finance role only, newest version first; absent for every other role. */
  paymentDetails?: PaymentDetailsVersion[];
};

export type StatusChange = { from: ApplicationStatus | null; to: ApplicationStatus; by: string | null; at: string };

export type InternalNote = { id: string; body: string; by: string; at: string };

export type DecisionEmailSent = { status: 'approved' | 'rejected'; queuedAt: string; sentAt: string | null; by: string };

export type DecisionEmailPreview = { to: string; subject: string; text: string };

/** One version of the payment details; `unreadable` (with no sections) when it failed to decrypt. */
export type PaymentDetailsVersion = { version: number; reference: string; receivedAt: string; sections: AnswerSection[]; unreadable?: string };

/** What a bulk status change did: the references changed, and the others with the reason. */
export type StatusChangeResult = { changed: string[]; unchanged: Array<{ reference: string; reason: string }> };

export type TeamSession = { id: string; createdAt: string; lastSeenAt: string; current: boolean };

export type MemberRow = { email: string; role: TeamRole; createdAt: string; revokedAt: string | null; passkeys: number };


export type AuditEntry = { at: string; actor: string | null; action: string; target: string | null };

export type AuditPage = { items: AuditEntry[]; total: number; page: number; pageSize: number };

/**
 * The inbox's filter, as the list, the paging and the CSV export share it. `status` is a status
 * code or '' (any); `assignee` is 'me', 'none', a member id, or '' (anyone).
 */
export type InboxFilter = { form: ProgrammeKey; from: string; to: string; q: string; page: number; status: ApplicationStatus | ''; assignee: string };

export class TeamApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TeamApiError';
  }
}

const BASE = '/api/team';

export const teamPaths = {
  me: `${BASE}/me`,
  signInOptions: `${BASE}/signin/options`,
  signInVerify: `${BASE}/signin/verify`,
  signOut: `${BASE}/signout`,
  enrolOptions: `${BASE}/enrol/options`,
  enrolVerify: `${BASE}/enrol/verify`,
  applications: `${BASE}/applications`,
  application: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}`,
  applicationFile: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/file`,
  exportCsv: `${BASE}/export`,
  sessions: `${BASE}/sessions`,
  endSession: `${BASE}/sessions/end`,
  passkeyOptions: `${BASE}/passkeys/options`,
  passkeyVerify: `${BASE}/passkeys/verify`,
  members: `${BASE}/members`,
  invite: `${BASE}/members/invite`,
  revoke: `${BASE}/members/revoke`,
  audit: `${BASE}/audit`,
  assignees: `${BASE}/assignees`,
  changeStatus: `${BASE}/applications/status`,
  assign: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/assign`,
  notes: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/notes`,
  decisionPreview: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/decision-email/preview`,
  decisionSend: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/decision-email/send`,
  grantee: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/grantee`,
} as const;

/** The server's message ({ error: '…' }) when it sent one. */
async function errorFrom(response: Response): Promise<TeamApiError> {
  let message = '';
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') message = (body as { error: string }).error;
  } catch {
    // Not JSON: the status alone says enough.
  }
  return new TeamApiError(response.status, message);
}

/** One request to /api/team (also for the applicant-side calls in src/team/applicantApi.ts). */
export async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    method === 'GET'
      ? { method, credentials: 'same-origin', headers: { Accept: 'application/json' } }
      : { method, credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) };
  const response = await fetch(path, init);
  if (!response.ok) throw await errorFrom(response);
  const text = response.status === 204 ? '' : await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * The query string of an inbox filter; empty values are left out. The export leaves the page out,
 * and the status and assignee too: the export route filters by programme, dates and text only.
 */
export function filterQuery(filter: InboxFilter, forExport = false): string {
  const params = new URLSearchParams({ form: filter.form });
  if (!forExport && filter.status) params.set('status', filter.status);
  if (!forExport && filter.assignee) params.set('assignee', filter.assignee);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (!forExport && filter.page > 1) params.set('page', String(filter.page));
  return `?${params.toString()}`;
}

export const teamApi = {
  me: () => request<TeamMember>('GET', teamPaths.me),
  signInOptions: () => request<PublicKeyCredentialRequestOptionsJSON>('POST', teamPaths.signInOptions),
  signInVerify: (response: AuthenticationResponseJSON) => request<TeamMember>('POST', teamPaths.signInVerify, { response }),
  signOut: () => request<void>('POST', teamPaths.signOut),
  enrolOptions: (token: string) => request<PublicKeyCredentialCreationOptionsJSON>('POST', teamPaths.enrolOptions, { token }),
  enrolVerify: (token: string, response: RegistrationResponseJSON) => request<TeamMember>('POST', teamPaths.enrolVerify, { token, response }),
  applications: (filter: InboxFilter) => request<ApplicationPage>('GET', `${teamPaths.applications}${filterQuery(filter)}`),
  application: (id: string) => request<ApplicationDetail>('GET', teamPaths.application(id)),
  sessions: () => request<{ sessions: TeamSession[] }>('GET', teamPaths.sessions),
  endSession: (id: string) => request<void>('POST', teamPaths.endSession, { id }),
  passkeyOptions: () => request<PublicKeyCredentialCreationOptionsJSON>('POST', teamPaths.passkeyOptions),
  passkeyVerify: (response: RegistrationResponseJSON) => request<{ ok: true }>('POST', teamPaths.passkeyVerify, { response }),
  members: () => request<{ members: MemberRow[] }>('GET', teamPaths.members),
  invite: (email: string, role: TeamRole) => request<Invitation>('POST', teamPaths.invite, { email, role }),
  revoke: (email: string) => request<void>('POST', teamPaths.revoke, { email }),
  audit: (page: number) => request<AuditPage>('GET', `${teamPaths.audit}${page > 1 ? `?page=${page}` : ''}`),
  assignees: () => request<{ members: AssigneeOption[] }>('GET', teamPaths.assignees),
  changeStatus: (references: string[], status: ApplicationStatus) => request<StatusChangeResult>('POST', teamPaths.changeStatus, { references, status }),
  assign: (id: string, memberId: string | null) => request<{ assignee: Assignee | null }>('POST', teamPaths.assign(id), { memberId }),
  addNote: (id: string, body: string) => request<InternalNote>('POST', teamPaths.notes(id), { body }),
  decisionPreview: (id: string) => request<DecisionEmailPreview>('POST', teamPaths.decisionPreview(id)),
  decisionSend: (id: string, email: Pick<DecisionEmailPreview, 'subject' | 'text'>) => request<{ queuedAt: string }>('POST', teamPaths.decisionSend(id), email),
  issueGranteeId: (id: string) => request<{ issuedAt: string }>('POST', teamPaths.grantee(id)),
};
