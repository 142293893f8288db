/**
 * The team pages' client for /api/team/* (contract: docs/team-api.md). It knows paths,
 * methods and answer shapes; the pages decide what to show. Every state change sends a JSON body
 * (the server also checks the Origin), and every answer that is not 2xx becomes a TeamApiError
 * carrying its status, so a page can tell "not signed in" (401) from "not allowed" (403).
 */
import { ApiError, requestJson } from '@/api/json';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { ProgrammeKey } from '@/config/programmes';
import type { ApplicationStatus } from '@/lib/applicationStatus';
import type { Role } from '@/lib/team';
import type { AuditPage } from '@/api/contracts/audit';
import type { AnswerSection, MemberRef } from '@/api/contracts/common';
import type { Invitation, InviteBody, MemberEmailBody, MemberList } from '@/api/contracts/members';
import type { ApplicationAnswer, ApplicationDetail, ApplicationPage, InboxSort, MyReviews, ReviewFilter } from '@/api/contracts/teamApplications';
import type { DecisionBody, DecisionResult, DeclarationBody, DeclarationResult, ReviewersBody, ReviewersResult, RoundRobinBody, RoundRobinResult, ScoresBody, ScoresResult } from '@/api/contracts/teamScoring';
import type { EndSessionBody, EnrolOptionsBody, EnrolVerifyBody, PasskeyAdded, PasskeyVerifyBody, SessionList, SignInVerifyBody, TeamMember, TeamSignedIn } from '@/api/contracts/teamAuth';
import type { GranteeIssued } from '@/api/contracts/teamFinance';
import type { ApplicationVersions } from '@/api/contracts/revisions';
import type { AssignBody, AssigneeList, AssignResult, DecisionEmailPreview, DecisionPreviewBody, DecisionQueued, DecisionSendBody, InternalNote, NoteBody, StatusChangeBody, StatusChangeResult } from '@/api/contracts/teamReview';

// Request and answer shapes are the routes' own schemas (src/api/contracts), taken as types only.
export type { AnswerSection, ApplicationAnswer, ApplicationDetail, ApplicationPage, InboxSort, MyReviews, ReviewFilter, RoundRobinResult, AuditPage, DecisionEmailPreview, Invitation, InternalNote, StatusChangeResult, TeamMember };
export type { ApplicationSummary, MyReviewItem } from '@/api/contracts/teamApplications';
export type { DecisionReason, Recommendation, ReviewAggregate, RestrictedApplication, ReviewerAssignment, ReviewerScores, RubricCriterion, ScoringPart } from '@/api/contracts/teamScoring';
export type { AuditEntry } from '@/api/contracts/audit';
export type { AnswerChange, ApplicationVersion, ApplicationVersions } from '@/api/contracts/revisions';
export type { MemberRow } from '@/api/contracts/members';
export type { TeamSession } from '@/api/contracts/teamAuth';
export type { PaymentDetailsVersion } from '@/api/contracts/teamFinance';
export type { AssigneeOption, DecisionEmailSent, StatusChange } from '@/api/contracts/teamReview';

export type TeamRole = Role;

/** A member an application can be assigned to (an active reviewer or admin). */
export type Assignee = MemberRef;

/**
 * The inbox's filter, as the list, the paging and the CSV export share it. `status` is a status
 * code or '' (any); `assignee` is 'me', 'none', a member id, or '' (anyone); `review` the review
 * filters ("Me toca revisar", "Falta mi puntaje", "Desacuerdo"), all of which apply; `sort` the order;
 * `round` a round's id, 'all' (every round) or '' (a programme without rounds: grantee finance).
 */
export type InboxFilter = {
  form: ProgrammeKey;
  from: string;
  to: string;
  q: string;
  page: number;
  status: ApplicationStatus | '';
  assignee: string;
  review: readonly ReviewFilter[];
  sort: InboxSort;
  round: string;
};

export class TeamApiError extends ApiError {
  override readonly name = 'TeamApiError';
}

const BASE = '/api/team';

