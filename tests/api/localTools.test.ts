import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import type { RunningServer } from '../../src/server/main';
import { localToolsDir, pgliteSocketConnection, pgliteSocketPath } from '../../src/server/storage/localTools';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
import { startFakeSiteverify, TEST_SECRET, type FakeSiteverify } from '../../scripts/support/fakeSiteverify';
import { freePortInRange, npmRun } from './support/npmRun';
import { createRestartableStorage, type RestartableStorage } from './support/restartableServer';
import { postJson } from './support/testServer';

const officeHours = (): unknown => formDefinitions['office-hours'].toPayload(validOfficeHours());

describe('command-line tools while npm start runs on the embedded database', () => {
  let dataDir: string;
  let siteverify: FakeSiteverify;
  let server: ServerProcess;
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tools-out-'));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tools-'));
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    siteverify = await startFakeSiteverify();
    server = await startServerProcess({ DATA_DIR: dataDir, RECAPTCHA_SECRET_KEY: TEST_SECRET, RECAPTCHA_VERIFY_URL: siteverify.url }, await freePortInRange());
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await siteverify.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outputDir, { recursive: true, force: true });
  });

  it('npm run export -- --form office-hours prints what the running site stored', { timeout: 120_000 }, async () => {
    const response = await postJson(server.url + endpoints.officeHours.path, officeHours());
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const result = await npmRun('export', ['--form', 'office-hours'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`\n${id},OH-`);
    // The site kept answering: the tool borrowed the server's database, it did not take it.
    expect((await postJson(server.url + endpoints.officeHours.path, officeHours())).status).toBe(201);
  });

  it('npm run export -- --file writes the proposal byte for byte, and grantees add works too', { timeout: 120_000 }, async () => {
    const proposal = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 0x42)]);
    const body = new FormData();
    for (const [name, value] of payloadToFormEntries(formDefinitions['project-grants'].toPayload(validProjectGrants()))) body.append(name, value);
    body.append('uploadProposal', new Blob([new Uint8Array(proposal)], { type: 'application/pdf' }), 'propuesta.pdf');
    const response = await fetch(server.url + endpoints.projectGrants.path, { method: 'POST', body });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const target = path.join(outputDir, 'proposal.pdf');
    const exported = await npmRun('export', ['--file', id, '--out', target], { DATA_DIR: dataDir });
    expect(exported.code).toBe(0);
    expect(fs.readFileSync(target).equals(proposal)).toBe(true);

    const added = await npmRun('grantees', ['add', 'Cooperativa'], { DATA_DIR: dataDir });
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^Grantee 1 \(Cooperativa\): security ID /);
  });

  it('the sockets are in a folder only the owner may enter', () => {
    expect(fs.statSync(localToolsDir(dataDir)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(pgliteSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  });
});

describe("a tool's transaction and the server's", () => {
  let storage: RestartableStorage;
  let server: RunningServer;

  beforeAll(async () => {
    storage = await createRestartableStorage('pglite');
    server = await storage.start({});
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.close();
  });

  it("stay apart: a submission waits for the tool's open transaction, and the tool's rollback does not take it along", { timeout: 60_000 }, async () => {
    const tool = new pg.Client(pgliteSocketConnection(storage.env.DATA_DIR!));
    await tool.connect();
    try {
      await tool.query('BEGIN');
      await tool.query("INSERT INTO grantees (label, id_hash) VALUES ('rolled back', 'not-a-hash')");
      let answered = false;
      const submission = postJson(server.address + endpoints.officeHours.path, officeHours()).then((response) => {
        answered = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(answered).toBe(false);
      await tool.query('ROLLBACK');

      const response = await submission;
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect((await tool.query('SELECT form FROM submissions WHERE id = $1', [id])).rows).toEqual([{ form: 'office-hours' }]);
      expect((await tool.query('SELECT count(*)::int AS n FROM grantees')).rows).toEqual([{ n: 0 }]);

      // A tool's session settings do not follow the server into its statements (PGlite has one session).
      await tool.query("SET search_path = ''");
      expect((await postJson(server.address + endpoints.officeHours.path, officeHours())).status).toBe(201);
    } finally {
      await tool.end();
    }
  });

  it('a second server on the same folder is still refused: only tools borrow the running one', { timeout: 60_000 }, async () => {
    await expect(storage.start({})).rejects.toThrow(/in use by another server process|already open in this process/);
  });
});
