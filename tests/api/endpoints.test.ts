import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type FormKey, type FormValues, type WirePayload } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { openFinancePayload, sealedPayloadColumns, type SealedPayloadRow } from '../../src/server/finance/versions';
import { bodyLimit } from '../../src/server/formRoutes';
import { addGrantee, revokeGrantee } from '../../src/server/grantees';
import { readSubmissionFile } from '../../src/server/storage/files';
import {
  validAcademicGrants,
  validDevconGrants,
  validFinanceCrypto,
  validFinanceFiat,
  validOfficeHours,
  validProjectGrants,
  validSmallGrantsEvent,
  validSmallGrantsProject,
} from '../../scripts/support/formAnswers';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

type JsonCase = { name: string; path: string; form: FormKey; values: () => FormValues };

const JSON_FORMS: readonly JsonCase[] = [
  { name: 'office hours', path: endpoints.officeHours.path, form: 'office-hours', values: validOfficeHours },
  { name: 'small grants (project)', path: endpoints.smallGrantsProject.path, form: 'small-grants', values: validSmallGrantsProject },
  { name: 'small grants (event)', path: endpoints.smallGrantsEvent.path, form: 'small-grants', values: validSmallGrantsEvent },
  { name: 'academic grants', path: endpoints.academicGrants.path, form: 'academic-grants', values: validAcademicGrants },
  { name: 'devcon grants', path: endpoints.devconGrants.path, form: 'devcon-grants', values: validDevconGrants },
];

const payloadOf = (form: FormKey, values: FormValues): WirePayload => formDefinitions[form].toPayload(values);
const without = (payload: WirePayload, ...names: string[]): WirePayload => Object.fromEntries(Object.entries(payload).filter(([name]) => !names.includes(name)));

/** A minimal PDF: what the sniffer must recognise by content. */
const pdfOf = (size: number): Buffer => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  return bytes;
};