export const teamPaths = {
  session: `${BASE}/session`,
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
  reviewers: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/reviewers`,
  roundRobin: `${BASE}/applications/reviewers/round-robin`,
  declaration: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/declaration`,
  scores: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/scores`,
  confirmScores: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/scores/confirm`,
  versions: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/versions`,
  decision: (id: string) => `${BASE}/applications/${encodeURIComponent(id)}/decision`,
  myReviews: `${BASE}/my-reviews`,
} as const;

/** One request to /api/team (also for the applicant-side calls in src/team/applicantApi.ts). */
export const request = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> =>
  requestJson<T>(method, path, body, (status, message) => new TeamApiError(status, message));

/**
 * The query string of an inbox filter; empty values are left out. The export takes every filter on
 * screen (and the order), only not the page: it holds the whole list.
 */
export function filterQuery(filter: InboxFilter, forExport = false): string {
  const params = new URLSearchParams({ form: filter.form });
  if (filter.round) params.set('round', filter.round);
  if (filter.status) params.set('status', filter.status);
  if (filter.assignee) params.set('assignee', filter.assignee);
  if (filter.review.length > 0) params.set('review', filter.review.join(','));
  if (filter.sort !== 'submitted') params.set('sort', filter.sort);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (!forExport && filter.page > 1) params.set('page', String(filter.page));
  return `?${params.toString()}`;
}

export const teamApi = {
  /** Who is signed in: always 200 (signed out is `{ signedIn: false }`, no 401 for the console to log). */
  session: () => request<TeamSignedIn>('GET', teamPaths.session),
  signInOptions: () => request<PublicKeyCredentialRequestOptionsJSON>('POST', teamPaths.signInOptions),
  signInVerify: (response: AuthenticationResponseJSON) => request<TeamMember>('POST', teamPaths.signInVerify, { response } satisfies SignInVerifyBody),
  signOut: () => request<void>('POST', teamPaths.signOut),
  enrolOptions: (token: string) => request<PublicKeyCredentialCreationOptionsJSON>('POST', teamPaths.enrolOptions, { token } satisfies EnrolOptionsBody),
  enrolVerify: (token: string, response: RegistrationResponseJSON) => request<TeamMember>('POST', teamPaths.enrolVerify, { token, response } satisfies EnrolVerifyBody),
  applications: (filter: InboxFilter) => request<ApplicationPage>('GET', `${teamPaths.applications}${filterQuery(filter)}`),
  /** The detail, or only the reference while the member has to declare a conflict (or has declared one). */
  application: (id: string) => request<ApplicationAnswer>('GET', teamPaths.application(id)),
  sessions: () => request<SessionList>('GET', teamPaths.sessions),
  endSession: (id: string) => request<void>('POST', teamPaths.endSession, { id } satisfies EndSessionBody),
  passkeyOptions: () => request<PublicKeyCredentialCreationOptionsJSON>('POST', teamPaths.passkeyOptions),
  passkeyVerify: (response: RegistrationResponseJSON) => request<PasskeyAdded>('POST', teamPaths.passkeyVerify, { response } satisfies PasskeyVerifyBody),
  members: () => request<MemberList>('GET', teamPaths.members),
  invite: (email: string, role: TeamRole) => request<Invitation>('POST', teamPaths.invite, { email, role } satisfies InviteBody),
  revoke: (email: string) => request<void>('POST', teamPaths.revoke, { email } satisfies MemberEmailBody),
  audit: (page: number) => request<AuditPage>('GET', `${teamPaths.audit}${page > 1 ? `?page=${page}` : ''}`),
  assignees: () => request<AssigneeList>('GET', teamPaths.assignees),
  changeStatus: (references: string[], status: ApplicationStatus) => request<StatusChangeResult>('POST', teamPaths.changeStatus, { references, status } satisfies StatusChangeBody),
  assign: (id: string, memberId: string | null) => request<AssignResult>('POST', teamPaths.assign(id), { memberId } satisfies AssignBody),
  addNote: (id: string, body: string) => request<InternalNote>('POST', teamPaths.notes(id), { body } satisfies NoteBody),
  /** The decision email's preview and send, with the optional message to the applicant. */
  decisionPreview: (id: string, body: DecisionPreviewBody) => request<DecisionEmailPreview>('POST', teamPaths.decisionPreview(id), body),
  decisionSend: (id: string, email: DecisionSendBody) => request<DecisionQueued>('POST', teamPaths.decisionSend(id), email),
  issueGranteeId: (id: string) => request<GranteeIssued>('POST', teamPaths.grantee(id)),
  setReviewers: (id: string, memberIds: string[]) => request<ReviewersResult>('POST', teamPaths.reviewers(id), { memberIds } satisfies ReviewersBody),
  roundRobin: (references: string[], memberIds: string[], perApplication: number) => request<RoundRobinResult>('POST', teamPaths.roundRobin, { references, memberIds, perApplication } satisfies RoundRobinBody),
  declare: (id: string, body: DeclarationBody) => request<DeclarationResult>('POST', teamPaths.declaration(id), body),
  submitScores: (id: string, body: ScoresBody) => request<ScoresResult>('POST', teamPaths.scores(id), body),
  /** Keeps scores given on an earlier version as they are, now marked with the current one. */
  confirmScores: (id: string) => request<ScoresResult>('POST', teamPaths.confirmScores(id), {}),
  /** The current version's number and every version with its changes, oldest first. */
  versions: (id: string) => request<ApplicationVersions>('GET', teamPaths.versions(id)),
  decide: (id: string, body: DecisionBody) => request<DecisionResult>('POST', teamPaths.decision(id), body),
  /** The member's reviews of one round (its id), of the current rounds ('current') or of every round ('all'). */
  myReviews: (round: string) => request<MyReviews>('GET', `${teamPaths.myReviews}${round && round !== 'all' ? `?round=${encodeURIComponent(round)}` : ''}`),
};
