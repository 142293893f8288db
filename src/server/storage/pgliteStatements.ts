import { parse as pgliteParse, protocol, TransactionAbortedError, type PGlite } from '@electric-sql/pglite';

/**
 * The server's statements on PGlite, each in one call into PostgreSQL. PGlite's own `query()` makes six
 * (Parse, Describe statement, Bind, Describe portal, Execute, Sync, each a separate pass through
 * WebAssembly), the first two only to learn the types of the parameters; here Parse, Bind, Describe,
 * Execute and Sync go together, with the parameter types learnt once per statement text (a statement's
 * text decides them). Values are serialised and rows parsed by PGlite's own type handlers, as `query()`
 * does, except that a bytea parameter goes as PostgreSQL's binary format: a 4 MiB proposal is copied,
 * not written out as 8 MiB of hex text and parsed back inside WebAssembly.
 *
 * Call only while holding the database's gate (src/server/storage/queryable.ts): PGlite has one session.
 */

/** PostgreSQL's type id of bytea. */
export const BYTEA_OID = 17;

/** Statement texts whose parameter types are remembered; beyond this the oldest is forgotten (texts built at run time are few). */
const REMEMBERED_STATEMENTS = 1000;

type WireValue = string | Uint8Array | null;

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
const DESCRIBE_STATEMENT = protocol.serialize.describe({ type: 'S' });
const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});

export class PgliteStatements {
  private readonly parameterTypes = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  /** The types PostgreSQL gives the statement's parameters: asked once per text (Parse and Describe, one call), then remembered. */
  private async typesOf(sql: string): Promise<number[]> {
    const known = this.parameterTypes.get(sql);
    if (known) return known;
    const messages = await this.pglite.execProtocolStream(concat([protocol.serialize.parse({ text: sql }), DESCRIBE_STATEMENT, SYNC]), { syncToFs: false });
    const types = pgliteParse.parseDescribeStatementResults(messages);
    if (this.parameterTypes.size >= REMEMBERED_STATEMENTS) this.parameterTypes.delete(this.parameterTypes.keys().next().value!);
    this.parameterTypes.set(sql, types);
    return types;
  }

  /** A value as PGlite's `query()` sends it (its serialiser for the parameter's type, else its text), bytea as binary. */
  private wireValue(value: unknown, type: number | undefined): WireValue {
    if (value === null || value === undefined) return null;
    if (type === BYTEA_OID && value instanceof Uint8Array) return value;
    const serialize = type === undefined ? undefined : this.pglite.serializers[type];
    return serialize ? serialize(value) : String(value);
  }

  async query<Row extends object>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const types = await this.typesOf(sql);
    const values = params.map((value, index) => this.wireValue(value, types[index]));
    const messages = await this.pglite.execProtocolStream(concat([protocol.serialize.parse({ text: sql, types }), protocol.serialize.bind({ values }), DESCRIBE_PORTAL, EXECUTE, SYNC]), {
      syncToFs: false,
    });
    return (pgliteParse.parseResults(messages, this.pglite.parsers)[0]?.rows ?? []) as Row[];
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
