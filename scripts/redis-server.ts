/**
 * A throwaway Redis (Debian's redis-server package) on loopback, with its own port and folder and
 * no persistence, for the API tests and the two-server test: no system instance, no system state
 * touched. Like scripts/postgres-cluster.ts, it runs as a daemon stopped by stop().
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';
const REDIS_CLI = path.join(path.dirname(REDIS_SERVER), 'redis-cli');

export type RedisServer = { readonly url: string; stop(): void };

function ping(port: number): boolean {
  try {
    return execFileSync(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), 'ping'], { stdio: 'pipe' }).toString().trim() === 'PONG';
  } catch {
    return false;
  }
}

export function startRedisServer(port: number): RedisServer {
  if (!fs.existsSync(REDIS_SERVER)) throw new Error(`Redis not found at ${REDIS_SERVER}: install Debian's redis-server (scripts/ensure-tools.sh does) or set REDIS_SERVER.`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-'));
  execFileSync(REDIS_SERVER, [
    '--port', String(port), '--bind', '127.0.0.1', '--dir', root,
    '--daemonize', 'yes', '--pidfile', path.join(root, 'redis.pid'), '--logfile', path.join(root, 'log'),
    '--save', '', '--appendonly', 'no',
  ], { stdio: 'pipe' });
  const deadline = Date.now() + 10_000;
  while (!ping(port)) {
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 10 s: ${fs.readFileSync(path.join(root, 'log'), 'utf8').slice(-500)}`);
    execFileSync('sleep', ['0.05']);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => {
      try {
        execFileSync(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), 'shutdown', 'nosave'], { stdio: 'pipe' });
      } catch {
        // redis-cli reports the closed connection of a shutdown as an error.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
