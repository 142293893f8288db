import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { startRedisServer } from '../../scripts/redis-server';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { ConfigError, loadConfig } from '../../src/server/config';
import { generateSecurityId } from '../../src/server/grantees';
import { isLoopbackScrape } from '../../src/server/metrics';
import { MIGRATIONS } from '../../src/server/storage/migrations';
import { validFinanceCrypto, validOfficeHours } from '../../scripts/support/formAnswers';
import { listenInRange } from '../../scripts/support/ports';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

/** What an operator or a load balancer relies on: health, readiness, metrics, limits shared through Redis. */

const LATEST_MIGRATION = Math.max(...MIGRATIONS.map((migration) => migration.version));
/** The schema's version once the latest migration is undone (versions need not be consecutive). */
const PREVIOUS_MIGRATION = Math.max(...MIGRATIONS.map((migration) => migration.version).filter((version) => version < LATEST_MIGRATION));

/** A port of this checkout's range that nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  const port = await listenInRange((candidate) => new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(candidate, '127.0.0.1', () => resolve());
  }), probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One sample of a metric in Prometheus text, e.g. sample(text, 'http_requests_total{method="GET",…}'). */
function sample(metrics: string, series: string): number | null {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

const officeHours = () => formDefinitions['office-hours'].toPayload(validOfficeHours());
/** A well-formed security ID that no grantee has: a guess. */
const financeGuess = () => formDefinitions['grantee-finance'].toPayload({ ...validFinanceCrypto(), granteeSecurityID: generateSecurityId() });

describe.each(BACKENDS)('health and readiness on %s', (backend) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ backend });
  });
  afterEach(async () => {
    await server.close();
  });

  it('answers /healthz and /readyz with 200, uncached, once the database answers and is migrated', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ ready: true });
  });

  it('is not ready while the database lacks a migration this server needs', async () => {
    await server.database.query('DELETE FROM schema_migrations WHERE version = $1', [LATEST_MIGRATION]);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: `Not ready: the database schema is at version ${PREVIOUS_MIGRATION}, this server needs ${LATEST_MIGRATION}.` });
    // The process itself is still up: restarting it would not help.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('is not ready once the database stops answering, and counts the failures as database errors', async () => {
    await server.database.close();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: 'Not ready: the database does not answer.' });
    const stored = await postJson(server.url + endpoints.officeHours.path, officeHours());
    expect(stored.status).toBe(500);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    // readyz's query, the submission's transaction, then this scrape's two counts.
    expect(sample(metrics, 'database_errors_total')).toBeGreaterThanOrEqual(2);
    expect(metrics).not.toMatch(/^submissions_stored\{/m);
  });
});

describe('PostgreSQL ending the connections', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ backend: 'postgres' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('keeps storing applications after the database server ends its idle connections (a restart or failover), with a warning', async () => {
    // Several submissions at once leave the pool holding several idle connections.
    const before = await Promise.all([1, 2, 3].map(() => postJson(server.url + endpoints.officeHours.path, officeHours())));
    expect(before.map((response) => response.status)).toEqual([201, 201, 201]);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const database = new URL(server.config.databaseUrl ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
      await admin.connect();
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      const expected = 'PostgreSQL ended an idle connection (terminating connection due to administrator command); the next query opens a new one.';
      // One warning per ended connection: the pool has dropped them all before the next submission (a submission
      // now checks its round before its transaction, so the pool holds more than one idle connection to drop).
      await expect.poll(() => warnings.filter((warning) => warning === expected).length).toBe(ended.rowCount);
    } finally {
      process.off('warning', onWarning);
    }
    const after = await postJson(server.url + endpoints.officeHours.path, officeHours());
    expect(after.status).toBe(201);
    expect(await server.count('submissions')).toBe(4);
  });
});

describe('shutting down', () => {
  it('answers /readyz with 503 to a request that arrives while the server closes', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    // A connection whose request has begun but not ended: closing the server does not drop it.
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.close();
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('\r\n');
    expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    await closed;
  });
});

