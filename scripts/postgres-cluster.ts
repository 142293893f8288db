/**
 * A throwaway PostgreSQL cluster (Debian's postgresql package) on its own port and socket folder,
 * for the API tests and the load script: no system cluster, no system state touched.
 * PostgreSQL refuses to run as root, so as root the commands go through `su postgres`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** PG_BIN, or the newest Debian postgresql under /usr/lib/postgresql/<major>/bin. */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const majors = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return `/usr/lib/postgresql/${majors[0] ?? '15'}/bin`;
}
const PG_BIN = postgresBinDir();

function asPostgres(command: string): void {
  if (process.getuid?.() === 0) execFileSync('su', ['postgres', '-c', command], { stdio: 'pipe' });
  else execFileSync('sh', ['-c', command], { stdio: 'pipe' });
}

export type PostgresCluster = { readonly adminUrl: string; stop(): void };

export function startPostgresCluster(port: number): PostgresCluster {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(`PostgreSQL not found in ${PG_BIN}: install Debian's postgresql (scripts/ensure-tools.sh does) or set PG_BIN.`);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-cluster-'));
  fs.chmodSync(root, 0o755);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', root]);
  asPostgres(`${PG_BIN}/initdb -D ${root}/data -A trust -U postgres >/dev/null`);
  asPostgres(`${PG_BIN}/pg_ctl -D ${root}/data -o "-p ${port} -k ${root} -c listen_addresses=127.0.0.1" -w -l ${root}/log start >/dev/null`);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPostgres(`${PG_BIN}/pg_ctl -D ${root}/data -m fast -w stop >/dev/null`);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
