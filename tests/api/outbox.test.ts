import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { resolveFinanceKeys, type FinanceKeyring } from '../../src/server/finance/encryption';
import { loadMailConfig } from '../../src/server/mail/config';
import { claimDueMessage, enqueueApplicationEmails, settleMessage, type QueuedEmail } from '../../src/server/mail/outbox';
import { startOutboxWorker, type OutboxWorker } from '../../src/server/mail/worker';
import { enqueue } from '../../src/server/outbox/enqueue';
import { openDatabase } from '../../src/server/storage/database';
import { syncWebhookEndpoints } from '../../src/server/webhooks/outbox';
import { validOfficeHours } from '../../scripts/support/formAnswers';
import { eventually } from './support/restartableServer';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

/**
 * The one outbox as a feature uses it (enqueue inside its own transaction) and as an operator sees
 * it: a keyed job is sent once, a job waits for its notBefore, a job failing every attempt ends
 * dead and shows in /metrics, and two servers on one PostgreSQL never send a job twice.
 */

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined, child: () => silentLog } as unknown as FastifyBaseLogger;

/** One sample of a metric in Prometheus text. */
function sample(metrics: string, series: string): number | null {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

const reminder = (subject: string): QueuedEmail => ({ to: 'becaria@example.org', subject, text: 'Tu hito vence en 7 días.', purpose: 'reminder' });

for (const backend of BACKENDS) {
  describe(`one outbox (${backend})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    let keys: FinanceKeyring;
    let worker: OutboxWorker | null = null;

    const startWorker = (env: Record<string, string> = {}): void => {
      const config = loadMailConfig({ SMTP_URL: sink.url, MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '50', MAIL_RETRY_MAX_MS: '200', ...env });
      worker = startOutboxWorker({ database: server.database, config: { ...config, smtpUrl: sink.url }, log: silentLog, keys });
    };
    const stopWorker = async (): Promise<void> => {
      await worker?.stop();
      worker = null;
    };
    const received = (subject: string) => sink.received.filter((email) => email.headers.subject === subject);
    const metrics = async (): Promise<string> => (await fetch(`${server.url}/metrics`)).text();

    beforeAll(async () => {
      server = await startTestServer({ backend });
      sink = await startSmtpSink();
      keys = resolveFinanceKeys(server.config).keyring;
    });
    afterAll(async () => {
      await stopWorker();
      await sink?.close();
      await server?.close();
    });

    it('queues a key once, even twice at the same time, and sends it once', async () => {
      const subject = `Recordatorio de hito (${backend})`;
      const job = { kind: 'reminder', key: 'reminder:milestone:41:7d', payload: reminder(subject) } as const;
      await Promise.all([server.database.transaction((tx) => enqueue(tx, job, keys)), server.database.transaction((tx) => enqueue(tx, job, keys))]);
      await server.database.transaction((tx) => enqueue(tx, job, keys));
      expect(await server.database.query('SELECT kind FROM mail_outbox WHERE idempotency_key = $1', [job.key])).toEqual([{ kind: 'reminder' }]);

      startWorker();
      await eventually(() => received(subject).length > 0);
      await eventually(async () => (await server.database.query("SELECT 1 FROM mail_outbox WHERE status = 'pending'")).length === 0);
      await stopWorker();
      expect(received(subject)).toHaveLength(1);
    });

    it('holds a job until its notBefore', async () => {
      const subject = `Recordatorio en el futuro (${backend})`;
      const notBefore = new Date(Date.now() + 2000);
      startWorker();
      await server.database.transaction((tx) => enqueue(tx, { kind: 'reminder', key: `reminder:later:${backend}`, notBefore, payload: reminder(subject) }, keys));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(received(subject)).toHaveLength(0);
      expect(sample(await metrics(), 'outbox_jobs{kind="reminder",state="queued"}')).toBe(1);
      await eventually(() => received(subject).length > 0, 5000);
      expect(Date.now()).toBeGreaterThanOrEqual(notBefore.getTime());
      await stopWorker();
      expect(received(subject)).toHaveLength(1);
    });

    it('gives a job up after MAIL_MAX_ATTEMPTS failures, and /metrics counts it dead', async () => {
      await sink.down();
      try {
        await server.database.transaction((tx) => enqueue(tx, { kind: 'mail', payload: reminder('Nunca llega') }, keys));
        // Waiting and due: its age shows before the worker looks at it.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        expect(sample(await metrics(), 'outbox_oldest_due_seconds{kind="mail"}')).toBeGreaterThanOrEqual(1);
        expect(sample(await metrics(), 'outbox_jobs{kind="mail",state="dead"}')).toBe(0);

        startWorker({ MAIL_MAX_ATTEMPTS: '3' });
        await eventually(async () => (await server.database.query("SELECT 1 FROM mail_outbox WHERE status = 'failed'")).length === 1);
        await stopWorker();
      } finally {
        await sink.up();
      }
      expect(await server.database.query("SELECT attempts, body_ciphertext FROM mail_outbox WHERE status = 'failed'")).toEqual([{ attempts: 3, body_ciphertext: null }]);
      const text = await metrics();
      expect(sample(text, 'outbox_jobs{kind="mail",state="dead"}')).toBe(1);
      expect(sample(text, 'outbox_jobs{kind="mail",state="queued"}')).toBe(0);
      expect(sample(text, 'outbox_oldest_due_seconds{kind="mail"}')).toBe(0);
      expect(sample(text, 'mail_outbox_messages{status="failed"}')).toBe(1);
      expect(received('Nunca llega')).toHaveLength(0);
    });

    it('keys webhook deliveries per endpoint and an application\'s emails by the application: queued again, nothing new', async () => {
      await syncWebhookEndpoints(server.database, ['https://crm.example.org/hooks/cadena']);
      try {
        const response = await postJson(server.url + endpoints.officeHours.path, formDefinitions['office-hours'].toPayload(validOfficeHours()));
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: string };
        const statusChange = { kind: 'webhook', key: `status:${id}:1`, payload: { submissionId: id, type: 'application.status_changed', status: 'in_review', previousStatus: 'received' } } as const;
        for (let n = 0; n < 2; n += 1) {
          await server.database.transaction(async (tx) => {
            await enqueue(tx, statusChange, keys);
            await enqueueApplicationEmails(tx, { submissionId: id });
          });
        }
        expect(await server.database.query('SELECT event FROM webhook_outbox WHERE submission_id = $1 ORDER BY id', [id])).toEqual([
          { event: 'application.received' },
          { event: 'application.status_changed' },
        ]);
        expect(await server.database.query('SELECT audience FROM mail_outbox WHERE submission_id = $1 ORDER BY id', [id])).toEqual([{ audience: 'applicant' }, { audience: 'team' }]);
      } finally {
        await syncWebhookEndpoints(server.database, []);
      }
    });

    if (backend === 'postgres') {
      it('two servers claiming at once never take the same job', async () => {
        const jobs = 60;
        await server.database.transaction(async (tx) => {
          for (let n = 0; n < jobs; n += 1) await enqueue(tx, { kind: 'mail', key: `burst:${n}`, payload: reminder(`Aviso ${n}`) }, keys);
        });
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-second-'));
        const second = await openDatabase({ dataDir, databaseUrl: server.config.databaseUrl });
        try {
          const drain = async (database: typeof second, workerId: string): Promise<string[]> => {
            const taken: string[] = [];
            for (let message = await claimDueMessage(database, workerId, 60_000, keys); message; message = await claimDueMessage(database, workerId, 60_000, keys)) {
              taken.push(message.id);
              await settleMessage(database, workerId, message, { status: 'sent' });
            }
            return taken;
          };
          const [first, other] = await Promise.all([drain(server.database, 'server-a'), drain(second, 'server-b')]);
          const all = [...first, ...other];
          const burst = (await server.database.query<{ id: string }>("SELECT id::text AS id FROM mail_outbox WHERE idempotency_key LIKE 'burst:%'")).map((row) => row.id);
          expect(burst).toHaveLength(jobs);
          // Every job taken by one of the two, and none by both.
          expect(all).toEqual(expect.arrayContaining(burst));
          expect(new Set(all).size).toBe(all.length);
        } finally {
          await second.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      });
    }
  });
}
