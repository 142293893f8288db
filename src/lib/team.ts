/**
 * What the team's pages in the browser and the API server both name: the team's page paths (the
 * server links to them from webhooks) and the audit log's actions (the browser labels them).
 */

export const teamRoutes = {
  signIn: '/equipo/',
  enrol: '/equipo/inscripcion/',
  inbox: '/equipo/solicitudes/',
  application: (id: string) => `/equipo/solicitud/?id=${encodeURIComponent(id)}`,
  sessions: '/equipo/sesiones/',
  members: '/equipo/miembros/',
  audit: '/equipo/auditoria/',
  dataRights: '/equipo/datos/',
} as const;

/** The team's audit log's actions (src/server/team/audit.ts records them; src/team/labels.ts names them). */
export type AuditAction =
  | 'enrol'
  | 'sign-in'
  | 'sign-out'
  | 'add-passkey'
  | 'view-application'
  | 'view-payment-details'
  | 'payment-details-unreadable'
  | 'download-file'
  | 'export'
  | 'invite'
  | 'revoke'
  | 'end-sessions'
  | 'change-status'
  | 'assign'
  | 'add-note'
  | 'send-decision-email'
  | 'issue-grantee-id'
  | 'reissue-grantee-id'
  // Data rights (src/server/dataRights): the target holds counts only, never the address searched for.
  | 'data-rights-find'
  | 'data-rights-export'
  | 'erase-personal-data'
  | 'retention-erase';
