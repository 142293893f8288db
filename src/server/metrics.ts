import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { FINANCE_VERSIONS_TABLE, PAYMENT_DETAILS_FORM } from './finance/versions';
import { sendError } from './http';
import { JOB_STATES, OUTBOX_KINDS, outboxStats } from './outbox/queue';
import type { Database, Queryable } from './storage/database';

/**
 * GET /metrics in Prometheus text: requests and latency per route (the route's pattern, never the
 * raw URL, so a scanner cannot blow up the series), applications stored per form and emails per
 * outbox status, every outbox's jobs by kind and state with the age of the oldest due one (read
 * from the database at each scrape, so every server on one database agrees),
 * database errors, and Node's process metrics. Served on the main port to loopback only, or, with
 * METRICS_PORT, on a listener of its own (and then not on the main port).
 */

const NO_STORE = 'no-store';
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/**
 * A scrape from this machine, not through a proxy: the connection comes from loopback and carries
 * no forwarding header. A reverse proxy on this machine connects from loopback too, but it says
 * whom it forwards for, whether or not TRUST_PROXY tells the server to believe it.
 */
export function isLoopbackScrape(request: Pick<FastifyRequest, 'ip' | 'headers'> & { socket: { remoteAddress?: string | undefined } }): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

/** The same database, counting each failed statement (and failed BEGIN/COMMIT) once. */
export function countDatabaseErrors(database: Database, errors: Counter): Database {
  const counted = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      errors.inc();
      throw error;
    });
  const observed = (queryable: Queryable): Queryable => ({
    query: <Row extends object>(sql: string, params?: readonly unknown[]) => counted(queryable.query<Row>(sql, params)),
  });
  return {
    kind: database.kind,
    query: <Row extends object>(sql: string, params?: readonly unknown[]) => counted(database.query<Row>(sql, params)),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      // An error thrown by `work` is either a statement's (already counted) or the caller's own.
      let workFailed = false;
      try {
        return await database.transaction(async (tx) => {
          try {
            return await work(observed(tx));
          } catch (error) {
            workFailed = true;
            throw error;
          }
        });
      } catch (error) {
        if (!workFailed) errors.inc();
        throw error;
      }
    },
    close: () => database.close(),
  };
}

function createRegistry() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route pattern.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const databaseErrors = new Counter({ name: 'database_errors_total', help: 'Database statements (or transactions) that failed, in this process.', registers: [registry] });
  return { registry, requests, duration, databaseErrors };
}

type Sample<Label extends string> = readonly [Partial<Record<Label, string>>, number];

/** A gauge read from the database at each scrape; a failed read leaves its series out of that scrape. */
function databaseGauge<Label extends string>(registry: Registry, options: { name: string; help: string; labelNames: readonly Label[] }, read: () => Promise<ReadonlyArray<Sample<Label>>>): void {
  new Gauge({
    ...options,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [labels, value] of await read()) this.set(labels, value);
      } catch {
        // Counted in database_errors_total; the series is absent from this scrape.
      }
    },
  });
}

/** Counts read from the database at each scrape, so every server on one database agrees. */
function registerDatabaseGauges(registry: Registry, database: Database): void {
  databaseGauge(registry, { name: 'submissions_stored', help: 'Applications in the database, by form (grantee-finance: versions of payment details).', labelNames: ['form'] }, async () =>
    (
      await database.query<{ form: string; n: number }>(
        `SELECT form, count(*)::int AS n FROM submissions GROUP BY form
         UNION ALL SELECT $1::text, count(*)::int FROM ${FINANCE_VERSIONS_TABLE}`,
        [PAYMENT_DETAILS_FORM],
      )
    ).map((row) => [{ form: row.form }, row.n] as const),
  );
  databaseGauge(registry, { name: 'mail_outbox_messages', help: 'Emails in the outbox, by status (pending, sent, skipped, failed).', labelNames: ['status'] }, async () =>
    (await database.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status')).map((row) => [{ status: row.status }, row.n] as const),
  );
  databaseGauge(
    registry,
    { name: 'outbox_jobs', help: 'Outbox jobs by kind (mail, webhook, reminder) and state (queued, retrying, sent, skipped, dead).', labelNames: ['kind', 'state'] },
    async () => {
      const { jobs } = await outboxStats(database);
      // Every kind and state has a series, so an alert on `dead > 0` sees 0 before the first one.
      const zeros = OUTBOX_KINDS.flatMap((kind) => JOB_STATES.map((state) => [{ kind, state }, 0] as const));
      return [...zeros, ...jobs.map(({ kind, state, count }) => [{ kind, state }, count] as const)];
    },
  );
  databaseGauge(
    registry,
    { name: 'outbox_oldest_due_seconds', help: 'Seconds since the oldest pending job of each kind became due (0: none is waiting).', labelNames: ['kind'] },
    async () => {
      const { oldestDueSeconds } = await outboxStats(database);
      return OUTBOX_KINDS.map((kind) => [{ kind }, oldestDueSeconds[kind]] as const);
    },
  );
}

/**
 * Registers the request metrics and /metrics (here for loopback, or on METRICS_PORT), and returns
 * the database the rest of the app should use, so that its errors are counted.
 */
export function registerMetrics(app: FastifyInstance, options: { database: Database; metricsPort: number | null; metricsHost: string }): Database {
  const { registry, requests, duration, databaseErrors } = createRegistry();
  const database = countDatabaseErrors(options.database, databaseErrors);
  registerDatabaseGauges(registry, database);

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const serveMetrics = async (_request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    reply.header('cache-control', NO_STORE).type(registry.contentType);
    return registry.metrics();
  };

  if (options.metricsPort === null) {
    // Refused exactly like a path that does not exist.
    app.get('/metrics', async (request, reply) => (isLoopbackScrape(request) ? serveMetrics(request, reply) : sendError(request, reply, 404, 'Not found.')));
    return database;
  }
  const metricsServer = Fastify({ logger: false });
  metricsServer.get('/metrics', serveMetrics);
  const { metricsPort, metricsHost } = options;
  app.addHook('onReady', async () => {
    await metricsServer.listen({ host: metricsHost, port: metricsPort });
  });
  app.addHook('onClose', async () => {
    await metricsServer.close();
  });
  return database;
}
