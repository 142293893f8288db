import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinitions } from '../../src/forms/definitions';
import { DataRightsUsageError, runDataRightsCommand } from '../../src/server/cli/dataRights';
import type { DataRightsExport } from '../../src/server/dataRights/bundle';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { addGrantee, hashSecurityId } from '../../src/server/grantees';
import { referenceOf } from '../../src/server/mail/compose';
import { enqueueEmail } from '../../src/server/mail/outbox';
import { sniffFileType } from '../../src/server/fileType';
import { receiveApplication } from '../../src/server/applications/receive';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import { recordAudit } from '../../src/server/team/audit';
import { changeApplicationStatus } from '../../src/server/team/review';
import { describeUpload } from '../../src/server/uploads';
import { syncWebhookEndpoints } from '../../src/server/webhooks/outbox';
import { validFinanceFiat, validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

/** The applicant who asks: her address in the forms in two letter cases, as people type it. */
const EMAIL = 'Lucia.Fernandez@Example.org';
const FIRST = 'Lucía';
const LAST = 'Fernández-Quispe';
const IBAN = 'DE89370400440532013000';
const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('propuesta de Lucía '.repeat(64))]);
/** Someone else, who must keep everything. */
const OTHER = 'otra.persona@example.org';

type Fixture = { projectRef: string; officeRef: string; otherRef: string; financeRef: string };

/** Everything the site can hold about one applicant, each written the way the site writes it. */
async function seedApplicant(server: TestServer, admin: Member): Promise<Fixture> {
  const db = server.database;
  const [{ id: adminId }] = (await db.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [admin.email])) as [{ id: string }];
  // A webhook endpoint, so that the applications' events are queued too.
  await syncWebhookEndpoints(db, ['http://127.0.0.1:9/hook']);
  const upload = describeUpload(PROPOSAL, (await sniffFileType(PROPOSAL))!, 'Propuesta Lucía.pdf');
  const projectValues = { ...validProjectGrants(), firstName: FIRST, lastName: LAST, email: EMAIL };
  const projectId = await receiveApplication(db, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(projectValues), upload });
  const officeValues = { ...validOfficeHours(), firstName: FIRST, lastName: LAST, email: ` ${EMAIL.toLowerCase()} ` };
  const officeId = await receiveApplication(db, { form: 'office-hours', endpoint: '/api/office-hours', payload: { ...formDefinitions['office-hours'].toPayload(officeValues), email: ` ${EMAIL.toLowerCase()} ` }, upload: null });
  const otherValues = { ...validOfficeHours(), firstName: 'Otra', lastName: 'Persona', email: OTHER };
  const otherId = await receiveApplication(db, { form: 'office-hours', endpoint: '/api/office-hours', payload: formDefinitions['office-hours'].toPayload(otherValues), upload: null });

  // Reviewed and approved through the review workflow's one status path (history, audit, webhook events).
  for (const to of ['in_review', 'approved'] as const) {
    const decision = to === 'approved' ? { reason: 'meets-criteria', applicantMessage: null } : undefined;
    await db.transaction((tx) => changeApplicationStatus(tx, { key: { form: 'project-grants', rowId: projectId }, to, actor: { memberId: adminId, email: admin.email }, decision }));
  }
  await db.query('INSERT INTO application_notes (submission_id, member_id, body) VALUES ($1, $2, $3)', [projectId, adminId, `Llamar a ${FIRST} el lunes`]);
  // The grantee issued from the approved application, and the payment details she sent.
  const [grantee] = await db.query<{ id: string }>('INSERT INTO grantees (label, id_hash, submission_id) VALUES ($1, $2, $3) RETURNING id::text AS id', [
    `${referenceOf('project-grants', projectId)} ${FIRST} ${LAST}`,
    hashSecurityId('TESTSECURITYID0001').toString('hex'),
    projectId,
  ]);
  const financePayload = formDefinitions['grantee-finance'].toPayload({ ...validFinanceFiat(), beneficiaryName: `${FIRST} ${LAST}`, contactEmail: EMAIL.toUpperCase(), IBAN });
  const finance = await db.transaction((tx) => recordFinanceDetails(tx, grantee!.id, financePayload, resolveFinanceKeys(server.config).keyring));
  await db.query("INSERT INTO newsletter_subscribers (email, status) VALUES ($1, 'confirmed'), ($2, 'confirmed')", [EMAIL.toLowerCase(), OTHER]);
  await db.transaction(async (tx) => {
    const outboxId = await enqueueEmail(tx, { purpose: 'decision', to: EMAIL, subject: `Tu solicitud ${referenceOf('project-grants', projectId)}`, text: `Hola ${FIRST}` }, resolveFinanceKeys(server.config).keyring);
    await tx.query("INSERT INTO application_decision_emails (submission_id, status, outbox_id, member_id) VALUES ($1, 'approved', $2, $3)", [projectId, outboxId, adminId]);
  });
  await recordAudit(db, { actor: admin.email, action: 'view-application', target: referenceOf('project-grants', projectId) });
  return {
    projectRef: referenceOf('project-grants', projectId),
    officeRef: referenceOf('office-hours', officeId),
    otherRef: referenceOf('office-hours', otherId),
    financeRef: referenceOf('grantee-finance', finance.id),
  };
}