function projectGrantForm(values: FormValues, file?: { bytes: Buffer; name: string; type?: string }): FormData {
  const body = new FormData();
  for (const [name, value] of payloadToFormEntries(payloadOf('project-grants', values))) body.append(name, value);
  if (file) body.append('uploadProposal', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  return body;
}

async function errorFields(response: Response): Promise<string[]> {
  const body = (await response.json()) as { errors: Array<{ field: string }> };
  return body.errors.map((error) => error.field);
}

describe.each(BACKENDS)('the API on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server.close();
  });

  const storedRows = async (): Promise<Array<{ form: string; endpoint: string; payload: WirePayload }>> =>
    server.database.query('SELECT form, endpoint, payload FROM submissions ORDER BY id');

  describe.each(JSON_FORMS)('$name', ({ path: endpointPath, form, values }) => {
    it('stores a valid submission as its canonical payload, without the captcha token', async () => {
      const before = await server.count('submissions');
      const response = await postJson(server.url + endpointPath, payloadOf(form, values()));
      expect(response.status).toBe(201);
      const rows = await storedRows();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toEqual({ form, endpoint: endpointPath, payload: without(payloadOf(form, values()), 'captchaToken') });
    });

    it.each([
      ['a required field missing', (payload: WirePayload) => without(payload, 'firstName'), 'firstName'],
      ['a field over its cap', (payload: WirePayload) => ({ ...payload, firstName: 'x'.repeat(41) }), 'firstName'],
      ['an unknown field', (payload: WirePayload) => ({ ...payload, isAdmin: 'yes' }), 'isAdmin'],
      ['a number where text belongs', (payload: WirePayload) => ({ ...payload, lastName: 42 }), 'lastName'],
      ['an invalid email', (payload: WirePayload) => ({ ...payload, email: 'ana@' }), 'email'],
    ])('rejects %s with 400 and stores nothing', async (_label, mutate, field) => {
      const before = await server.count('submissions');
      const response = await postJson(server.url + endpointPath, mutate(payloadOf(form, values())));
      expect(response.status).toBe(400);
      expect(await errorFields(response)).toContain(field);
      expect(await server.count('submissions')).toBe(before);
    });

    it('rejects a body that is not JSON with 415 and a body larger than the form can be with 413', async () => {
      const before = await server.count('submissions');
      const asText = await fetch(server.url + endpointPath, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(payloadOf(form, values())) });
      expect(asText.status).toBe(415);
      const limit = bodyLimit(formDefinitions[form], 'json');
      const huge = await postJson(server.url + endpointPath, { ...payloadOf(form, values()), additionalInfo: 'x'.repeat(limit) });
      expect(huge.status).toBe(413);
      expect(await server.count('submissions')).toBe(before);
    });
  });

  it('rejects a Yes/No answer sent as text instead of a boolean', async () => {
    const response = await postJson(server.url + endpoints.academicGrants.path, { ...payloadOf('academic-grants', validAcademicGrants()), repeatApplicant: 'No' });
    expect(response.status).toBe(400);
    expect(await errorFields(response)).toEqual(['repeatApplicant']);
  });

  it('rejects a field the answers hide (office hours: project name when asking for advice)', async () => {
    const before = await server.count('submissions');
    const advice = { ...validOfficeHours(), officeHoursRequest: 'Advice' };
    const response = await postJson(server.url + endpoints.officeHours.path, { ...payloadOf('office-hours', advice), projectName: 'Hidden project' });
    expect(response.status).toBe(400);
    expect(await errorFields(response)).toEqual(['projectName']);
    expect(await server.count('submissions')).toBe(before);
  });

  it('keeps the small-grants split: a project application sent to the event endpoint is refused', async () => {
    const before = await server.count('submissions');
    const response = await postJson(server.url + endpoints.smallGrantsEvent.path, payloadOf('small-grants', validSmallGrantsProject()));
    expect(response.status).toBe(400);
    expect(await server.count('submissions')).toBe(before);
  });

  describe('captcha', () => {
    it('refuses a token the verifier rejects, with 400 on the captcha field', async () => {
      const before = await server.count('submissions');
      const response = await postJson(server.url + endpoints.devconGrants.path, { ...payloadOf('devcon-grants', validDevconGrants()), captchaToken: 'forged' });
      expect(response.status).toBe(400);
      expect(await errorFields(response)).toEqual(['captchaToken']);
      expect(await server.count('submissions')).toBe(before);
    });

    it('answers 503 and stores nothing while the verifier is down', async () => {
      const before = await server.count('submissions');
      server.siteverify.down();
      try {
        const response = await postJson(server.url + endpoints.smallGrantsProject.path, payloadOf('small-grants', validSmallGrantsProject()));
        expect(response.status).toBe(503);
      } finally {
        server.siteverify.up();
      }
      expect(await server.count('submissions')).toBe(before);
    });

    it('does not ask the verifier about a submission that is invalid anyway', async () => {
      const calls = server.siteverify.calls;
      const response = await postJson(server.url + endpoints.devconGrants.path, without(payloadOf('devcon-grants', validDevconGrants()), 'eventName'));
      expect(response.status).toBe(400);
      expect(server.siteverify.calls).toBe(calls);
    });
  });

  describe('project grants (multipart, with the proposal upload)', () => {
    const url = (): string => server.url + endpoints.projectGrants.path;

    it('stores a submission with a file of exactly 4194304 bytes in the database, the original name as metadata', async () => {
      const bytes = pdfOf(4_194_304);
      const response = await fetch(url(), { method: 'POST', body: projectGrantForm(validProjectGrants(), { bytes, name: '../../etc/propuesta final.pdf' }) });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const [row] = await server.database.query<{ payload: WirePayload }>('SELECT payload FROM submissions WHERE id = $1', [id]);
      expect(row?.payload).toEqual(without(payloadOf('project-grants', validProjectGrants()), 'captchaToken'));
      const file = await readSubmissionFile(server.database, id);
      expect(file).toMatchObject({ originalName: 'propuesta final.pdf', mediaType: 'application/pdf', size: 4_194_304, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(file!.bytes.equals(bytes)).toBe(true);
      // Nothing on the server's disk: every server on the database sees the file.
      expect(fs.existsSync(path.join(server.config.dataDir, 'uploads'))).toBe(false);
    });

    it('stores a submission without a file', async () => {
      const response = await fetch(url(), { method: 'POST', body: projectGrantForm(validProjectGrants()) });
      expect(response.status).toBe(201);
    });

    it("refuses a file of 4194305 bytes with 413 and the spec's message, storing nothing", async () => {
      const before = await server.count('submissions');
      const files = await server.count('submission_files');
      const response = await fetch(url(), { method: 'POST', body: projectGrantForm(validProjectGrants(), { bytes: pdfOf(4_194_305), name: 'big.pdf' }) });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ errors: [{ field: 'uploadProposal', message: 'File size cannot exceed 4mb.' }] });
      expect(await server.count('submissions')).toBe(before);
      expect(await server.count('submission_files')).toBe(files);
    });

    it('takes the type from the content: an executable named .pdf is refused', async () => {
      const before = await server.count('submissions');
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(64)]);
      const response = await fetch(url(), { method: 'POST', body: projectGrantForm(validProjectGrants(), { bytes: elf, name: 'proposal.pdf' }) });
      expect(response.status).toBe(400);
      expect(await errorFields(response)).toEqual(['uploadProposal']);
      expect(await server.count('submissions')).toBe(before);
    });

    it('refuses two files, a JSON body, and invalid fields', async () => {
      const before = await server.count('submissions');
      const twoFiles = projectGrantForm(validProjectGrants(), { bytes: pdfOf(100), name: 'a.pdf' });
      twoFiles.append('uploadProposal', new Blob([new Uint8Array(pdfOf(100))]), 'b.pdf');
      expect((await fetch(url(), { method: 'POST', body: twoFiles })).status).toBe(413);
      expect((await postJson(url(), payloadOf('project-grants', validProjectGrants()))).status).toBe(415);
      const invalid = await fetch(url(), { method: 'POST', body: projectGrantForm({ ...validProjectGrants(), email: 'not-an-email' }) });
      expect(invalid.status).toBe(400);
      expect(await errorFields(invalid)).toEqual(['email']);
      expect(await server.count('submissions')).toBe(before);
    });

    it('counts a multipart line break (CRLF) as one character, as the browser does', async () => {
      const atCap = { ...validProjectGrants(), teamProfile: `${'a'.repeat(16_383)}\n${'b'.repeat(16_384)}` };
      expect((await fetch(url(), { method: 'POST', body: projectGrantForm(atCap) })).status).toBe(201);
    });
  });

  describe('grantee finance', () => {
    const url = (): string => server.url + endpoints.granteeFinance.path;

    it('answers 404 for an unknown security ID and stores nothing', async () => {
      const response = await postJson(url(), payloadOf('grantee-finance', validFinanceCrypto()), 'PUT');
      expect(response.status).toBe(404);
      expect(await server.count('grantee_finance_versions')).toBe(0);
    });

    it('stores each submission for a provisioned ID as a new version, without the ID itself', async () => {
      const { grantee, securityId } = await addGrantee(server.database, 'Cadena Labs');
      const first = await postJson(url(), payloadOf('grantee-finance', { ...validFinanceCrypto(), granteeSecurityID: securityId }), 'PUT');
      expect(first.status).toBe(201);
      const second = await postJson(url(), payloadOf('grantee-finance', { ...validFinanceFiat(), granteeSecurityID: securityId }), 'PUT');
      expect(second.status).toBe(201);
      const rows = await server.database.query<SealedPayloadRow & { payload: WirePayload | null }>(
        `SELECT v.payload, ${sealedPayloadColumns('v')} FROM grantee_finance_versions v WHERE v.grantee_id = $1 ORDER BY v.version`,
        [grantee.id],
      );
      expect(rows.map((row) => row.version)).toEqual([1, 2]);
      // Stored sealed (no clear payload column); opened with the server's key, exactly what was sent minus the ID.
      expect(rows.map((row) => row.payload)).toEqual([null, null]);
      const versions = rows.map((row) => openFinancePayload(resolveFinanceKeys(server.config).keyring, row));
      expect(versions[1]).toEqual(without(payloadOf('grantee-finance', validFinanceFiat()), 'granteeSecurityID'));
      expect(JSON.stringify(versions)).not.toContain(securityId);

      await revokeGrantee(server.database, grantee.id);
      const revoked = await postJson(url(), payloadOf('grantee-finance', { ...validFinanceCrypto(), granteeSecurityID: securityId }), 'PUT');
      expect(revoked.status).toBe(404);
    });

    it('rejects an address that is not 0x + 40 hex characters, and POST instead of PUT', async () => {
      const { securityId } = await addGrantee(server.database, 'Address check');
      const before = await server.count('grantee_finance_versions');
      const response = await postJson(url(), payloadOf('grantee-finance', { ...validFinanceCrypto(), ethAddress: '0x12345', granteeSecurityID: securityId }), 'PUT');
      expect(response.status).toBe(400);
      expect(await errorFields(response)).toEqual(['ethAddress']);
      expect((await postJson(url(), payloadOf('grantee-finance', { ...validFinanceCrypto(), granteeSecurityID: securityId }), 'POST')).status).toBe(404);
      expect(await server.count('grantee_finance_versions')).toBe(before);
    });
  });

  describe('newsletter', () => {
    const url = (): string => server.url + endpoints.newsletterSignup.path;

    it('stores an address once whatever its case, as pending; a repeat gets the same 201 as the first sign-up', async () => {
      const first = await postJson(url(), { email: 'Lucia@Example.org' });
      const repeat = await postJson(url(), { email: 'lucia@example.ORG' });
      expect([first.status, repeat.status]).toEqual([201, 201]);
      expect(await repeat.text()).toBe(await first.text());
      const rows = await server.database.query<{ email: string; status: string }>('SELECT email, status FROM newsletter_subscribers');
      expect(rows).toEqual([{ email: 'Lucia@Example.org', status: 'pending' }]);
    });

    it('refuses an invalid address or extra fields with a Spanish text', async () => {
      const before = await server.count('newsletter_subscribers');
      for (const body of [{ email: 'no-arroba' }, { email: 'a@b.co', name: 'x' }, { email: 5 }]) {
        const response = await postJson(url(), body);
        expect(response.status).toBe(400);
        expect(await response.text()).toBe('El correo electrónico no es válido, inténtalo de nuevo.');
      }
      expect(await server.count('newsletter_subscribers')).toBe(before);
    });
  });
});
