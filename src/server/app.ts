import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type http from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type RouteOptions } from 'fastify';
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha';
import type { ServerConfig } from './config';
import { resolveFinanceKeys, type FinanceKeyring } from './finance/encryption';
import { registerFormRoutes, type FormRegistry } from './formRoutes';
import { registerHealthRoutes } from './health';
import { NOT_UTF8_MESSAGE, RequestError, sendError } from './http';
import { registerMetrics } from './metrics';
import { registerNewsletterRoutes } from './newsletter';
import { registerDaoip5Routes } from './openBooks/daoip5Routes';
import { guardStateChangingRoutes } from './origin';
import { registerRateLimit } from './rateLimit';
import { registerRoundGuard } from './rounds/accept';
import { registerPublicRoundRoutes } from './rounds/publicRoutes';
import { registerOpenBooksRoutes } from './openBooks/publicRoutes';
import { REVIEW_CONFIG_SEED_MESSAGE, seedRoundReviews } from './rounds/reviewSetup';
import { seedRounds, SETTINGS_UNREAD_MESSAGE } from './rounds/seed';
import { rounds as configuredRounds } from '../config/programmes';
import { newsletterMessages } from '../lib/newsletter';
import { answerClientError, contentSecurityPolicy, inlineScriptHashesByPage, securityHeaders, STATIC_ASSET_CSP, teamContentSecurityPolicy } from './security';
import { cacheControlFor, resolveStaticFile, REVALIDATE_CACHE } from './staticSite';
import { teamSessionOfCookies } from './team/sessions';
import { signInUrl, TEAM_PAGES_WITHOUT_SESSION, teamRoutes as teamPages } from '../lib/team';
import { teamRoutes } from './team/routes/index';
import { strictValidatorCompiler } from './validation';
import { applicantRoutes } from './applicant/routes/index';
import type { Database } from './storage/database';

export type AppDependencies = {
  readonly config: ServerConfig;
  readonly database: Database;
  readonly forms: FormRegistry;
  /** Defaults to siteverify at config.recaptchaVerifyUrl with config.recaptchaSecret. */
  readonly verifyCaptcha?: CaptchaVerifier;
  /** false silences the log (tests); default: the configured level, with the private serializers. */
  readonly logger?: false;
  /** Seals and opens payment details; default: resolveFinanceKeys(config). */
  readonly financeKeys?: FinanceKeyring;
  /** Told of every route as it is registered (tests walk them: tests/api/textFields.test.ts). */
  readonly onRoute?: (route: RouteOptions) => void;
  /** The clock that decides rounds (which one takes an application, their state); default the real one. Tests control it. */
  readonly now?: () => Date;
};

/**
 * Request logs carry method, path (no query string) and status: no addresses, no bodies, no
 * headers, so no personal data and no secrets.
 */
