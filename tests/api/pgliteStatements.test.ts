/**
 * The embedded database's statements (src/server/storage/pgliteStatements.ts: one call into PostgreSQL per
 * statement, bytea as binary): the same values in and out as PGlite's own query(), every byte of a file kept,
 * and a transaction that stores all of its statements or none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDatabase } from '../../src/server/storage/database';

describe('statements on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-statements-'));
  let database: PgliteDatabase;
  const count = async (): Promise<number> => (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM t'))[0]!.n;

  beforeAll(async () => {
    database = await openPglite(dataDir);
    await database.query(`CREATE TABLE t (id bigserial PRIMARY KEY, label text UNIQUE, at timestamptz, answers jsonb, names text[], flag boolean, n int, content bytea)`);
  }, 120_000);
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores and reads every kind of value the server sends as PGlite’s own query() does', async () => {
    const at = new Date('2027-03-01T12:34:56.789Z');
    const values = ['a', at, JSON.stringify({ firstName: 'Ana', nested: { ok: true } }), ['uno', 'dos "tres"', 'cuatro, cinco'], true, 42, null];
    const sql = 'INSERT INTO t (label, at, answers, names, flag, n, content) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING label, at, answers, names, flag, n, content';
    const [ours] = await database.query(sql, values);
    const [theirs] = (await database.pglite.query(sql, ['b', ...values.slice(1)])).rows;
    expect(ours).toEqual({ ...(theirs as object), label: 'a' });
    expect(ours).toEqual({ label: 'a', at, answers: { firstName: 'Ana', nested: { ok: true } }, names: ['uno', 'dos "tres"', 'cuatro, cinco'], flag: true, n: 42, content: null });
  });

  it('answers each of a transaction’s statements started together with its own rows (a grant read with its milestones and reports at once)', async () => {
    await database.query('INSERT INTO t (label, n) VALUES ($1, $2), ($3, $4)', ['together-1', 1, 'together-2', 2]);
    const [labels, numbers] = await database.transaction((tx) =>
      Promise.all([
        tx.query<{ label: string }>("SELECT label FROM t WHERE label LIKE 'together-%' AND $1::int > 0 ORDER BY label", [1]),
        tx.query<{ n: number }>("SELECT n FROM t WHERE label LIKE 'together-%' AND $1::text <> '' ORDER BY n", ['x']),
      ]),
    );
    expect(labels).toEqual([{ label: 'together-1' }, { label: 'together-2' }]);
    expect(numbers).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('keeps every byte of a file, each of the 256 values included, and reads it back the same', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 7 + (index >> 8)) % 256;
    const [inserted] = await database.query<{ id: string }>('INSERT INTO t (label, content) VALUES ($1, $2) RETURNING id::text AS id', ['file', bytes]);
    const [row] = await database.query<{ content: Buffer; size: number }>('SELECT content, length(content) AS size FROM t WHERE id = $1', [inserted!.id]);
    expect(row!.size).toBe(bytes.length);
    expect(Buffer.compare(row!.content, bytes)).toBe(0);
  });

  it('a statement is prepared again when its prepared form is gone (DEALLOCATE ALL, as a local tool may send)', async () => {
    const sql = 'SELECT count(*)::int AS n FROM t WHERE label = $1';
    expect(await database.query(sql, ['a'])).toEqual([{ n: 1 }]);
    await database.pglite.exec('DEALLOCATE ALL');
    expect(await database.query(sql, ['a'])).toEqual([{ n: 1 }]);
    await database.pglite.exec('DEALLOCATE ALL');
    // Inside a transaction the lost statement fails it…
    await expect(database.transaction((tx) => tx.query(sql, ['a']))).rejects.toMatchObject({ code: '26000' });
    // …and the next one, outside, prepares it again.
    expect(await database.query(sql, ['a'])).toEqual([{ n: 1 }]);
  });

  it('a transaction stores all of its statements, or none when one fails, even if the work went on after the failure', async () => {
    const before = await count();
    await database.transaction(async (tx) => {
      await tx.query('INSERT INTO t (label) VALUES ($1)', ['first of two']);
      await tx.query('INSERT INTO t (label) VALUES ($1)', ['second of two']);
    });
    expect(await count()).toBe(before + 2);

    await expect(
      database.transaction(async (tx) => {
        await tx.query('INSERT INTO t (label) VALUES ($1)', ['kept only with the rest']);
        await tx.query('INSERT INTO t (label) VALUES ($1)', ['first of two']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before + 2);

    // The failed statement's error is swallowed and the work returns: COMMIT rolls back, and the caller hears it.
    await expect(
      database.transaction(async (tx) => {
        await tx.query('INSERT INTO t (label) VALUES ($1)', ['lost with the failed one']);
        await tx.query('INSERT INTO t (label) VALUES ($1)', ['second of two']).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await count()).toBe(before + 2);
    // The session is usable again afterwards.
    expect(await database.query<{ n: number }>('SELECT $1::int + 1 AS n', [1])).toEqual([{ n: 2 }]);
  });
});
