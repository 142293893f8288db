/**
 * What every storage module works against, apart from how the database is opened
 * (src/server/storage/database.ts): a query, a transaction, and the gate of the embedded one.
 */

export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** 'pglite-socket': a running server's PGlite, reached through its local socket (src/server/storage/localTools.ts). */
  readonly kind: 'pglite' | 'pglite-socket' | 'postgres';
  /** Runs `work` in one transaction: all of its statements commit together or none does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * One holder at a time of the embedded database: a statement or transaction of the server, a
 * local tool's transaction through the socket, or a backup. PGlite has one session, so without
 * this a tool's BEGIN would take the server's next INSERT into its transaction.
 */
export class Gate {
  private tail: Promise<void> = Promise.resolve();
  /** A tool ran statements since the server's last one: its SETs (search_path…) live in the one session. */
  sessionTouchedByTool = false;

  /** Resolves, in call order, once every earlier holder has released; returns the release. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return turn;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