/** Every row of every table of the schema, as text: what "nothing left" is checked against. */
async function everyRowAsText(server: TestServer): Promise<Array<{ table: string; row: string }>> {
  const tables = await server.database.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
  const rows: Array<{ table: string; row: string }> = [];
  for (const { name } of tables) {
    for (const row of await server.database.query<{ text: string }>(`SELECT t::text AS text FROM ${name} t`)) rows.push({ table: name, row: row.text });
  }
  return rows;
}

for (const backend of BACKENDS) {
  describe(`applicants' data rights (${backend})`, () => {
    let server: TestServer;
    let admin: Member;
    let reviewer: Member;
    let finance: Member;
    let fixture: Fixture;
    let exported: { document: DataRightsExport; files: Record<string, Uint8Array> };

    beforeAll(async () => {
      server = await startTestServer({ backend });
      admin = await enrolMember(server.url, server.database, 'admin@example.org', 'admin', resolveFinanceKeys(server.config).keyring);
      reviewer = await enrolMember(server.url, server.database, 'reviewer@example.org', 'reviewer', resolveFinanceKeys(server.config).keyring);
      finance = await enrolMember(server.url, server.database, 'finance@example.org', 'finance', resolveFinanceKeys(server.config).keyring);
      fixture = await seedApplicant(server, admin);
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('authorisation: admin only, for every route', () => {
      const ROUTES = ['/data-rights/find', '/data-rights/export', '/data-rights/erase'];
      for (const route of ROUTES) {
        it(`${route}: no session 401, reviewer 403, finance 403; nothing erased`, async () => {
          const body = { email: EMAIL, confirm: EMAIL };
          expect((await teamClient(server.url, null).post(route, body)).status).toBe(401);
          expect((await teamClient(server.url, reviewer.cookie).post(route, body)).status).toBe(403);
          expect((await teamClient(server.url, finance.cookie).post(route, body)).status).toBe(403);
          expect(await server.count('submissions')).toBe(3);
        });
      }

      it('refuses a malformed address with 400, and an erasure whose confirmation differs', async () => {
        const client = teamClient(server.url, admin.cookie);
        for (const route of ROUTES) expect((await client.post(route, { email: 'not an address' })).status).toBe(400);
        const unconfirmed = await client.post('/data-rights/erase', { email: EMAIL, confirm: 'lucia@example.org' });
        expect(unconfirmed.status).toBe(400);
        expect(await unconfirmed.json()).toEqual({ error: 'Para borrar, repite el correo en "confirm".' });
        expect(await server.count('submissions')).toBe(3);
      });
    });

    it('find: counts every record of the address, in any letter case, and no one else’s', async () => {
      const answer = await teamClient(server.url, admin.cookie).post('/data-rights/find', { email: EMAIL.toUpperCase() });
      expect(answer.status).toBe(200);
      const found = (await answer.json()) as { counts: Record<string, number>; references: string[] };
      expect(found.counts).toEqual({
        submissions: 2,
        files: 1,
        statusHistory: 4,
        notes: 1,
        decisionEmails: 1,
        grantees: 1,
        financeVersions: 1,
        newsletter: 1,
        // applicant + team email of each application and of the finance version, and the decision email
        emails: 7,
        webhooks: 4,
        // the view and the two status changes name the reference
        auditMentions: 3,
      });
      expect(found.references.sort()).toEqual([fixture.financeRef, fixture.officeRef, fixture.projectRef].sort());
    });

    it('export: one zip with datos.json and the proposal beside it, bytes identical; payment details listed, sealed', async () => {
      const answer = await teamClient(server.url, admin.cookie).post('/data-rights/export', { email: EMAIL });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/zip');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="datos-personales-\d{4}-\d{2}-\d{2}\.zip"$/);
      const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
      const document = JSON.parse(strFromU8(entries['datos.json']!)) as DataRightsExport;
      exported = { document, files: entries };
      expect(Object.keys(entries).sort()).toEqual(['archivos/' + `${fixture.projectRef}-Propuesta_Luci_a.pdf`, 'datos.json'].sort());
      const project = document.applications.find((application) => application.reference === fixture.projectRef)!;
      expect(project.answers).toMatchObject({ firstName: FIRST, lastName: LAST, email: EMAIL });
      expect(project.status).toBe('approved');
      expect(project.statusHistory.map((entry) => entry.to)).toEqual(['received', 'in_review', 'approved']);
      expect(project.notes.map((note) => note.body)).toEqual([`Llamar a ${FIRST} el lunes`]);
      expect(Buffer.from(entries[project.file!.path]!).equals(PROPOSAL)).toBe(true);
      expect(project.file!.sha256).toBe(createHash('sha256').update(PROPOSAL).digest('hex'));
      expect(document.applications.map((application) => application.reference).sort()).toEqual([fixture.officeRef, fixture.projectRef].sort());
      expect(document.grantees).toHaveLength(1);
      expect(document.grantees[0]!.issuedFrom).toBe(fixture.projectRef);
      // An admin's export: only the finance role decrypts payment details in the team area (the CLI export does, below).
      expect(document.grantees[0]!.paymentDetails).toEqual([
        { reference: fixture.financeRef, version: 1, receivedAt: expect.any(String), beneficiaryName: `${FIRST} ${LAST}`, contactEmail: EMAIL.toUpperCase(), answers: null, sealed: true },
      ]);
      expect(strFromU8(entries['datos.json']!)).not.toContain(IBAN);
      expect(document.newsletter).toEqual([expect.objectContaining({ email: EMAIL.toLowerCase(), status: 'confirmed' })]);
      expect(document.emails).toHaveLength(7);
      expect(document.webhooks.map((webhook) => webhook.event)).toEqual(['application.received', 'application.received', 'application.status_changed', 'application.status_changed']);
      expect(document.auditMentions.map((entry) => entry.action)).toEqual(['change-status', 'change-status', 'view-application']);
      expect(JSON.stringify(document)).not.toContain(OTHER);
    });

    it('erase: nothing of the applicant is left in any table, file or queued email; the tombstone holds counts only', async () => {
      const before = await everyRowAsText(server);
      expect(before.some(({ row }) => row.toLowerCase().includes(EMAIL.toLowerCase()))).toBe(true);

      const answer = await teamClient(server.url, admin.cookie).post('/data-rights/erase', { email: EMAIL.toLowerCase(), confirm: EMAIL });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { counts: Record<string, number> }).counts).toMatchObject({ submissions: 2, files: 1, financeVersions: 1, emails: 7, webhooks: 4, decisionEmails: 1, newsletter: 1 });

      const after = await everyRowAsText(server);
      const traces = after.filter(({ row }) => {
        const text = row.toLowerCase();
        return text.includes(EMAIL.toLowerCase()) || text.includes(FIRST.toLowerCase()) || text.includes(LAST.toLowerCase()) || text.includes(IBAN.toLowerCase());
      });
      expect(traces).toEqual([]);
      // Not a row, not a byte: the proposal is gone from the files table.
      expect(await server.database.query('SELECT 1 FROM submission_files WHERE content = $1', [PROPOSAL])).toEqual([]);
      for (const table of ['submission_files', 'grantee_finance_versions', 'grantees', 'application_notes', 'application_decision_emails', 'webhook_outbox'] as const) {
        expect((await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n, table).toBe(table === 'webhook_outbox' ? 1 : 0);
      }
      // The other person keeps her application, its emails and webhook, and her subscription.
      expect(await server.count('submissions')).toBe(1);
      expect(await server.count('newsletter_subscribers')).toBe(1);
      expect((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE submission_id IS NOT NULL'))[0]!.n).toBe(2);
      expect(after.some(({ row }) => row.includes(OTHER))).toBe(true);

      // What the export had is what was erased: the bundle taken before is the applicant's copy.
      expect(exported.document.applications).toHaveLength(2);

      const audit = await server.database.query<{ actor: string; action: string; target: string }>(
        "SELECT actor, action, target FROM team_audit_log WHERE action IN ('data-rights-find', 'data-rights-export', 'erase-personal-data') ORDER BY id",
      );
      expect(audit.map((entry) => [entry.actor, entry.action])).toEqual([
        ['admin@example.org', 'data-rights-find'],
        ['admin@example.org', 'data-rights-export'],
        ['admin@example.org', 'erase-personal-data'],
      ]);
      expect(audit[0]!.target).toBe('23 registros, 3 menciones en la auditoría');
      expect(audit[1]!.target).toBe('23 registros, 1 archivo');
      expect(audit[2]!.target).toBe('webhooks=4 decisionEmails=1 emails=7 files=1 statusHistory=4 notes=1 financeVersions=1 grantees=1 submissions=2 newsletter=1');
      for (const entry of audit) expect(entry.target.toLowerCase()).not.toContain('lucia');

      const again = (await (await teamClient(server.url, admin.cookie).post('/data-rights/find', { email: EMAIL })).json()) as { counts: Record<string, number> };
      expect(again.counts).toMatchObject({ submissions: 0, files: 0, grantees: 0, financeVersions: 0, newsletter: 0, emails: 0, webhooks: 0 });
    });

    if (backend === 'postgres') {
      it('the CLI finds, exports to a folder (datos.json and the file beside it) and erases, each audited as cli', async () => {
        const env = { DATA_DIR: server.config.dataDir, DATABASE_URL: server.config.databaseUrl ?? '' };
        const values = { ...validProjectGrants(), firstName: FIRST, lastName: LAST, email: EMAIL };
        const upload = describeUpload(PROPOSAL, (await sniffFileType(PROPOSAL))!, 'Propuesta Lucía.pdf');
        const id = await receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(values), upload });
        const reference = referenceOf('project-grants', id);
        const { grantee } = await addGrantee(server.database, 'CLI grantee');
        const financePayload = formDefinitions['grantee-finance'].toPayload({ ...validFinanceFiat(), contactEmail: EMAIL, IBAN });
        await server.database.transaction((tx) => recordFinanceDetails(tx, grantee.id, financePayload, resolveFinanceKeys(server.config).keyring));

        const found = await runDataRightsCommand(['find', '--email', EMAIL], { env });
        expect(found).toContain('submissions\t1');
        expect(found).toContain('financeVersions\t1');
        expect(found.at(-1)).toMatch(new RegExp(`^references\t${reference} GF-\\d{6}$`));

        const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'data-rights-'));
        const listing = await runDataRightsCommand(['export', '--email', EMAIL, '--out', 'bundle'], { env, cwd: parent });
        expect(listing.map((line) => path.relative(parent, line.split('\t')[0]!)).sort()).toEqual([`bundle/archivos/${reference}-Propuesta_Luci_a.pdf`, 'bundle/datos.json']);
        expect(fs.readFileSync(path.join(parent, 'bundle/archivos', `${reference}-Propuesta_Luci_a.pdf`)).equals(PROPOSAL)).toBe(true);
        const document = JSON.parse(fs.readFileSync(path.join(parent, 'bundle/datos.json'), 'utf8')) as DataRightsExport;
        expect(document.applications.map((application) => application.reference)).toEqual([reference]);
        // The operator's export holds the key: payment details decrypted, as `npm run export -- --include-finance` does.
        expect(document.grantees[0]!.paymentDetails[0]!.answers).toMatchObject({ IBAN });
        expect(fs.statSync(path.join(parent, 'bundle/datos.json')).mode & 0o777).toBe(0o600);
        await expect(runDataRightsCommand(['export', '--email', EMAIL, '--out', 'bundle'], { env, cwd: parent })).rejects.toThrow(DataRightsUsageError);

        await expect(runDataRightsCommand(['erase', '--email', EMAIL], { env })).rejects.toThrow(/--yes/);
        const erased = await runDataRightsCommand(['erase', '--email', EMAIL, '--yes'], { env });
        expect(erased).toEqual(['Erased. Tombstone in the audit log: webhooks=1 decisionEmails=0 emails=4 files=1 statusHistory=1 notes=0 financeVersions=1 grantees=1 submissions=1 newsletter=0']);
        const audit = await server.database.query<{ action: string }>("SELECT action FROM team_audit_log WHERE actor = 'cli' AND action <> 'invite' ORDER BY id");
        expect(audit.map((entry) => entry.action)).toEqual(['data-rights-find', 'data-rights-export', 'erase-personal-data']);
        fs.rmSync(parent, { recursive: true, force: true });
      });
    }
  });
}
