import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The rate-limit plugin (limits are set per route). With REDIS_URL the counters live in Redis, so
 * that a limit holds across every server sharing it; without, in this process's memory.
 *
 * When Redis cannot be reached a limited request fails (500, nothing stored) rather than going
 * unlimited: the finance limit is what stands between a guesser and the grantees' security IDs.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redisUrl: string | null }): Promise<void> {
  if (options.redisUrl === null) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    // While disconnected a command fails at once (no offline queue): a request never waits for Redis to come back.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableOfflineQueue: false,
  });
  // Connection errors reach the requests that need Redis; the log keeps their name, not the URL.
  let lastError: NodeJS.ErrnoException | null = null;
  redis.on('error', (error: NodeJS.ErrnoException) => {
    lastError = error;
    app.log.warn({ error: { name: error.name, code: error.code } }, 'redis connection error');
  });
  // Fail at start, not on the first submission, when Redis is unreachable.
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = (lastError as NodeJS.ErrnoException | null)?.code ?? (error as Error).message;
    throw new Error(`Redis at REDIS_URL cannot be reached (${reason}).`);
  }
  app.addHook('onClose', async () => {
    // quit() lets the last commands finish; with the connection already gone there is nothing to finish.
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace: 'rate-limit:' });
}
