/**
 * `npm run audit -- --signed-in team,applicant`: what the audit needs to measure the team's and the
 * applicant's pages signed in. Before the audit's server starts, its own fresh data folder gets,
 * through the server's own code: the first rounds (as the server seeds them), one project grant
 * application from ana@example.org, an admin and a finance member, and a session for each of them
 * and for the applicant (src/server/team/sessions.ts, src/server/applicant/sessions.ts). The audit
 * sends the session's cookie with every request of a signed-in run (Lighthouse's extraHeaders).
 */
import { randomBytes } from 'node:crypto';
import { rounds as configuredRounds } from '../src/config/programmes';
import { endpoints } from '../src/api/endpoints';
import { APPLICANT_COOKIE } from '../src/api/contracts/applicant';
import { formDefinitions } from '../src/forms/definitions';
import { receiveApplication } from '../src/server/applications/receive';
import { startApplicantSession } from '../src/server/applicant/sessions';
import { referenceOf } from '../src/server/mail/compose';
import { seedRounds } from '../src/server/rounds/seed';
import { openDatabase } from '../src/server/storage/database';
import { SESSION_COOKIE, startSession } from '../src/server/team/sessions';
import { isTeamPath } from '../src/team/teamPath';
import type { Target } from './audit-rounds';
import { validProjectGrants } from './support/formAnswers';

export const SIGNED_IN_AREAS = ['team', 'applicant'] as const;
export type SignedInArea = (typeof SIGNED_IN_AREAS)[number];

/** Parses `--signed-in team,applicant` (either or both). */
export function parseSignedInAreas(value: string | undefined): SignedInArea[] {
  if (value === undefined) return [];
  const areas = value.split(',').filter(Boolean);
  const unknown = areas.filter((area) => !(SIGNED_IN_AREAS as readonly string[]).includes(area));
  if (areas.length === 0 || unknown.length > 0) throw new Error(`--signed-in takes ${SIGNED_IN_AREAS.join(', ')} (comma-separated)`);
  return areas as SignedInArea[];
}

/** The area a route belongs to when it is measured signed in, or null for a public page. */
export function signedInAreaOf(route: string): SignedInArea | null {
  if (isTeamPath(route)) return 'team';
  if (route === '/mi-solicitud' || route.startsWith('/mi-solicitud/')) return 'applicant';
  return null;
}

export type AuditSessions = {
  /** The seeded application's reference (PG-…), which the detail pages open. */
  readonly reference: string;
  /** Cookie headers: the admin's and the finance member's team sessions, the applicant's session. */
  readonly admin: string | null;
  readonly finance: string | null;
  readonly applicant: string | null;
};

const APPLICANT_EMAIL = 'ana@example.org';

/** Seeds the data folder (PGlite) and starts the sessions; the database is closed again before the server opens it. */
export async function seedSignedInSessions(dataDir: string, areas: readonly SignedInArea[]): Promise<AuditSessions> {
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await seedRounds(database, configuredRounds, new Date());
    const payload = formDefinitions['project-grants'].toPayload({ ...validProjectGrants(), email: APPLICANT_EMAIL, projectName: 'Explorador de bloques comunitario' });
    const id = await receiveApplication(database, { form: 'project-grants', endpoint: endpoints.projectGrants.path, payload, upload: null });
    const member = async (role: 'admin' | 'finance'): Promise<string> => {
      // A member as enrolment leaves one (the passkey is not needed: the session is started here).
      const [row] = await database.query<{ id: string }>('INSERT INTO team_members (email, role, webauthn_user_id) VALUES ($1, $2, $3) RETURNING id::text AS id', [
        `${role}@example.org`,
        role,
        randomBytes(32).toString('base64url'),
      ]);
      return `${SESSION_COOKIE}=${await startSession(database, row!.id)}`;
    };
    const team = areas.includes('team');
    return {
      reference: referenceOf('project-grants', id),
      admin: team ? await member('admin') : null,
      finance: team ? await member('finance') : null,
      applicant: areas.includes('applicant') ? `${APPLICANT_COOKIE}=${await startApplicantSession(database, APPLICANT_EMAIL)}` : null,
    };
  } finally {
    await database.close();
  }
}

/**
 * How a route is opened signed in: its address (the detail pages with the seeded application) and
 * the cookie to send (Pagos is the finance role's, every other team page the admin's). Null when
 * the route's area was not asked for.
 */
export function signedInVisit(route: string, sessions: AuditSessions): { path: string; cookie: string } | null {
  const area = signedInAreaOf(route);
  const cookie = area === 'team' ? (route.startsWith('/equipo/pagos') ? sessions.finance : sessions.admin) : area === 'applicant' ? sessions.applicant : null;
  if (!cookie) return null;
  const query = route === '/equipo/solicitud/' ? `?id=${sessions.reference}` : route === '/mi-solicitud/solicitud/' ? `?ref=${sessions.reference}` : '';
  return { path: `${route}${query}`, cookie };
}

/** Each route's row and, beside a team or applicant route of an area signed in, its "(signed in)" row. */
export function routeTargets(routes: readonly string[], origin: string, sessions: AuditSessions | null, kindOf: (route: string) => string): Target[] {
  return routes.flatMap((route) => {
    const signedOut: Target = { label: route, kind: kindOf(route), url: origin + route };
    const visit = sessions ? signedInVisit(route, sessions) : null;
    return visit ? [signedOut, { label: `${route} (signed in)`, kind: kindOf(route), url: origin + visit.path, cookie: visit.cookie }] : [signedOut];
  });
}
