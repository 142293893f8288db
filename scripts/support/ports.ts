import type { Server } from 'node:net';

/**
 * This checkout's test ports: 3100–3199, or the hundred from API_TEST_PORT_BASE (engineers sharing
 * a machine each take their own range).
 */
const FIRST_PORT = Number(process.env.API_TEST_PORT_BASE || 3100);
const LAST_PORT = FIRST_PORT + 99;
/** The range's 51st port: the PostgreSQL cluster of the global setup; the 52nd, its Redis. */
export const POSTGRES_PORT = FIRST_PORT + 50;
export const REDIS_PORT = FIRST_PORT + 51;
const RESERVED = new Set([POSTGRES_PORT, REDIS_PORT]);
let next = FIRST_PORT;

/** Listens on the next free port of the range (skipping the cluster's and Redis's), 127.0.0.1. */
export async function listenInRange(listen: (port: number) => Promise<unknown>, server?: Server): Promise<number> {
  for (let tries = 0; tries <= LAST_PORT - FIRST_PORT; tries += 1) {
    const port = next;
    next = next >= LAST_PORT ? FIRST_PORT : next + 1;
    if (RESERVED.has(port)) continue;
    try {
      await listen(port);
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      server?.removeAllListeners('error');
    }
  }
  throw new Error(`No free port in ${FIRST_PORT}–${LAST_PORT}.`);
}
