import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type http from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha';
import type { ServerConfig } from './config';
import { registerFormRoutes, type FormRegistry } from './formRoutes';
import { sendError } from './http';
import { registerNewsletterRoute } from './newsletter';
import { registerRoundGuard } from './rounds';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './security';
import { cacheControlFor, resolveStaticFile, REVALIDATE_CACHE } from './staticSite';
import type { Database } from './storage/database';

export type AppDependencies = {
  readonly config: ServerConfig;
  readonly database: Database;
  readonly forms: FormRegistry;
  /** Defaults to siteverify at config.recaptchaVerifyUrl with config.recaptchaSecret. */
  readonly verifyCaptcha?: CaptchaVerifier;
  /** false silences the log (tests); default: the configured level, with the private serializers. */
  readonly logger?: false;
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

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const options: FastifyHttpOptions<http.Server> = {
    logger: deps.logger ?? { level: config.logLevel, ...PRIVATE_LOGGER },
    // A hop count n: trust the n proxies nearest to this server.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    // Submissions are small; a connection that idles this long between requests is closed.
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
  };
  const app = Fastify(options);

  const csp = contentSecurityPolicy({ inlineScriptHashes: inlineScriptHashes(config.outDir), analyticsOrigin: config.analyticsOrigin });
  // While shutting down, answers to the requests still in flight close their connection, so
  // that close() need not wait for idle keep-alive connections to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.headers(securityHeaders({ csp, overTls: request.protocol === 'https' }));
    if (closing) reply.header('connection', 'close');
  });

  app.setErrorHandler((error: HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The name and code say what failed; messages and stacks may hold submitted values.
      request.log.error({ error: { name: error.name, code: error.code } }, 'request failed');
      return sendError(request, reply, 500, 'Internal error: nothing was stored. Try again later.');
    }
    if (status === 413) return sendError(request, reply, 413, 'Request body is too large.');
    if (status === 415) return sendError(request, reply, 415, 'Unsupported content type.');
    if (status === 429) return sendError(request, reply, 429, 'Demasiadas solicitudes: espera un minuto e inténtalo de nuevo.');
    return sendError(request, reply, status, 'The request could not be read.');
  });

  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // preCompressed: the .br/.gz copies the build writes beside each file, when the client accepts them.
  await app.register(fastifyStatic, { root: path.resolve(config.outDir), serve: false, cacheControl: false, preCompressed: true });

  const verifyCaptcha = deps.verifyCaptcha ?? createCaptchaVerifier({ secret: config.recaptchaSecret, verifyUrl: config.recaptchaVerifyUrl });
  registerRoundGuard(app);
  registerFormRoutes(app, {
    forms: deps.forms,
    database: deps.database,
    dataDir: config.dataDir,
    verifyCaptcha,
    rateLimitPerMinute: config.rateLimitPerMinute,
    financeRateLimitPerMinute: config.financeRateLimitPerMinute,
  });
  registerNewsletterRoute(app, { database: deps.database, rateLimitPerMinute: config.rateLimitPerMinute });

  app.get('/healthz', async () => ({ ok: true }));

  // The static site: every GET/HEAD that is not an API route.
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
      if (file) {
        reply.header('cache-control', cacheControlFor(urlPath));
        return reply.sendFile(path.relative(config.outDir, file));
      }
      reply.code(404).header('cache-control', REVALIDATE_CACHE);
      return reply.sendFile('404.html');
    },
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'Not found.'));

  return app;
}
