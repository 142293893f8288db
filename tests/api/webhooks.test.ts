import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { ConfigError } from '../../src/server/config';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { addGrantee } from '../../src/server/grantees';
import { referenceOf } from '../../src/server/mail/compose';
import { receiveApplication } from '../../src/server/applications/receive';
import { loadWebhookConfig, type WebhookConfig } from '../../src/server/webhooks/config';
import { syncWebhookEndpoints } from '../../src/server/webhooks/outbox';
import { startWebhookWorker, type WebhookWorker } from '../../src/server/webhooks/worker';
import { validFinanceFiat, validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
import { listenInRange } from '../../scripts/support/ports';
import { enrolMember, teamClient } from './support/teamClient';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const IBAN = validFinanceFiat().IBAN!;

type Received = { headers: Record<string, string>; body: string; answered: number };

/** A receiver such as n8n's: it answers 500 to the first request of every webhook-id, then 204. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const answered = seen.has(id) ? 204 : 500;
      seen.add(id);
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered).end();
    });
  });
  const port = await listenInRange((candidate) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(candidate, '127.0.0.1', () => resolve())), server);
  return { url: `http://127.0.0.1:${port}/hooks/cadena`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined, child: () => silentLog } as unknown as FastifyBaseLogger;

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook configuration', () => {
  it('is off without WEBHOOK_URLS, and refuses a secret that is not whsec_ base64 or an unknown programme', () => {
    expect(loadWebhookConfig({})).toBeNull();
    expect(() => loadWebhookConfig({ WEBHOOK_URLS: 'https://crm.example.org/hook', WEBHOOK_SECRET: 'hunter2' })).toThrow(ConfigError);
    expect(() => loadWebhookConfig({ WEBHOOK_URLS: 'ftp://crm.example.org/hook', WEBHOOK_SECRET: SECRET })).toThrow(/http\(s\) URLs/);
    expect(() => loadWebhookConfig({ WEBHOOK_URLS: 'https://crm.example.org/hook', WEBHOOK_SECRET: SECRET, WEBHOOK_ANSWERS: 'grantee-finance' })).toThrow(/never sends answers/);
  });
});

for (const backend of BACKENDS) {
  describe(`webhooks (${backend})`, () => {
    let server: TestServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let config: WebhookConfig;
    let worker: WebhookWorker;

    beforeAll(async () => {
      server = await startTestServer({ backend });
      receiver = await startReceiver();
      config = loadWebhookConfig({ WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: SECRET, WEBHOOK_ANSWERS: 'office-hours', WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_POLL_MS: '50' })!;
      // What startServer does: mark the configured endpoints active, then deliver.
      await syncWebhookEndpoints(server.database, config.urls);
      worker = startWebhookWorker({ database: server.database, config, siteOrigin: server.config.siteOrigin, log: silentLog });
    });
    afterAll(async () => {
      await worker?.stop();
      await receiver?.close();
      await server?.close();
    });

    it('delivers application.received and application.status_changed, signed, each exactly once after a failure; never payment details', async () => {
      // Office hours through the API (its programme opted in to answers); project grants through the same insert path (not opted in).
      const office = await postJson(server.url + endpoints.officeHours.path, formDefinitions['office-hours'].toPayload(validOfficeHours()));
      expect(office.status).toBe(201);
      const officeRef = referenceOf('office-hours', ((await office.json()) as { id: string }).id);
      const projectId = await receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(validProjectGrants()), upload: null });
      const projectRef = referenceOf('project-grants', projectId);
      // A grantee's payment details: no event at all.
      const { securityId } = await addGrantee(server.database, 'Grantee');
      const finance = await postJson(server.url + endpoints.granteeFinance.path, formDefinitions['grantee-finance'].toPayload({ ...validFinanceFiat(), granteeSecurityID: securityId }), 'PUT');
      expect(finance.status).toBe(201);
      // A reviewer moves the project into review.
      const reviewer = await enrolMember(server.url, server.database, `reviewer-${backend}@example.org`, 'reviewer', resolveFinanceKeys(server.config).keyring);
      const changed = await teamClient(server.url, reviewer.cookie).post('/applications/status', { references: [projectRef], status: 'in_review' });
      expect(changed.status).toBe(200);

      await until(async () => (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_outbox WHERE status = 'sent'"))[0]!.n === 3);

      const verifier = new Webhook(SECRET);
      for (const request of receiver.received) {
        // Throws unless the signature is the secret's over this id, timestamp and body.
        expect(() => verifier.verify(request.body, request.headers)).not.toThrow();
        expect(request.headers['content-type']).toBe('application/json');
      }
      expect(() => verifier.verify(receiver.received[0]!.body.replace('received', 'rejected'), receiver.received[0]!.headers)).toThrow(WebhookVerificationError);

      // Every event was refused once, then accepted once: two requests per webhook-id, one 2xx.
      const byId = new Map<string, Received[]>();
      for (const request of receiver.received) byId.set(request.headers['webhook-id']!, [...(byId.get(request.headers['webhook-id']!) ?? []), request]);
      expect(byId.size).toBe(3);
      for (const requests of byId.values()) expect(requests.map((request) => request.answered)).toEqual([500, 204]);

      const accepted = receiver.received.filter((request) => request.answered === 204).map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> });
      expect(accepted.map((event) => [event.type, event.data.reference, event.data.status, event.data.previousStatus]).sort()).toEqual(
        [
          ['application.received', officeRef, 'received', null],
          ['application.received', projectRef, 'received', null],
          ['application.status_changed', projectRef, 'in_review', 'received'],
        ].sort(),
      );
      const officeEvent = accepted.find((event) => event.data.reference === officeRef)!;
      expect(officeEvent.data).toMatchObject({ programme: 'office-hours', programmeName: 'Office Hours', link: `http://localhost:3000/equipo/solicitud/?id=${officeRef}` });
      expect(officeEvent.data.answers).toMatchObject({ email: validOfficeHours().email });
      for (const event of accepted.filter((candidate) => candidate.data.programme === 'project-grants')) expect(event.data).not.toHaveProperty('answers');
      for (const request of receiver.received) {
        expect(request.body).not.toContain(IBAN);
        expect(request.body).not.toContain('grantee-finance');
        expect(request.body).not.toContain('GF-');
      }
    });

    if (backend === 'postgres') {
      it('two servers on one PostgreSQL: each event is accepted exactly once, whichever worker delivers it', async () => {
        const second = startWebhookWorker({ database: server.database, config, siteOrigin: server.config.siteOrigin, log: silentLog });
        try {
          const before = receiver.received.length;
          const ids = [];
          for (let index = 0; index < 10; index += 1) {
            ids.push(await receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(validProjectGrants()), upload: null }));
          }
          await until(async () => (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_outbox WHERE status = 'pending'"))[0]!.n === 0);
          const accepted = receiver.received.slice(before).filter((request) => request.answered === 204);
          const references = accepted.map((request) => (JSON.parse(request.body) as { data: { reference: string } }).data.reference);
          expect(references.sort()).toEqual(ids.map((id) => referenceOf('project-grants', id)).sort());
        } finally {
          await second.stop();
        }
      });
    }
  });
}
