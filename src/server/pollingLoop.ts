import type { FastifyBaseLogger } from 'fastify';

export type PollingLoop = { stop(): Promise<void> };

/** One background duty of the server: an outbox worker, the retention sweep. */
export type LoopTask = {
  /** How long to wait after the task found nothing (more) to do. */
  readonly everyMs: number;
  /** The first run's delay after the start; 0 by default. */
  readonly firstAfterMs?: number;
  /** Where the task's failures are logged (its component's logger). */
  readonly log: FastifyBaseLogger;
  readonly failureMessage: string;
  /** Handles one due item; false when none is left. */
  readonly handleNext: () => Promise<boolean>;
  /** Releases what the task holds (an SMTP pool) once its last run has finished. */
  readonly close?: () => void;
};

/**
 * The server's one background loop, running several tasks side by side, each on its own interval:
 * a task handles one item at a time until `handleNext` reports none is left, then looks again
 * after `everyMs`. A failure (the database gone for a moment) is logged by name and code only,
 * and retried on the next tick. `stop` lets the item in hand finish.
 */
export function startPollingLoop(options: { tasks: readonly LoopTask[] }): PollingLoop {
  let stopping = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  function schedule(task: LoopTask, delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        while (!stopping && (await task.handleNext()));
      })()
        .catch((error: unknown) => task.log.error({ error: { name: (error as Error).name, code: (error as { code?: string }).code } }, task.failureMessage))
        .finally(() => {
          running.delete(run);
          if (!stopping) schedule(task, task.everyMs);
        });
      running.add(run);
    }, delayMs);
    timers.add(timer);
  }
  for (const task of options.tasks) schedule(task, task.firstAfterMs ?? 0);

  return {
    stop: async () => {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
      for (const task of options.tasks) task.close?.();
    },
  };
}
