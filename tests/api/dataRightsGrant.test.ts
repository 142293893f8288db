import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_COOKIE } from '../../src/api/contracts/applicant';
import type { PaymentList } from '../../src/api/contracts/payments';
import { formDefinitions } from '../../src/forms/definitions';
import { AUDIT_ACTIONS } from '../../src/lib/team';
import { ERASED_GRANTEE } from '../../src/lib/payments';
import { startApplicantSession } from '../../src/server/applicant/sessions';
import { receiveApplication } from '../../src/server/applications/receive';
import type { DataRightsExport } from '../../src/server/dataRights/bundle';
import { exportPayments } from '../../src/server/export/payments';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import { sniffFileType } from '../../src/server/fileType';
import { referenceOf } from '../../src/server/mail/compose';
import { openPglite } from '../../src/server/storage/database';
import { applyMigrations } from '../../src/server/storage/migrations';
import { recordAudit } from '../../src/server/team/audit';
import { describeUpload } from '../../src/server/uploads';
import { CHECKSUMMED_ADDRESS, validFinanceCrypto, validProjectGrants } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

/**
 * A grantee's data in full, and what erasure keeps (issue 48): an approved application with a grant, two milestones,
 * two progress reports (one with a file) and a payment. The applicant's download and the team's bundle carry the grant;
 * the applicant's carries no member's identity, internal note, declaration or score, whatever the audit log says about
 * the application (every audit action is tried); erasure keeps the payment, without the person, tied to the tombstone.
 */

const EMAIL = 'rosa.mamani@example.org';
const FIRST = 'Rosa';
const LAST = 'Mamani-Condori';
const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('propuesta de Rosa '.repeat(64))]);
const REPORT_FILE = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('informe del hito 1 '.repeat(64))]);
const HASH = `0x${'cd'.repeat(32)}`;
const INTERNAL = 'interno-';
const NOTE = 'Nota interna: confirmar presupuesto con Rosa';