const PRIVATE_LOGGER = {
  serializers: {
    req: (request: { method: string; url: string }) => ({ method: request.method, path: request.url.split('?')[0] }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  },
};

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

type HttpError = { statusCode?: number; code?: string; name?: string };

/** Longest URL answered normally (browsers send far shorter ones); longer gets 414. */
const MAX_URL_LENGTH = 4096;
/** How often node:http looks for requests past their timeout (its default, 30 s, made a 10 s timeout take up to 90 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 500;

/** Each built page's Content-Security-Policy (with its inline scripts' hashes); `csp` for API and error answers. */
function pagePoliciesOf(config: ServerConfig, csp: string): (file: string) => string {
  const pagePolicies = new Map<string, string>();
  const teamPages = path.resolve(config.outDir, 'equipo') + path.sep;
  for (const [file, hashes] of inlineScriptHashesByPage(config.outDir)) {
    const teamPage = file.startsWith(teamPages);
    pagePolicies.set(file, teamPage ? teamContentSecurityPolicy(hashes) : contentSecurityPolicy({ inlineScriptHashes: hashes, analyticsOrigin: config.analyticsOrigin }));
  }
  return (file: string): string => pagePolicies.get(path.resolve(file)) ?? (file.endsWith('.html') ? csp : STATIC_ASSET_CSP);
}

function serverOptions(deps: AppDependencies, csp: string): FastifyHttpOptions<http.Server> {
  const { config } = deps;
  return {
    logger: deps.logger ?? { level: config.logLevel, ...PRIVATE_LOGGER },
    // A hop count n: trust the n proxies nearest to this server.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // node:http enforces both: the headers, then the whole request, must arrive within the setting.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    // Submissions are small; a connection that idles this long between requests is closed.
    keepAliveTimeout: 10_000,
    // Answered by the onRequest hook in answerWhileClosing instead, with the security headers.
    return503OnClosing: false,
    // Errors before a request exists (timeouts, oversized headers, unparseable HTTP).
    clientErrorHandler: (error, socket) => answerClientError(error, socket, csp),
    // Errors before routing (a URL that does not decode): answered like any other error. Such a
    // reply skips the hooks, so it takes the security headers here.
    frameworkErrors: (error, request, reply) => {
      const tooLong = (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply.headers(securityHeaders({ csp, overTls: request.protocol === 'https' }));
      return sendError(request, reply, tooLong ? 414 : 400, tooLong ? 'The URL is too long.' : 'Malformed URL.');
    },
  };
}

/** Security headers on every answer; while shutting down, 503 for new requests and no keep-alive. */
function guardEveryAnswer(app: FastifyInstance, config: ServerConfig, csp: string): void {
  // While shutting down, answers to the requests still in flight close their connection, so
  // that close() need not wait for idle keep-alive connections to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) return sendError(request, reply, 503, 'The server is restarting; try again in a moment.');
    if (request.url.length > MAX_URL_LENGTH) return sendError(request, reply, 414, 'The URL is too long.');
    return undefined;
  });
  // Before any route is registered: every state-changing route gets the cross-site check.
  guardStateChangingRoutes(app, config.allowedOrigins);
  app.addHook('onSend', async (request, reply) => {
    // A static file's policy is set by the route that serves it.
    const policy = reply.getHeader('content-security-policy');
    reply.headers(securityHeaders({ csp: typeof policy === 'string' ? policy : csp, overTls: request.protocol === 'https' }));
    if (closing) reply.header('connection', 'close');
  });
}

/**
 * JSON bodies: bytes that are not UTF-8 are refused, never replaced by U+FFFD; then Fastify's own
 * parser (which refuses __proto__ and constructor keys). Errors answer with a fixed message.
 */
function readBodiesStrictly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body);
    } catch {
      done(new RequestError(400, NOT_UTF8_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.setErrorHandler((error: HttpError, request, reply) => {
    if (error instanceof RequestError) return sendError(request, reply, error.statusCode, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The name and code say what failed; messages and stacks may hold submitted values.
      request.log.error({ error: { name: error.name, code: error.code } }, 'request failed');
      return sendError(request, reply, 500, 'Internal error: nothing was stored. Try again later.');
    }
    if (status === 413) return sendError(request, reply, 413, 'Request body is too large.');
    if (status === 415) return sendError(request, reply, 415, 'Unsupported content type.');
    // In Spanish: the newsletter box shows a 4xx text as its toast.
    if (status === 429) return sendError(request, reply, 429, newsletterMessages.tooManyRequests);
    return sendError(request, reply, status, 'The request could not be read.');
  });
}

/** The team page a file of the export is ('/equipo/solicitudes/' for equipo/solicitudes/index.html), or null. */
function teamPageOf(outDir: string, file: string): string | null {
  const relative = path.relative(outDir, file).split(path.sep).join('/');
  return relative.startsWith(teamPages.signIn.slice(1)) && relative.endsWith('index.html') ? `/${relative.slice(0, -'index.html'.length)}` : null;
}

/**
 * The static site: every GET/HEAD that is not an API route. A team page that needs a session
 * (all but sign-in and enrolment) answers 303 to sign-in when the request has none, before any of
 * the page loads: a phone is spared a page, its scripts and a probe it would leave at once.
 */
function serveStaticSite(app: FastifyInstance, config: ServerConfig, database: Database, staticFilePolicy: (file: string) => string): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(request.url.split('?')[0]!);
      } catch {
        return sendError(request, reply, 400, 'Malformed URL.');
      }
      if (urlPath === '/api' || urlPath.startsWith('/api/')) return sendError(request, reply, 404, 'Not found.');
      const file = resolveStaticFile(config.outDir, urlPath);
      const teamPage = file ? teamPageOf(config.outDir, file) : null;
      if (teamPage !== null && !TEAM_PAGES_WITHOUT_SESSION.includes(teamPage) && !(await teamSessionOfCookies(database, request.headers.cookie))) {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.code(303).header('location', signInUrl(teamPage + query)).header('cache-control', 'no-store').send();
      }
      if (file) {
        reply.header('cache-control', cacheControlFor(urlPath)).header('content-security-policy', staticFilePolicy(file));
        return reply.sendFile(path.relative(config.outDir, file));
      }
      reply.code(404).header('cache-control', REVALIDATE_CACHE).header('content-security-policy', staticFilePolicy(path.join(config.outDir, '404.html')));
      return reply.sendFile('404.html');
    },
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'Not found.'));
}

