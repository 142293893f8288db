import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type FieldDefinition, type FormValues, type WirePayload } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { FINANCE_WARNING, runExportCommand, UsageError } from '../../src/server/export/cli';
import { addGrantee } from '../../src/server/grantees';
import type { RunningServer } from '../../src/server/main';
import { validFinanceCrypto, validProjectGrants } from '../unit/forms/definitions/fixtures';
import { createRestartableStorage, type RestartableStorage } from './support/restartableServer';
import { postJson } from './support/testServer';

const projectDir = path.resolve(__dirname, '../..');
const definition = formDefinitions['project-grants'];

/** Free text: typed by the applicant, no pattern or option list to satisfy. */
const isFreeText = (field: FieldDefinition): boolean => (field.kind === 'text' || field.kind === 'textarea') && !field.pattern && !field.checks && !field.options;

/** Every free-text answer holds a comma, quotes and accents; the long answers also line breaks. */
function trickyProjectGrant(): FormValues {
  const values = validProjectGrants();
  for (const field of definition.fields.filter(isFreeText)) {
    if (!field.visibleWhen || field.visibleWhen(values)) {
      const tricky = field.kind === 'textarea' ? `Línea "uno", con ñ y acentos: áéíóú\nLínea dos; "fin", ¿sí?` : `Peña, "La Señal"`;
      values[field.name] = tricky.slice(0, field.maxLength ?? tricky.length);
    }
  }
  return values;
}

const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]);
// A comma and an accent (browsers send quotes in file names as %22).
const PROPOSAL_NAME = 'propuesta, versión final.pdf';

type Run = { stdout: string; stderr: string };

describe('npm run export', () => {
  let storage: RestartableStorage;
  let submissionId: string;
  let sentPayload: WirePayload;
  let financeSecurityId: string;
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-out-'));

  const run = async (...args: string[]): Promise<Run> => {
    const result = { stdout: '', stderr: '' };
    await runExportCommand(args, { stdout: (text) => (result.stdout += text), stderr: (text) => (result.stderr += text) }, { env: storage.env, projectDir, outputDir });
    return result;
  };

  beforeAll(async () => {
    storage = await createRestartableStorage();
    const server: RunningServer = await storage.start({});
    try {
      const values = trickyProjectGrant();
      sentPayload = definition.toPayload(values);
      const body = new FormData();
      for (const [name, value] of payloadToFormEntries(sentPayload)) body.append(name, value);
      body.append('uploadProposal', new Blob([new Uint8Array(PROPOSAL)], { type: 'application/pdf' }), PROPOSAL_NAME);
      const response = await fetch(server.address + endpoints.projectGrants.path, { method: 'POST', body });
      expect(response.status).toBe(201);
      submissionId = ((await response.json()) as { id: string }).id;

      const { securityId } = await addGrantee(server.database, 'Cooperativa Ñandú');
      financeSecurityId = securityId;
      const finance = await postJson(server.address + endpoints.granteeFinance.path, formDefinitions['grantee-finance'].toPayload({ ...validFinanceCrypto(), granteeSecurityID: securityId }), 'PUT');
      expect(finance.status).toBe(201);
    } finally {
      // The CLI opens the same PGlite folder, which one process at a time may hold.
      await server.stop();
    }
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(outputDir, { recursive: true, force: true });
  });

  it('writes CSV that round-trips through csv-parse: one column per field, labelled, every value as sent', async () => {
    const { stdout } = await run('--form', 'project-grants');
    expect(stdout.startsWith('\uFEFF')).toBe(true);
    const [headers, ...records] = parse(stdout, { bom: true }) as string[][];
    const answerFields = definition.fields.filter((field) => field.kind !== 'captcha' && field.kind !== 'file');
    expect(headers).toEqual(['Submission ID', 'Reference', 'Submitted at', ...answerFields.map((field) => field.label), 'Uploaded file', 'Fetch file command']);
    expect(records).toHaveLength(1);
    const record = Object.fromEntries(headers!.map((header, index) => [header, records[0]![index]]));
    for (const field of answerFields) expect(record[field.label], field.name).toBe(sentPayload[field.name] === undefined ? '' : String(sentPayload[field.name]));
    // The tricky characters really are in there.
    expect(answerFields.filter((field) => record[field.label]!.includes('"La Señal"')).length).toBeGreaterThan(3);
    expect(answerFields.filter((field) => record[field.label]!.includes('\n')).length).toBeGreaterThan(3);
    expect(record).toMatchObject({ 'Submission ID': submissionId, Reference: `PG-${submissionId.padStart(6, '0')}`, 'Uploaded file': PROPOSAL_NAME, 'Fetch file command': `npm run export -- --file ${submissionId}` });
    expect(Date.parse(record['Submitted at']!)).toBeGreaterThan(Date.now() - 600_000);
  });

  it('writes JSON with the same columns, to a file with --out', async () => {
    const { stdout, stderr } = await run('--form', 'project-grants', '--format', 'json', '--out', 'project.json');
    expect(stdout).toBe('');
    expect(stderr).toContain('Wrote 1 project-grants applications to project.json');
    const [row] = JSON.parse(fs.readFileSync(path.join(outputDir, 'project.json'), 'utf8')) as Array<Record<string, string>>;
    const description = definition.fields.find((field) => field.name === 'projectDescription')!;
    expect(row![description.label]).toBe(sentPayload.projectDescription);
    expect(row!['Submission ID']).toBe(submissionId);
  });

  it('leaves out applications before --since', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { stdout } = await run('--form', 'project-grants', '--since', tomorrow);
    expect(parse(stdout, { bom: true })).toHaveLength(1);
    await expect(run('--form', 'project-grants', '--since', 'ayer')).rejects.toThrow(UsageError);
  });

  it('writes the uploaded file, byte for byte, under its original name', async () => {
    const { stderr } = await run('--file', submissionId);
    const written = path.join(outputDir, `${submissionId}-${PROPOSAL_NAME}`);
    expect(fs.readFileSync(written).equals(PROPOSAL)).toBe(true);
    expect(stderr).toContain(PROPOSAL_NAME);
    // Never over an existing file.
    await expect(run('--file', submissionId)).rejects.toThrow(/EEXIST/);
  });

  it('exports grantee finance only with --include-finance, warning on stderr, without the security ID', async () => {
    await expect(run('--form', 'grantee-finance')).rejects.toThrow('--include-finance');
    const { stdout, stderr } = await run('--form', 'grantee-finance', '--include-finance');
    expect(stderr).toBe(`${FINANCE_WARNING}\n`);
    const [headers, record] = parse(stdout, { bom: true }) as string[][];
    const securityIdField = formDefinitions['grantee-finance'].fields.find((field) => field.name === 'granteeSecurityID')!;
    expect(headers).not.toContain(securityIdField.label);
    expect(record).toContain('Cooperativa Ñandú');
    expect(record).toContain(validFinanceCrypto().ethAddress);
    expect(stdout).not.toContain(financeSecurityId);
    expect(stderr).not.toContain(validFinanceCrypto().ethAddress);
  });
});