/** Every key of a JSON value, nested ones as a.b (arrays walked through their first item), sorted. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length > 0 ? keysOf(value[0], `${prefix}[]`) : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    // Answers are the form's fields, not the bundle's shape.
    return key === 'answers' ? [name] : [name, ...keysOf(child, name)];
  });
}

for (const backend of BACKENDS) {
  describe(`a grantee's data rights: grant, reports and payments (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<'admin' | 'reviewer' | 'finance', Member>;
    let reference = '';
    let submissionId = '';
    let milestones: string[] = [];

    beforeAll(async () => {
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
      const keys = resolveFinanceKeys(server.config).keyring;
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrolMember(server.url, server.database, `${role}@example.org`, role, keys);
      const db = server.database;
      const [reviewer] = await db.query<{ id: string }>("SELECT id::text AS id FROM team_members WHERE email = 'reviewer@example.org'");
      const upload = describeUpload(PROPOSAL, (await sniffFileType(PROPOSAL))!, 'Propuesta Rosa.pdf');
      submissionId = await receiveApplication(db, {
        form: 'project-grants',
        endpoint: '/api/project-grants',
        payload: formDefinitions['project-grants'].toPayload({ ...validProjectGrants(), firstName: FIRST, lastName: LAST, email: EMAIL }),
        upload,
      });
      reference = referenceOf('project-grants', submissionId);
      await db.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [submissionId]);
      await db.query('INSERT INTO application_notes (submission_id, member_id, body) VALUES ($1, $2, $3)', [submissionId, reviewer!.id, NOTE]);
      // A reviewer's declaration as the scoring routes store it: the conflict's reason is the team's.
      await db.query("INSERT INTO review_assignments (submission_id, member_id, declaration, declared_at, conflict_reason) VALUES ($1, $2, 'conflict', now(), 'Es mi prima')", [submissionId, reviewer!.id]);
      expect((await teamClient(server.url, members.admin.cookie).post(`/applications/${reference}/grantee`, {})).status).toBe(201);
      const [grantee] = await db.query<{ id: string }>('SELECT id::text AS id FROM grantees WHERE submission_id = $1', [submissionId]);
      await db.transaction((tx) => recordFinanceDetails(tx, grantee!.id, formDefinitions['grantee-finance'].toPayload({ ...validFinanceCrypto(), beneficiaryName: `${FIRST} ${LAST}`, contactEmail: EMAIL }), keys));
      const [grant] = await db.query<{ id: string }>("INSERT INTO grants (submission_id, amount, currency, created_at) VALUES ($1, 300000, 'USD', now() - interval '30 days') RETURNING id::text AS id", [submissionId]);
      milestones = [];
      for (const position of [1, 2]) {
        const [row] = await db.query<{ id: string }>(
          `INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state, accepted_at)
           VALUES ($1, $2, $3, 'Publicado.', '2026-12-31', 150000, $4, $5) RETURNING id::text AS id`,
          [grant!.id, position, `Taller ${position}`, position === 1 ? 'accepted' : 'delivered', position === 1 ? new Date() : null],
        );
        milestones.push(row!.id);
      }
      // Report 1 with a file, accepted by the reviewer with a comment to the grantee; report 2 with links, waiting.
      await db.query(
        `INSERT INTO milestone_reports (milestone_id, version, body, links, file_content, file_original_name, file_media_type, file_size, file_sha256, decision, comment, reviewed_by, reviewed_at)
         VALUES ($1, 1, 'Dimos el taller en Puno.', '["https://example.org/fotos"]', $2, 'Informe Rosa.pdf', 'application/pdf', $3, 'x', 'accepted', 'Muy completo.', $4, now())`,
        [milestones[0], REPORT_FILE, REPORT_FILE.length, reviewer!.id],
      );
      await db.query(`INSERT INTO milestone_reports (milestone_id, version, body, links) VALUES ($1, 1, 'Segundo taller en Juliaca.', '["https://example.org/video"]')`, [milestones[1]]);
      const paid = await teamClient(server.url, members.finance.cookie).post(`/applications/${reference}/grant/payments`, {
        milestoneId: milestones[0],
        amount: '0.5',
        currency: 'ETH',
        grantAmount: '1500.00',
        rate: '1 ETH = 3000 USD',
        paidOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        method: 'eth',
        reference: HASH,
        destination: CHECKSUMMED_ADDRESS.toLowerCase(),
      });
      expect(paid.status).toBe(201);
      // Every audit action there is, naming the application with a member's address and something internal.
      for (const action of AUDIT_ACTIONS) await recordAudit(db, { actor: 'reviewer@example.org', action, target: `${reference} reviewer@example.org conflicto ${INTERNAL}${action}` });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('the applicant’s download holds the grant, its milestones, both reports and the payment, and nothing of the team', async () => {
      const cookie = `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, EMAIL)}`;
      const response = await fetch(`${server.url}/api/applicant/data`, { headers: { cookie } });
      expect(response.status).toBe(200);
      const text = await response.text();
      const copy = JSON.parse(text) as DataRightsExport;
      const keys = keysOf(copy);
      console.info(`[${backend}] applicant's download: one file, mis-datos-<day>.json; keys:\n${keys.join('\n')}`);
      expect(Object.keys(copy).sort()).toEqual(['applications', 'email', 'emails', 'exportedAt', 'grantees', 'newsletter']);
      const [application] = copy.applications;
      expect(Object.keys(application!).sort()).toEqual(
        ['answers', 'file', 'grant', 'informationRequests', 'programme', 'reference', 'satisfaction', 'status', 'statusChangedAt', 'statusHistory', 'submittedAt', 'version', 'versions', 'withdrawal'].sort(),
      );
      // The grantee ID: where it came from and the payment details' dates; the team's label for it stays out.
      expect(copy.grantees).toEqual([{ issuedFrom: reference, createdAt: expect.any(String), revokedAt: null, paymentDetails: [{ reference: expect.stringMatching(/^GF-/), version: 1, receivedAt: expect.any(String) }] }]);
      const grant = application!.grant!;
      expect(grant).toMatchObject({ reference, amount: '3000.00', currency: 'USD', state: 'active' });
      expect(grant.milestones.map((milestone) => [milestone.title, milestone.reports.map((report) => [report.body, report.links, report.file?.name ?? null])])).toEqual([
        ['Taller 1', [['Dimos el taller en Puno.', ['https://example.org/fotos'], 'Informe Rosa.pdf']]],
        ['Taller 2', [['Segundo taller en Juliaca.', ['https://example.org/video'], null]]],
      ]);
      expect(grant.milestones[0]!.reports[0]).toMatchObject({ decision: 'accepted', comment: 'Muy completo.' });
      // One JSON file: the files are named (the portal downloads them), not placed in a folder the applicant does not get.
      expect(application!.file).toEqual({ name: 'Propuesta Rosa.pdf', mediaType: 'application/pdf', size: PROPOSAL.length, sha256: expect.any(String) });
      expect(grant.milestones[0]!.reports[0]!.file).toEqual({ name: 'Informe Rosa.pdf', mediaType: 'application/pdf', size: REPORT_FILE.length });
      expect(grant.payments).toEqual([{ paidOn: expect.any(String), amount: '0.5', currency: 'ETH', method: 'eth', reference: HASH, milestoneId: milestones[0] }]);
      // Nothing that names a member or holds the team's deliberation, whichever audit action mentioned the application.
      for (const member of Object.values(members)) expect(text).not.toContain(member.email);
      for (const action of AUDIT_ACTIONS) expect(text, action).not.toContain(`${INTERNAL}${action}`);
      for (const internal of [NOTE, 'Es mi prima', 'conflicto', 'auditMentions', 'reviewedBy', 'webhooks']) expect(text).not.toContain(internal);
      expect(text).not.toContain(CHECKSUMMED_ADDRESS.toLowerCase().slice(2, 12));
    });

    it('the team’s bundle holds the same grant with the report’s file under archivos/, and keeps the audit mentions', async () => {
      const answer = await teamClient(server.url, members.admin.cookie).post('/data-rights/export', { email: EMAIL });
      expect(answer.status).toBe(200);
      const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
      const files = Object.keys(entries).sort();
      const document = JSON.parse(strFromU8(entries['datos.json']!)) as DataRightsExport;
      console.info(`[${backend}] team's bundle files:\n${files.join('\n')}\nkeys:\n${keysOf(document).join('\n')}`);
      const reportPath = `archivos/${reference}-hito-${milestones[0]}-v1-Informe_Rosa.pdf`;
      expect(files).toEqual([`archivos/${reference}-Propuesta_Rosa.pdf`, reportPath, 'datos.json']);
      expect(Buffer.from(entries[reportPath]!).equals(REPORT_FILE)).toBe(true);
      const grant = document.applications[0]!.grant!;
      expect(grant.milestones[0]!.reports[0]!.file).toEqual({ name: 'Informe Rosa.pdf', mediaType: 'application/pdf', size: REPORT_FILE.length, path: reportPath });
      expect(grant.payments).toEqual([{ paidOn: expect.any(String), amount: '0.5', currency: 'ETH', method: 'eth', reference: HASH, milestoneId: milestones[0] }]);
      expect(document.applications[0]!.notes.map((note) => note.body)).toEqual([NOTE]);
      // The team's tool to answer the request keeps what its own log says about the application.
      expect(new Set(document.auditMentions.map((entry) => entry.action))).toEqual(new Set(AUDIT_ACTIONS));
    });

    it('erasure keeps the payment without the person, tied to the tombstone; Pagos and its CSV still list it', async () => {
      const erased = await teamClient(server.url, members.admin.cookie).post('/data-rights/erase', { email: EMAIL, confirm: EMAIL });
      expect(erased.status).toBe(200);
      const db = server.database;
      const [tombstone] = await db.query<{ id: string; target: string }>("SELECT id::text AS id, target FROM team_audit_log WHERE action = 'erase-personal-data' ORDER BY id DESC LIMIT 1");
      const kept = await db.query<Record<string, unknown>>(
        `SELECT grant_id, milestone_id, details_version, destination_ciphertext, erased_in::text AS erased_in, erased_grant_currency, erased_milestone_position,
                amount::text AS amount, currency, grant_amount::text AS grant_amount, method, reference, to_char(paid_on, 'YYYY-MM-DD') AS paid_on FROM grant_payments`,
      );
      expect(kept).toEqual([
        {
          grant_id: null, milestone_id: null, details_version: null, destination_ciphertext: null, erased_in: tombstone!.id, erased_grant_currency: 'USD', erased_milestone_position: 1,
          amount: '500000000000000000', currency: 'ETH', grant_amount: '150000', method: 'eth', reference: HASH, paid_on: expect.any(String),
        },
      ]);
      for (const table of ['submissions', 'grants', 'grant_milestones', 'milestone_reports', 'grantees', 'grantee_finance_versions', 'application_notes', 'review_assignments']) {
        expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n, table).toBe(0);
      }
      // What is left that mentions the grantee at all: the audit log (append-only) names the reference; nothing names her.
      const left: string[] = [];
      const tables = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
      for (const { name } of tables) {
        for (const row of await db.query<{ text: string }>(`SELECT t::text AS text FROM ${name} t`)) {
          const lower = row.text.toLowerCase();
          expect(lower).not.toContain(EMAIL);
          expect(lower).not.toContain(FIRST.toLowerCase());
          expect(lower).not.toContain(LAST.toLowerCase());
          if (name === 'grant_payments' || row.text.includes(reference)) left.push(`${name}: ${row.text.slice(0, 160)}`);
        }
      }
      console.info(`[${backend}] left after erasure (tombstone: ${tombstone!.target}):\n${left.join('\n')}`);
      expect(left.filter((line) => !line.startsWith('team_audit_log') && !line.startsWith('grant_payments'))).toEqual([]);

      const list = (await (await teamClient(server.url, members.finance.cookie).get('/payments?since=2000-01-01')).json()) as PaymentList;
      expect(list.payments).toEqual([
        expect.objectContaining({ applicationReference: null, grantee: ERASED_GRANTEE, milestoneTitle: 'Hito 1', amount: '0.5', currency: 'ETH', grantAmount: '1500.00', grantCurrency: 'USD', reference: HASH }),
      ]);
      const csv = await (await teamClient(server.url, members.finance.cookie).get('/payments.csv')).text();
      expect(csv).toContain(`,${ERASED_GRANTEE},Hito 1,`);
      // The accountant's export with the keyring: the erased destination is empty, not "unreadable".
      const table = await exportPayments(db, { since: null, before: null }, resolveFinanceKeys(server.config).keyring);
      expect(table.rows).toEqual([expect.arrayContaining(['', ERASED_GRANTEE, 'Hito 1', HASH])]);
      expect(table.rows[0]!.at(-1)).toBe('');
    });
  });
}

describe('migration 18', () => {
  it('keeps an existing deployment’s payments as they were, and from then on refuses to drop a payment’s grant without a tombstone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-migration-'));
    try {
      const db = await openPglite(dataDir);
      await applyMigrations(db, { through: 17 });
      const [member] = await db.query<{ id: string }>("INSERT INTO team_members (email, role, webauthn_user_id) VALUES ('fin@example.org', 'finance', 'w1') RETURNING id::text AS id");
      const [submission] = await db.query<{ id: string }>("INSERT INTO submissions (form, endpoint, payload, status) VALUES ('project-grants', '/api/project-grants', '{}', 'approved') RETURNING id::text AS id");
      const [grant] = await db.query<{ id: string }>("INSERT INTO grants (submission_id, amount, currency) VALUES ($1, 100, 'USD') RETURNING id::text AS id", [submission!.id]);
      await db.query(
        `INSERT INTO grant_payments (grant_id, amount, currency, grant_amount, paid_on, method, reference, destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id, recorded_by)
         VALUES ($1, 100, 'USD', 100, '2026-01-02', 'bank_transfer', 'TRX-1', '\\x01', '\\x02', '\\x03', 'k1', $2)`,
        [grant!.id, member!.id],
      );
      expect(await applyMigrations(db, { through: 18 })).toEqual([18]);
      expect(await db.query('SELECT grant_id::text AS grant, erased_in, reference, destination_key_id FROM grant_payments')).toEqual([{ grant: grant!.id, erased_in: null, reference: 'TRX-1', destination_key_id: 'k1' }]);
      // Deleting the application another way than the erasure would leave the person's payment without its tombstone.
      await expect(db.query('DELETE FROM submissions WHERE id = $1', [submission!.id])).rejects.toThrow(/grant_payments_erased_check/);
      await db.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
