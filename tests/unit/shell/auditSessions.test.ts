// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSignedInAreas, routeTargets, seedSignedInSessions, signedInVisit, type AuditSessions } from '../../../scripts/audit-sessions';
import { APPLICANT_COOKIE } from '@/api/contracts/applicant';
import { resumeApplicantSession } from '@/server/applicant/sessions';
import { openDatabase } from '@/server/storage/database';
import { resumeSession, SESSION_COOKIE } from '@/server/team/sessions';

const sessions: AuditSessions = { reference: 'PG-000001', admin: `${SESSION_COOKIE}=admin`, finance: `${SESSION_COOKIE}=finance`, applicant: `${APPLICANT_COOKIE}=ana` };
const kind = () => 'page';

describe('npm run audit -- --signed-in', () => {
  it('takes team, applicant or both, and refuses anything else', () => {
    expect(parseSignedInAreas(undefined)).toEqual([]);
    expect(parseSignedInAreas('team,applicant')).toEqual(['team', 'applicant']);
    expect(() => parseSignedInAreas('teams')).toThrow('--signed-in takes team, applicant');
    expect(() => parseSignedInAreas('')).toThrow('--signed-in takes team, applicant');
  });

  it('opens Pagos as finance, the other team pages as admin, the portal as the applicant, the detail pages on the seeded application', () => {
    expect(signedInVisit('/equipo/pagos/', sessions)).toEqual({ path: '/equipo/pagos/', cookie: `${SESSION_COOKIE}=finance` });
    expect(signedInVisit('/equipo/solicitudes/', sessions)).toEqual({ path: '/equipo/solicitudes/', cookie: `${SESSION_COOKIE}=admin` });
    expect(signedInVisit('/equipo/solicitud/', sessions)).toEqual({ path: '/equipo/solicitud/?id=PG-000001', cookie: `${SESSION_COOKIE}=admin` });
    expect(signedInVisit('/mi-solicitud/solicitud/', sessions)).toEqual({ path: '/mi-solicitud/solicitud/?ref=PG-000001', cookie: `${APPLICANT_COOKIE}=ana` });
    expect(signedInVisit('/about/', sessions)).toBeNull();
    expect(signedInVisit('/mi-solicitud/', { ...sessions, applicant: null })).toBeNull();
  });

  it('adds a "(signed in)" row beside each signed-in route, with its cookie, and none beside a public page', () => {
    const targets = routeTargets(['/', '/equipo/solicitudes/', '/mi-solicitud/'], 'http://127.0.0.1:4284', sessions, kind);
    expect(targets.map((target) => [target.label, target.url, target.cookie])).toEqual([
      ['/', 'http://127.0.0.1:4284/', undefined],
      ['/equipo/solicitudes/', 'http://127.0.0.1:4284/equipo/solicitudes/', undefined],
      ['/equipo/solicitudes/ (signed in)', 'http://127.0.0.1:4284/equipo/solicitudes/', `${SESSION_COOKIE}=admin`],
      ['/mi-solicitud/', 'http://127.0.0.1:4284/mi-solicitud/', undefined],
      ['/mi-solicitud/ (signed in)', 'http://127.0.0.1:4284/mi-solicitud/', `${APPLICANT_COOKIE}=ana`],
    ]);
    expect(routeTargets(['/equipo/solicitudes/'], '', null, kind).map((target) => target.label)).toEqual(['/equipo/solicitudes/']);
  });

  describe('seeding a fresh data folder', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-sessions-'));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('leaves live sessions for an admin, a finance member and the applicant of one application', async () => {
      const seeded = await seedSignedInSessions(dataDir, ['team', 'applicant']);
      expect(seeded.reference).toMatch(/^PG-\d{6}$/);
      const token = (cookie: string | null, name: string) => {
        expect(cookie?.startsWith(`${name}=`)).toBe(true);
        return cookie!.slice(name.length + 1);
      };
      const database = await openDatabase({ dataDir, databaseUrl: null });
      try {
        expect(await resumeSession(database, token(seeded.admin, SESSION_COOKIE))).toMatchObject({ email: 'admin@example.org', role: 'admin' });
        expect(await resumeSession(database, token(seeded.finance, SESSION_COOKIE))).toMatchObject({ email: 'finance@example.org', role: 'finance' });
        expect(await resumeApplicantSession(database, token(seeded.applicant, APPLICANT_COOKIE))).toMatchObject({ email: 'ana@example.org' });
        const [row] = await database.query<{ email: string }>("SELECT payload->>'email' AS email FROM submissions WHERE form = 'project-grants'");
        expect(row?.email).toBe('ana@example.org');
      } finally {
        await database.close();
      }
    }, 120_000);
  });
});
