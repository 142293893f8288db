import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { LOCK_FILE, openDatabase } from '../../src/server/storage/database';
import { startServerProcess } from '../../scripts/server-process';
import { listenInRange } from '../../scripts/support/ports';
import { validDevconGrants } from '../../scripts/support/formAnswers';
import { ACCEPTED_TOKEN, startFakeSiteverify, TEST_SECRET, type FakeSiteverify } from '../../scripts/support/fakeSiteverify';

/**
 * `npm start`'s process: SIGTERM lets the request in flight finish, then closes the database and
 * the lock; its log names requests by method, path and status, never by what was submitted.
 */

/** Two free ports of this checkout's range (the API files run side by side; a fixed port collided with another file's server). */
async function twoFreePorts(): Promise<[number, number]> {
  const probes = [net.createServer(), net.createServer()];
  const ports: number[] = [];
  for (const probe of probes) {
    ports.push(await listenInRange((port) => new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => resolve());
    }), probe));
  }
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return [ports[0]!, ports[1]!];
}

let dataDir: string;
let siteverify: FakeSiteverify;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  siteverify = await startFakeSiteverify();
});
afterAll(async () => {
  await siteverify.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('finishes the submission in flight on SIGTERM, refuses a second process meanwhile, releases the data folder, and logs no submitted data', { timeout: 60_000 }, async () => {
  const env = { DATA_DIR: dataDir, RECAPTCHA_SECRET_KEY: TEST_SECRET, RECAPTCHA_VERIFY_URL: siteverify.url, LOG_LEVEL: 'info' };
  const [port, secondPort] = await twoFreePorts();
  const server = await startServerProcess(env, port);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
  await expect(startServerProcess(env, secondPort)).rejects.toThrow(/exited with code 1/);

  // The verifier answers slowly, so the request is still being handled when the signal comes.
  siteverify.delay(1500);
  const inFlight = fetch(server.url + endpoints.devconGrants.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(formDefinitions['devcon-grants'].toPayload(validDevconGrants())),
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.child.kill('SIGTERM');

  expect((await inFlight).status).toBe(201);
  expect(await server.exited).toBe(0);
  const log = server.output();
  expect(log).toContain('"path":"/api/devcon-grants"');
  expect(log).toContain('"msg":"submission stored"');
  for (const personal of [validDevconGrants().email, validDevconGrants().lastName, validDevconGrants().eventName, 'remoteAddress', 'user-agent', TEST_SECRET, ACCEPTED_TOKEN]) {
    expect(log).not.toContain(personal);
  }
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    expect(await database.query('SELECT form FROM submissions')).toEqual([{ form: 'devcon-grants' }]);
  } finally {
    await database.close();
  }
});
