import type { FastifyBaseLogger } from 'fastify';

export type PollingLoop = { stop(): Promise<void> };

/**
 * The outboxes' delivery loop (email and webhooks): handles one due item at a time until
 * `handleNext` reports none is left, then looks again after `pollMs`. A failure of the loop itself
 * (the database gone for a moment) is logged by name and code only, and retried on the next tick.
 * `stop` lets the item in hand finish.
 */
export function startPollingLoop(options: { pollMs: number; log: FastifyBaseLogger; failureMessage: string; handleNext: () => Promise<boolean> }): PollingLoop {
  const { pollMs, log, failureMessage, handleNext } = options;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function drain(): Promise<void> {
    while (!stopping && (await handleNext()));
  }

  const tick = (): void => {
    timer = null;
    running = drain()
      .catch((error: unknown) => log.error({ error: { name: (error as Error).name, code: (error as { code?: string }).code } }, failureMessage))
      .finally(() => {
        if (!stopping) timer = setTimeout(tick, pollMs);
      });
  };
  tick();

  return {
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
