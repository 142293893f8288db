import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { startPollingLoop, type LoopTask } from '../../src/server/pollingLoop';

/** The server's one background loop: the outbox workers and the retention sweep as its tasks. */

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

it('runs each task on its own interval, keeps going after a failure, and on stop lets the item in hand finish before closing', async () => {
  const errors: string[] = [];
  const log = { error: (_details: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  const runs = { often: 0, rarely: 0, flaky: 0 };
  let finishedItem = false;
  let closedAfterItem: boolean | null = null;
  let backlog = 3;

  const often: LoopTask = {
    everyMs: 20,
    log,
    failureMessage: 'often failed',
    handleNext: async () => {
      runs.often += 1;
      // Drains a backlog of three items one after another, then waits for its interval.
      if (backlog === 0) return false;
      backlog -= 1;
      return true;
    },
  };
  const rarely: LoopTask = { everyMs: 10_000, firstAfterMs: 50, log, failureMessage: 'rarely failed', handleNext: async () => ((runs.rarely += 1), false) };
  const flaky: LoopTask = {
    everyMs: 20,
    log,
    failureMessage: 'flaky failed; retrying',
    handleNext: async () => {
      runs.flaky += 1;
      if (runs.flaky === 1) throw Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
      return false;
    },
  };
  const loop = startPollingLoop({ tasks: [often, rarely, flaky] });
  await wait(300);
  expect(runs.rarely).toBe(1);
  expect(runs.often).toBeGreaterThan(4);
  expect(runs.flaky).toBeGreaterThan(2);
  expect(errors).toEqual(['flaky failed; retrying']);
  await loop.stop();

  const slow: LoopTask = {
    everyMs: 20,
    log,
    failureMessage: 'slow failed',
    handleNext: async () => {
      await wait(200);
      finishedItem = true;
      return true;
    },
    close: () => {
      closedAfterItem = finishedItem;
    },
  };
  const second = startPollingLoop({ tasks: [slow] });
  await wait(50);
  await second.stop();
  expect(finishedItem).toBe(true);
  expect(closedAfterItem).toBe(true);
  const settled = { ...runs };
  await wait(100);
  expect(runs).toEqual(settled);
});
