import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import pg from 'pg';
import { makeDataDirPrivate } from './dataDir';
import { moveLegacyUploads } from './files';
import { pgliteSocketConnection, pgliteSocketPath } from './localTools';
import { BYTEA_OID, PgliteStatements } from './pgliteStatements';
import { applyMigrations } from './migrations';
import { Gate, type Database, type Queryable } from './queryable';

export { Gate, type Database, type Queryable };

/**
 * The one storage interface of the server, with two implementations sharing the same SQL:
 * embedded PostgreSQL (PGlite) in DATA_DIR by default, or a PostgreSQL server at DATABASE_URL.
 */

export class DataDirLockedError extends Error {}

/** The lock file that keeps a second server process out of a PGlite data folder. */
export const LOCK_FILE = 'server.lock';

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding DATA_DIR's lock, or null (none, or a stale lock). */
export function dataDirHolder(dataDir: string): number | null {
  let holder: number;
  try {
    holder = Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Our own pid in a lock we do not hold: left by an earlier run that had the same pid (containers).
  return Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder) ? holder : null;
}

/**
 * Takes DATA_DIR/server.lock (created exclusively, holding our pid). A lock left by a process that
 * no longer runs (killed, crashed) is taken over; one held by a live process is refused.
 * Returns the release function.
 */
const locksHeldHere = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (locksHeldHere.has(lockPath)) throw new DataDirLockedError(`${dataDir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      locksHeldHere.add(lockPath);
      return () => {
        locksHeldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = dataDirHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(`${dataDir} is in use by another server process (pid ${holder}); stop it first.`);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}.`);
}

type NodeFsModule = { stream_ops: Record<string, unknown> };
type FileStream = { nfd: number };

function hasNodeFs(mod: unknown): mod is { NODEFS: NodeFsModule } {
  return typeof mod === 'object' && mod !== null && 'NODEFS' in mod;
}

/**
 * PGlite's Node filesystem without fsync support: PostgreSQL's fsync calls would do nothing.
 * This one gives the Emscripten NODEFS a real fsync, so a commit is on disk when it returns.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const addFsync = (mod: unknown): void => {
      if (!hasNodeFs(mod)) throw new Error('PGlite no longer exposes NODEFS: cannot guarantee durable commits.');
      mod.NODEFS.stream_ops.fsync = (stream: FileStream) => fs.fsyncSync(stream.nfd);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [addFsync, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

/** PGlite's default start parameters minus '-F' (fsync off): an answered submission must survive a crash. */
const DURABLE_START_PARAMS = PGlite.defaultStartParams.filter((param) => param !== '-F');

/**
 * bytea out through Buffer's native hex codec: PGlite's own maps every byte through a JS array, which
 * takes seconds for a 4 MiB proposal. Same Uint8Array result. (In, the server's statements send bytea as
 * binary: src/server/storage/pgliteStatements.ts.)
 */
const BYTEA_PARSERS = { [BYTEA_OID]: (text: string): Buffer => Buffer.from(text.slice(2), 'hex') };

export class PgliteDatabase implements Database {
  readonly kind = 'pglite';
  readonly gate = new Gate();
  private readonly statements: PgliteStatements;
  constructor(
    readonly pglite: PGlite,
    readonly dataDir: string,
    private readonly release: () => void,
    /** Entries of DATA_DIR that other accounts could read or change, made owner-only when it opened. */
    readonly madePrivate: number = 0,
  ) {
    this.statements = new PgliteStatements(pglite);
  }

  /** The server's statements run with the default settings, whatever a tool SET before them. */
  private async resetSessionAfterTools(): Promise<void> {
    if (!this.gate.sessionTouchedByTool) return;
    await this.pglite.exec('RESET ALL');
    await this.statements.forgetPrepared();
    this.gate.sessionTouchedByTool = false;
  }

  query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.gate.run(async () => {
      await this.resetSessionAfterTools();
      return this.statements.query<Row>(sql, params);
    });
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.gate.run(async () => {
      await this.resetSessionAfterTools();
      // A transaction's statements may be started together (Promise.all): each runs whole, its Parse and its
      // Bind-Execute, before the next one's, as PGlite has one session and a statement is two calls into it.
      const oneAtATime = new Gate();
      const query = <Row extends object>(sql: string, params: readonly unknown[] = []) => oneAtATime.run(() => this.statements.query<Row>(sql, params));
      return this.statements.transaction(() => work({ query }));
    });
  }

  async close(): Promise<void> {
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      this.release();
    }
  }
}

