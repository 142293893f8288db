/**
 * What the team's pages in the browser and the API server both name: the team's page paths (the
 * server links to them from webhooks) and the audit log's actions (the browser labels them).
 */

/** The programme team's roles: what each may read and do (src/server/team/roles.ts says what). */
export const ROLES = ['admin', 'reviewer', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const teamRoutes = {
  signIn: '/equipo/',
  enrol: '/equipo/inscripcion/',
  inbox: '/equipo/solicitudes/',
  application: (id: string) => `/equipo/solicitud/?id=${encodeURIComponent(id)}`,
  sessions: '/equipo/sesiones/',
  members: '/equipo/miembros/',
  audit: '/equipo/auditoria/',
  dataRights: '/equipo/datos/',
  payments: '/equipo/pagos/',
  myReviews: '/equipo/mis-revisiones/',
  rounds: '/equipo/convocatorias/',
  figures: '/equipo/cifras/',
} as const;

/**
 * The team's pages anyone may open: sign-in and enrolment. Every other team page needs a session:
 * the server sends a visitor without one to sign in (src/server/app.ts), and the page does too when
 * it is served by a plain file server (src/team/useTeamData.ts).
 */
export const TEAM_PAGES_WITHOUT_SESSION: readonly string[] = [teamRoutes.signIn, teamRoutes.enrol];

/** The sign-in page, asked to come back to the page the member was on. */
export function signInUrl(returnTo: string): string {
  return `${teamRoutes.signIn}?volver=${encodeURIComponent(returnTo)}`;
}

/** The team's audit log's actions (src/server/team/audit.ts records them; src/team/labels.ts names them). A list, so tests can walk every one. */
export const AUDIT_ACTIONS = [
  'enrol',
  'sign-in',
  'sign-out',
  'add-passkey',
  'view-application',
  'view-payment-details',
  'payment-details-unreadable',
  'download-file',
  'export',
  'invite',
  'revoke',
  'end-sessions',
  'change-status',
  'assign',
  'add-note',
  'send-decision-email',
  'issue-grantee-id',
  'reissue-grantee-id',
  // Review scoring (src/server/team/scoring): never a conflict's reason in the target.
  'assign-reviewers',
  'declare-interest',
  'submit-scores',
  'change-scores',
  // A reviewer keeps the scores they gave on an earlier version of the application (issue 52).
  'confirm-scores',
  'decide',
  // Data rights (src/server/dataRights): the target holds counts only, never the address searched for.
  'data-rights-find',
  'data-rights-export',
  'erase-personal-data',
  'retention-erase',
  // The team's side of the applicant portal.
  'request-information',
  'download-response-file',
  // The applicant's own actions in the portal (src/server/applicant), under the actor APPLICANT_ACTOR.
  'applicant-sign-in',
  'applicant-sign-out',
  'applicant-view',
  'applicant-respond',
  // The applicant's correction: a new version of the application (src/server/applicant/corrections.ts), the target its reference and version.
  'applicant-revise',
  'applicant-withdraw',
  'applicant-rate',
  'applicant-export',
  'applicant-erasure-request',
  // Grants (src/server/grants): the target is the application's reference and what changed, never an amount's recipient.
  'create-grant',
  'define-milestones',
  'cancel-grant',
  'complete-grant',
  'review-report',
  'download-report-file',
  'applicant-report',
  // Open books (src/server/openBooks): the grantee published, changed or withdrew what the public list shows; the
  // target names the reference and the parts allowed, never the text written for publication.
  'applicant-publish-grant',
  'applicant-change-publication',
  'applicant-unpublish-grant',
  // Grant payments (src/server/payments): recorded by finance; where one was sent, read like payment details.
  'record-payment',
  'view-payment-destination',
  // Rounds (src/server/rounds): the target names the round and holds its fields before and after (never an applicant).
  'create-round',
  'edit-round',
  'extend-round',
  'close-round',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * How the audit log names an applicant acting in the portal: who they are stays out of the log, which
 * is kept for ever. A stored value (rows already carry it), so the pages show it through actorLabel.
 */
export const APPLICANT_ACTOR = 'Solicitante';

/** Who did it, as the team pages name them: a member's address, the applicant in the team's one wording, or the command line. */
export function actorLabel(actor: string | null | undefined): string {
  if (actor === APPLICANT_ACTOR) return 'Persona solicitante';
  if (actor === 'cli') return 'Línea de comandos';
  return actor ?? '—';
}
