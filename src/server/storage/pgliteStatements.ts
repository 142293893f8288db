import { parse as pgliteParse, protocol, TransactionAbortedError, type PGlite } from '@electric-sql/pglite';

/**
 * The server's statements on PGlite, each in one call into PostgreSQL, prepared once. PGlite's own `query()`
 * makes six calls (Parse, Describe statement, Bind, Describe portal, Execute, Sync, each a separate pass
 * through WebAssembly) and parses and plans the statement every time. Here each statement text is prepared
 * once as a named statement (Parse and Describe: its parameters' types), and each run is Bind, Describe,
 * Execute and Sync in one call; PostgreSQL reuses the parse and, once it finds it as good, the plan (an
 * INSERT of an application: 290 µs unnamed, 170 µs prepared). Values are serialised and rows parsed by
 * PGlite's own type handlers, as `query()` does, except that a bytea parameter goes in PostgreSQL's binary
 * format: a 4 MiB proposal is copied, not written out as 8 MiB of hex text and parsed back in WebAssembly.
 *
 * Call only while holding the database's gate (src/server/storage/queryable.ts): PGlite has one session,
 * shared with the local tools. After a tool used it (a DISCARD ALL would drop the statements) the server
 * forgets them all (`forgetPrepared`); a statement found gone or changed outside a transaction is prepared again.
 */

/** PostgreSQL's type id of bytea. */
export const BYTEA_OID = 17;

/** Statements kept prepared; beyond this the least recently prepared is closed (texts built at run time are few). */
const PREPARED_MAX = 500;

/** A prepared statement that is gone (26000: a tool's DISCARD ALL) or whose result changed shape (0A000: a migration). */
const PREPARE_AGAIN = new Set(['26000', '0A000']);

type WireValue = string | Uint8Array | null;
type Prepared = { readonly name: string; readonly types: readonly number[] };

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const SYNC = protocol.serialize.sync();
const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});

/**
 * Bind (every value as it is: text, or binary for bytes), Describe, Execute and Sync in one buffer written
 * once: pg-protocol's own Bind copies a 1 MiB proposal five times over (each a fresh, zeroed buffer).
 */
function runMessages(statementName: string, values: readonly WireValue[]): Uint8Array {
  const encoded = values.map((value) => (value === null ? null : typeof value === 'string' ? Buffer.from(value, 'utf8') : value));
  const name = Buffer.from(statementName, 'utf8');
  // Type, length, portal '' and the name, parameter formats, values, result formats (none: all text).
  const bindLength = 4 + 1 + name.length + 1 + 2 + 2 * values.length + 2 + encoded.reduce((size, value) => size + 4 + (value?.length ?? 0), 0) + 2;
  const out = Buffer.allocUnsafe(1 + bindLength + DESCRIBE_PORTAL.length + EXECUTE.length + SYNC.length);
  let at = out.writeUInt8(0x42, 0);
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at);
  at += name.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(values.length, at);
  for (const value of values) at = out.writeInt16BE(value instanceof Uint8Array ? 1 : 0, at);
  at = out.writeInt16BE(values.length, at);
  for (const value of encoded) {
    at = out.writeInt32BE(value === null ? -1 : value.length, at);
    if (value !== null) {
      out.set(value, at);
      at += value.length;
    }
  }
  at = out.writeInt16BE(0, at);
  for (const tail of [DESCRIBE_PORTAL, EXECUTE, SYNC]) {
    out.set(tail, at);
    at += tail.length;
  }
  return out;
}

const errorCode = (error: unknown): string | undefined => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined) as string | undefined;

export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private nextName = 1;

  constructor(private readonly pglite: PGlite) {}

  /** Prepares the text as a named statement (Parse and Describe, one call) and remembers it with its parameters' types. */
  private async prepare(sql: string): Promise<Prepared> {
    const name = `server_${this.nextName++}`;
    const parts = [protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), SYNC];
    const oldest = this.prepared.size >= PREPARED_MAX ? this.prepared.entries().next().value : undefined;
    if (oldest) {
      this.prepared.delete(oldest[0]);
      parts.unshift(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
    }
    const messages = await this.pglite.execProtocolStream(concat(parts), { syncToFs: false });
    const statement = { name, types: pgliteParse.parseDescribeStatementResults(messages) };
    this.prepared.set(sql, statement);
    return statement;
  }

  /** A value as PGlite's `query()` sends it (its serialiser for the parameter's type, else its text), bytea as binary. */
  private wireValue(value: unknown, type: number | undefined): WireValue {
    if (value === null || value === undefined) return null;
    if (type === BYTEA_OID && value instanceof Uint8Array) return value;
    const serialize = type === undefined ? undefined : this.pglite.serializers[type];
    return serialize ? serialize(value) : String(value);
  }

  private async run<Row extends object>(statement: Prepared, params: readonly unknown[]): Promise<Row[]> {
    const values = params.map((value, index) => this.wireValue(value, statement.types[index]));
    const messages = await this.pglite.execProtocolStream(runMessages(statement.name, values), { syncToFs: false });
    return (pgliteParse.parseResults(messages, this.pglite.parsers)[0]?.rows ?? []) as Row[];
  }

  async query<Row extends object>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const known = this.prepared.get(sql);
    if (!known) return this.run<Row>(await this.prepare(sql), params);
    try {
      return await this.run<Row>(known, params);
    } catch (error) {
      // Neither error ran the statement, so running it once more, freshly prepared, does it once. Inside a
      // transaction the error has aborted it: the caller hears it.
      if (!PREPARE_AGAIN.has(errorCode(error) ?? '') || this.pglite.isInTransaction()) throw error;
      this.prepared.delete(sql);
      return this.run<Row>(await this.prepare(sql), params);
    }
  }

  /** Closes every prepared statement and forgets it (after a local tool used the session); closing one already gone is no error. */
  async forgetPrepared(): Promise<void> {
    if (this.prepared.size === 0) return;
    const closes = [...this.prepared.values()].map(({ name }) => protocol.serialize.close({ type: 'S', name }));
    this.prepared.clear();
    await this.pglite.execProtocolStream(concat([...closes, SYNC]), { syncToFs: false });
  }

  /** A statement without parameters or rows (BEGIN, COMMIT, ROLLBACK); its command tag. */
  private async command(sql: string): Promise<string | undefined> {
    const messages = await this.pglite.execProtocolStream(protocol.serialize.query(sql), { syncToFs: false });
    return pgliteParse.parseResults(messages, this.pglite.parsers)[0]?.command;
  }

  /** `work` in one transaction, as PGlite's `transaction()`: committed, or rolled back when it throws (then rethrown). */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.command('BEGIN');
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.command('ROLLBACK');
      throw error;
    }
    // A statement failed inside and `work` went on: COMMIT then rolls back, and nothing was stored.
    if ((await this.command('COMMIT')) === 'ROLLBACK') throw new TransactionAbortedError();
    return result;
  }
}
