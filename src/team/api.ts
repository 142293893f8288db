/**
 * The team pages' client for /api/team/* (contract: TEAM-API.md of issue 16). It knows paths,
 * methods and answer shapes; the pages decide what to show. Every state change sends a JSON body
 * (the server also checks the Origin), and every answer that is not 2xx becomes a TeamApiError
 * carrying its status, so a page can tell "not signed in" (401) from "not allowed" (403).
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { ProgrammeKey } from '@/config/programmes';

export type TeamRole = 'admin' | 'reviewer' | 'finance';

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
};

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
};

export type TeamSession = { id: string; createdAt: string; lastSeenAt: string; current: boolean };

export type MemberRow = { email: string; role: TeamRole; createdAt: string; revokedAt: string | null; passkeys: number };

export type Invitation = { link: string; expiresAt: string };

export type AuditEntry = { at: string; actor: string | null; action: string; target: string | null };

export type AuditPage = { items: AuditEntry[]; total: number; page: number; pageSize: number };

/** The inbox's filter, as the list, the paging and the CSV export share it. */
export type InboxFilter = { form: ProgrammeKey; from: string; to: string; q: string; page: number };

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

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    method === 'GET'
      ? { method, credentials: 'same-origin', headers: { Accept: 'application/json' } }
      : { method, credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) };
  const response = await fetch(path, init);
  if (!response.ok) throw await errorFrom(response);
  const text = response.status === 204 ? '' : await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The query string of an inbox filter (the export leaves the page out); empty values are left out. */
export function filterQuery(filter: InboxFilter, withPage = true): string {
  const params = new URLSearchParams({ form: filter.form });
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (withPage && filter.page > 1) params.set('page', String(filter.page));
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
};