/**
 * A statement as node-postgres runs it on a PostgreSQL server: named after its text, so that each connection
 * parses and plans it once and then only binds and executes it (PostgreSQL's CPU per application 1.07 →
 * 0.61 ms in bench:api). Statements without parameters run unnamed (DDL, BEGIN, COMMIT), and so does
 * everything through a running server's PGlite socket, whose one session outlives each tool's connection.
 */
function statementOf(sql: string, params: readonly unknown[], named: boolean): pg.QueryConfig {
  if (params.length === 0 || !named) return { text: sql, values: [...params] };
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: [...params] };
}
const statementNames = new Map<string, string>();

class PostgresDatabase implements Database {
  constructor(
    private readonly pool: pg.Pool,
    readonly kind: 'postgres' | 'pglite-socket' = 'postgres',
  ) {}
  private closing: Promise<void> | null = null;

  async query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.pool.query<Row>(statementOf(sql, params, this.kind === 'postgres'))).rows;
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({ query: async <Row extends object>(sql: string, params: readonly unknown[] = []) => (await client.query<Row>(statementOf(sql, params, this.kind === 'postgres'))).rows });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return (this.closing ??= this.pool.end());
  }
}

/**
 * Opens the embedded database in DATA_DIR/pglite (creating the folders), locked to this process.
 * The folder is made owner-only before (what an earlier run or another umask left) and after
 * PGlite opens it (a new database's files are unpacked with mode 0666 whatever the umask).
 */
export async function openPglite(dataDir: string): Promise<PgliteDatabase> {
  const before = makeDataDirPrivate(dataDir);
  const release = lockDataDir(dataDir);
  try {
    const db = await PGlite.create({ fs: new DurableNodeFS(path.join(dataDir, 'pglite')), startParams: DURABLE_START_PARAMS, parsers: BYTEA_PARSERS });
    let after: number;
    try {
      after = makeDataDirPrivate(dataDir);
    } catch (error) {
      await db.close();
      throw error;
    }
    return new PgliteDatabase(db, dataDir, release, before + after);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A connection pool that survives the server ending its idle connections (a restart, a failover,
 * idle_session_timeout, an administrator's pg_terminate_backend): pg reports that as an 'error' on
 * the pool, which with no listener would end the process. The pool has already dropped the
 * connection by then, and the next query opens a new one.
 */
function connectionPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', (error) => process.emitWarning(`PostgreSQL ended an idle connection (${error.message}); the next query opens a new one.`));
  return pool;
}

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = connectionPool({ connectionString: databaseUrl, max: 10 });
  // Fail at start, not on the first submission, when the server is unreachable.
  await pool.query('SELECT 1');
  return new PostgresDatabase(pool);
}

/** The PGlite of the server running on dataDir, through its socket; null when no server holds the folder. */
async function openRunningServersPglite(dataDir: string): Promise<Database | null> {
  const holder = locksHeldHere.has(path.join(dataDir, LOCK_FILE)) ? process.pid : dataDirHolder(dataDir);
  if (holder === null) return null;
  if (!fs.existsSync(pgliteSocketPath(dataDir))) {
    throw new DataDirLockedError(`${dataDir} is in use by a server process (pid ${holder}) that offers no socket to local tools; stop it first.`);
  }
  // One connection: PGlite runs one statement at a time anyway, and a transaction needs one session.
  const pool = connectionPool({ ...pgliteSocketConnection(dataDir), max: 1 });
  await pool.query('SELECT 1');
  return new PostgresDatabase(pool, 'pglite-socket');
}

/**
 * The database the configuration names, with every migration applied and any upload left in
 * DATA_DIR/uploads by an earlier version moved in. A tool (the default) on a PGlite folder that a
 * running server holds goes through that server's socket; a server opens the folder itself, so a
 * second server on one folder is refused.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl: string | null }, role: 'tool' | 'server' = 'tool'): Promise<Database> {
  const borrowed = !options.databaseUrl && role === 'tool' ? await openRunningServersPglite(options.dataDir) : null;
  const database = borrowed ?? (options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir));
  try {
    await applyMigrations(database);
    const { leftInPlace } = await moveLegacyUploads(database, options.dataDir);
    if (leftInPlace.length > 0) {
      process.emitWarning(`${leftInPlace.length} file(s) in ${options.dataDir}/uploads belong to no stored submission (an upload whose row never committed, or a changed file); they were left there and are not served.`);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