/**
 * Gives every programme without a round its first one, from today's settings (src/server/rounds/seed.ts), and says
 * once when the settings are still set but no longer read.
 */
async function seedFirstRounds(app: FastifyInstance, database: Database, config: ServerConfig, now: () => Date): Promise<void> {
  const report = await seedRounds(database, configuredRounds, now());
  if (report.seeded.length > 0) app.log.info({ programmes: report.seeded }, 'first rounds seeded from the settings');
  if (report.settingsUnread.length > 0) app.log.warn({ programmes: report.settingsUnread }, SETTINGS_UNREAD_MESSAGE);
  // Each round holds its review set-up: the running configuration (REVIEW_CONFIG or the defaults) seeds only those without one.
  const reviews = await seedRoundReviews(database, config.review);
  if (reviews > 0) app.log.info({ rounds: reviews }, 'review set-up of rounds seeded from the configuration');
  if (config.reviewConfigFile) app.log.warn({ file: config.reviewConfigFile }, REVIEW_CONFIG_SEED_MESSAGE);
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  // API and error answers carry no inline script; each page's policy adds its own scripts' hashes.
  const csp = contentSecurityPolicy({ inlineScriptHashes: [], analyticsOrigin: config.analyticsOrigin });
  const app = Fastify(serverOptions(deps, csp));
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Every route schema (src/api/contracts) is checked by the one strict validator.
  app.setValidatorCompiler(strictValidatorCompiler);
  guardEveryAnswer(app, config, csp);
  readBodiesStrictly(app);

  // Operations: request metrics first, so that they see every route; the routes below use the database whose errors they count.
  const database = registerMetrics(app, { database: deps.database, metricsPort: config.metricsPort, metricsHost: config.metricsHost });
  registerHealthRoutes(app, { database });
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // preCompressed: the .br/.gz copies the build writes beside each file, when the client accepts them.
  await app.register(fastifyStatic, { root: path.resolve(config.outDir), serve: false, cacheControl: false, preCompressed: true });

  const financeKeys = deps.financeKeys ?? resolveFinanceKeys(config).keyring;
  const verifyCaptcha = deps.verifyCaptcha ?? createCaptchaVerifier({ secret: config.recaptchaSecret, verifyUrl: config.recaptchaVerifyUrl });
  const now = deps.now ?? (() => new Date());
  await seedFirstRounds(app, database, config, now);
  registerRoundGuard(app, { database, now });
  registerPublicRoundRoutes(app, { database, now, review: config.review });
  registerOpenBooksRoutes(app, { database, now, explorers: config.blockExplorers });
  registerDaoip5Routes(app, { database, now, siteOrigin: config.siteOrigin, blockExplorers: config.blockExplorers });
  registerFormRoutes(app, {
    now,
    forms: deps.forms,
    database,
    verifyCaptcha,
    rateLimitPerMinute: config.rateLimitPerMinute,
    financeRateLimitPerMinute: config.financeRateLimitPerMinute,
    financeKeys,
  });
  registerNewsletterRoutes(app, { database, rateLimitPerMinute: config.rateLimitPerMinute, keys: financeKeys });
  await app.register(teamRoutes, { prefix: '/api/team', database, config, financeKeys, now });
  await app.register(applicantRoutes, { prefix: '/api/applicant', database, config, financeKeys, now });

  serveStaticSite(app, config, database, pagePoliciesOf(config, csp));
  return app;
}