describe('metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts requests and latency by route pattern, applications by form and emails by status', async () => {
    expect((await postJson(server.url + endpoints.officeHours.path, officeHours())).status).toBe(201);
    expect((await postJson(server.url + endpoints.officeHours.path, { projectName: 'x' })).status).toBe(400);
    await fetch(`${server.url}/cursos/no-existe/?utm_source=x`);
    await fetch(`${server.url}/healthz?probe=1`);
    await fetch(`${server.url}/api/no-existe`, { method: 'DELETE' });

    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = await response.text();
    expect(sample(metrics, 'http_requests_total{method="POST",route="/api/office-hours",status_code="201"}')).toBe(1);
    expect(sample(metrics, 'http_requests_total{method="POST",route="/api/office-hours",status_code="400"}')).toBe(1);
    expect(sample(metrics, 'http_request_duration_seconds_count{method="POST",route="/api/office-hours",status_code="201"}')).toBe(1);
    expect(sample(metrics, 'http_request_duration_seconds_sum{method="POST",route="/api/office-hours",status_code="201"}')).toBeGreaterThan(0);
    // A route is named by its pattern, anything unknown under one label: never the raw URL.
    expect(sample(metrics, 'http_requests_total{method="GET",route="/healthz",status_code="200"}')).toBe(1);
    expect(sample(metrics, 'http_requests_total{method="DELETE",route="unmatched",status_code="404"}')).toBe(1);
    expect(metrics).not.toContain('no-existe');
    expect(metrics).not.toContain('utm_source');

    expect(sample(metrics, 'submissions_stored{form="office-hours"}')).toBe(1);
    const outbox = await server.database.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status');
    expect(outbox.length).toBeGreaterThan(0);
    for (const { status, n } of outbox) expect(sample(metrics, `mail_outbox_messages{status="${status}"}`)).toBe(n);
    expect(sample(metrics, 'database_errors_total')).toBe(0);
    expect(sample(metrics, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('refuses /metrics to a client the proxy forwards for, trusted or not, with the answer of a missing page', async () => {
    const forwardedFor: Array<Record<string, string>> = [{ 'x-forwarded-for': '203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }];
    for (const headers of forwardedFor) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found.' });
    }
  });

  it('serves metrics to loopback only', () => {
    const request = (remoteAddress: string, ip = remoteAddress) => ({ ip, headers: {}, socket: { remoteAddress } });
    expect(isLoopbackScrape(request('127.0.0.1'))).toBe(true);
    expect(isLoopbackScrape(request('::1'))).toBe(true);
    expect(isLoopbackScrape(request('::ffff:127.0.0.1'))).toBe(true);
    expect(isLoopbackScrape(request('10.0.0.7'))).toBe(false);
    expect(isLoopbackScrape(request('203.0.113.9'))).toBe(false);
    expect(isLoopbackScrape(request('::ffff:192.0.2.1'))).toBe(false);
    // A proxy on this machine connects from loopback but names another client.
    expect(isLoopbackScrape(request('127.0.0.1', '203.0.113.9'))).toBe(false);
  });
});

describe('metrics on METRICS_PORT', () => {
  it('serves /metrics on its own port and not on the main one', async () => {
    const metricsPort = await freePort();
    const server = await startTestServer({ env: { METRICS_PORT: String(metricsPort) } });
    try {
      // The main port has no /metrics: the path is left to the static site, which has no such page.
      const main = await fetch(`${server.url}/metrics`);
      expect(main.status).toBe(404);
      expect(await main.text()).not.toContain('http_requests_total');
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^http_requests_total\{method="GET",route="[^"]+",status_code="404"\} 1$/m);
    } finally {
      await server.close();
    }
    // Closing the server closes its metrics listener too.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('rate limits across servers', () => {
  const redisUrl = inject('redisUrl');
  beforeEach(async () => {
    const redis = new Redis(redisUrl);
    await redis.flushall();
    await redis.quit();
  });

  const guessesAllowed = async (env: Record<string, string>): Promise<number[]> => {
    const servers = [await startTestServer({ env }), await startTestServer({ env })];
    try {
      const statuses: number[] = [];
      for (let guess = 0; guess < 8; guess += 1) {
        statuses.push((await postJson(servers[guess % 2]!.url + endpoints.granteeFinance.path, financeGuess(), 'PUT')).status);
      }
      return statuses;
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  };

  it('holds the finance limit once across two servers sharing REDIS_URL', async () => {
    const statuses = await guessesAllowed({ REDIS_URL: redisUrl, FINANCE_RATE_LIMIT_PER_MINUTE: '3' });
    expect(statuses).toEqual([404, 404, 404, 429, 429, 429, 429, 429]);
  });

  it('counts per process without REDIS_URL, so two servers would allow twice the limit', async () => {
    const statuses = await guessesAllowed({ FINANCE_RATE_LIMIT_PER_MINUTE: '3' });
    expect(statuses.filter((status) => status === 404)).toHaveLength(6);
  });

  it('refuses to start when Redis cannot be reached, and refuses limited requests when Redis goes away', async () => {
    const closedPort = await freePort();
    await expect(startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${closedPort}` } })).rejects.toThrow('Redis at REDIS_URL cannot be reached (ECONNREFUSED).');

    const ownRedis = startRedisServer(await freePort());
    const server = await startTestServer({ env: { REDIS_URL: ownRedis.url } });
    try {
      expect((await postJson(server.url + endpoints.officeHours.path, officeHours())).status).toBe(201);
      ownRedis.stop();
      // No unlimited guessing while the shared counters are gone: the request fails, nothing is stored.
      const guess = await postJson(server.url + endpoints.granteeFinance.path, financeGuess(), 'PUT');
      expect(guess.status).toBe(500);
      expect(await guess.json()).toEqual({ error: 'Internal error: nothing was stored. Try again later.' });
      expect((await postJson(server.url + endpoints.officeHours.path, officeHours())).status).toBe(500);
      expect(await server.count('submissions')).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('configuration', () => {
  it('reads REDIS_URL and METRICS_PORT, and refuses values that cannot be right without echoing a password', () => {
    const config = loadConfig({ REDIS_URL: 'redis://:secret@redis.internal:6379/0', METRICS_PORT: '9464', HOST: '127.0.0.1' });
    expect(config.redisUrl).toBe('redis://:secret@redis.internal:6379/0');
    expect(config.metricsPort).toBe(9464);
    expect(config.metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'http://:secret@redis.internal' })).toThrow(new ConfigError('REDIS_URL must be a redis:// or rediss:// URL.'));
  });
});
