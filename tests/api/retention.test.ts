import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinitions } from '../../src/forms/definitions';
import type { FormKey } from '../../src/forms/definitions/types';
import { loadRetentionPeriods, RETENTION_LOCK_KEY, retentionTask, sweepRetention } from '../../src/server/dataRights/retention';
import { sniffFileType } from '../../src/server/fileType';
import { receiveApplication } from '../../src/server/applications/receive';
import { describeUpload } from '../../src/server/uploads';
import { validOfficeHours, validProjectGrants, validSmallGrantsProject } from '../../scripts/support/formAnswers';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x42)]);
const PERIOD_SECONDS = 2;

const FIXTURES: Partial<Record<FormKey, () => Record<string, string>>> = {
  'project-grants': validProjectGrants,
  'small-grants': validSmallGrantsProject,
  'office-hours': validOfficeHours,
};

async function application(server: TestServer, form: 'project-grants' | 'small-grants' | 'office-hours', status: string, email: string): Promise<string> {
  const values = { ...FIXTURES[form]!(), email };
  const upload = form === 'project-grants' ? describeUpload(PROPOSAL, (await sniffFileType(PROPOSAL))!, 'propuesta.pdf') : null;
  const endpoint = form === 'small-grants' ? '/api/small-grants/project' : `/api/${form}`;
  const id = await receiveApplication(server.database, { form, endpoint, payload: formDefinitions[form].toPayload(values), upload });
  // The decision, as the review workflow records it: the status and when it changed.
  await server.database.query('UPDATE submissions SET status = $2, status_changed_at = now() WHERE id = $1', [id, status]);
  return id;
}

const exists = async (server: TestServer, id: string): Promise<boolean> => (await server.database.query('SELECT 1 FROM submissions WHERE id = $1', [id])).length === 1;

describe('retention periods in configuration', () => {
  it('reads a whole number and a unit per programme, and refuses anything else naming the variable', () => {
    expect(loadRetentionPeriods({ NEXT_PUBLIC_PROJECT_GRANTS_RETENTION: '6 months', NEXT_PUBLIC_OFFICE_HOURS_RETENTION: '90days', NEXT_PUBLIC_SMALL_GRANTS_RETENTION: '' })).toEqual({
      'project-grants': { amount: 6, unit: 'month' },
      'office-hours': { amount: 90, unit: 'day' },
    });
    expect(() => loadRetentionPeriods({ NEXT_PUBLIC_DEVCON_GRANTS_RETENTION: '30k' })).toThrow(/NEXT_PUBLIC_DEVCON_GRANTS_RETENTION must be a whole number above 0 and a unit/);
    expect(() => loadRetentionPeriods({ NEXT_PUBLIC_DEVCON_GRANTS_RETENTION: '0 days' })).toThrow(/NEXT_PUBLIC_DEVCON_GRANTS_RETENTION/);
  });

  it('with no period set, no sweeper runs: nothing is erased automatically', () => {
    expect(retentionTask({ database: null as never, periods: {}, log: null as never })).toBeNull();
  });
});

for (const backend of BACKENDS) {
  describe(`retention sweep (${backend})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ backend });
    });
    afterAll(async () => {
      await server?.close();
    });

    it(`a rejected application disappears on the first sweep after ${PERIOD_SECONDS} s, with its tombstone; an approved one stays`, async () => {
      const periods = loadRetentionPeriods({ NEXT_PUBLIC_PROJECT_GRANTS_RETENTION: `${PERIOD_SECONDS} seconds`, NEXT_PUBLIC_SMALL_GRANTS_RETENTION: '1 hour' });
      const rejected = await application(server, 'project-grants', 'rejected', 'rechazada@example.org');
      const withdrawn = await application(server, 'project-grants', 'withdrawn', 'retirada@example.org');
      const approved = await application(server, 'project-grants', 'approved', 'aprobada@example.org');
      const inReview = await application(server, 'project-grants', 'in_review', 'revision@example.org');
      const recentlyRejected = await application(server, 'small-grants', 'rejected', 'pequena@example.org');
      const noPeriod = await application(server, 'office-hours', 'rejected', 'sin-plazo@example.org');

      // Before the period has passed, the sweep erases nothing.
      expect(await sweepRetention(server.database, periods)).toEqual({ skipped: false, erased: {} });
      expect(await exists(server, rejected)).toBe(true);

      await new Promise((resolve) => setTimeout(resolve, PERIOD_SECONDS * 1000 + 300));
      expect(await sweepRetention(server.database, periods)).toEqual({ skipped: false, erased: { 'project-grants': 2 } });

      expect(await exists(server, rejected)).toBe(false);
      expect(await exists(server, withdrawn)).toBe(false);
      for (const kept of [approved, inReview, recentlyRejected, noPeriod]) expect(await exists(server, kept)).toBe(true);
      // Its file and its queued emails went with it.
      const leftovers = await server.database.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM submission_files WHERE submission_id = ANY($1::bigint[])) + (SELECT count(*) FROM mail_outbox WHERE submission_id = ANY($1::bigint[]))::int AS n`,
        [[rejected, withdrawn]],
      );
      expect(Number(leftovers[0]!.n)).toBe(0);
      expect(await server.count('submission_files')).toBe(2);

      const tombstones = await server.database.query<{ actor: string; action: string; target: string }>("SELECT actor, action, target FROM team_audit_log WHERE action = 'retention-erase' ORDER BY id");
      expect(tombstones).toEqual([
        { actor: 'retention', action: 'retention-erase', target: 'webhooks=0 decisionEmails=0 emails=2 files=1 statusHistory=1 notes=0 financeVersions=0 grantees=0 submissions=1 newsletter=0' },
        { actor: 'retention', action: 'retention-erase', target: 'webhooks=0 decisionEmails=0 emails=2 files=1 statusHistory=1 notes=0 financeVersions=0 grantees=0 submissions=1 newsletter=0' },
      ]);
      for (const tombstone of tombstones) expect(tombstone.target).not.toMatch(/@|PG-/);

      // The next sweep has nothing left to do.
      expect(await sweepRetention(server.database, periods)).toEqual({ skipped: false, erased: {} });
    });

    if (backend === 'postgres') {
      it('with two servers on one PostgreSQL, a sweep while another holds the lock skips', async () => {
        const periods = loadRetentionPeriods({ NEXT_PUBLIC_PROJECT_GRANTS_RETENTION: '1 second' });
        const report = await server.database.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [RETENTION_LOCK_KEY]);
          return sweepRetention(server.database, periods);
        });
        expect(report).toEqual({ skipped: true, erased: {} });
      });
    }
  });
}
