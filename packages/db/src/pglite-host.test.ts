import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { startPgliteThread } from './pglite-host.ts';

// The embedded database in its own thread, as the server and the worker use it (PGlite only).
let db: Db;
beforeAll(async () => {
  db = await startPgliteThread(undefined);
  await db.exec('create table probe (id int primary key, note text)');
});
afterAll(() => db.close());

const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from probe')).rows[0]!.n;

describe('PGlite in a thread of its own', () => {
  it('returns rows with their types, and bytes as bytes', async () => {
    const r = await db.query<{ n: number; t: string; b: Uint8Array; d: Date }>(
      "select 1::int as n, 'año'::text as t, $1::bytea as b, '2026-01-02T03:04:05Z'::timestamptz as d",
      [Buffer.from([1, 2, 250])],
    );
    expect(r.rows[0]!.n).toBe(1);
    expect(r.rows[0]!.t).toBe('año');
    expect([...r.rows[0]!.b]).toEqual([1, 2, 250]);
    expect(r.rows[0]!.d.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it("carries a PostgreSQL error's code and constraint across the thread", async () => {
    await db.query('insert into probe values (1, $1)', ['first']);
    const error = await db.query('insert into probe values (1, $1)', ['again']).then(
      () => null,
      (e: unknown) => e as Error & { code?: string; constraint?: string },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.code).toBe('23505');
    expect(error!.constraint).toBe('probe_pkey');
    expect(error!.message).toContain('duplicate key');
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    const before = await count();
    await db.transaction(async (tx) => {
      await tx.query('insert into probe values (10, $1)', ['kept']);
      await tx.transaction((inner) => inner.query('insert into probe values (11, $1)', ['kept too']));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into probe values (12, $1)', ['lost']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(before + 2);
    expect((await db.query('select 1 from probe where id = 12')).rowCount).toBe(0);
  });

  it('runs a pipeline in order in one call, and a failing statement stops it and its transaction', async () => {
    const [inserted, read] = await db.pipeline([
      { sql: 'insert into probe values (30, $1) returning id', params: ['piped'] },
      { sql: 'select note from probe where id = 30' },
    ]);
    expect(inserted!.rows).toEqual([{ id: 30 }]);
    expect(read!.rows).toEqual([{ note: 'piped' }]);
    // Counted as PostgreSQL's driver counts: rows returned, or rows changed.
    expect([inserted!.rowCount, read!.rowCount]).toEqual([1, 1]);
    expect((await db.query('select id from probe where id >= 30')).rowCount).toBe(1);
    expect((await db.query("update probe set note = 'x' where id = 30")).rowCount).toBe(1);

    await expect(
      db.transaction((tx) =>
        tx.pipeline([
          { sql: 'insert into probe values (31, $1)', params: ['undone'] },
          { sql: 'insert into probe values (30, $1)', params: ['duplicate'] },
          { sql: 'insert into probe values (32, $1)', params: ['never run'] },
        ]),
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select id from probe where id in (31, 32)')).rowCount).toBe(0);
  });

  it('runs a statement from outside a transaction after it, never inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('insert into probe values (20, $1)', ['rolled back']);
      await held;
      throw new Error('roll back');
    });
    // Sent while the transaction is open: had it joined the transaction, the rollback would undo it.
    const outside = db.query('insert into probe values (21, $1)', ['outside']);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('roll back');
    await outside;
    const ids = (await db.query<{ id: number }>('select id from probe where id in (20, 21)')).rows;
    expect(ids.map((r) => r.id)).toEqual([21]);
  });

  it('leaves the main thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await db.query('select count(*) from generate_series(1, 2000000)');
    const elapsed = Date.now() - started;
    clearInterval(timer);
    // In-process PGlite would block the event loop for the whole statement: no tick at all.
    expect(elapsed).toBeGreaterThan(20);
    expect(ticks).toBeGreaterThanOrEqual(2);
  });

  it('says so when used after close', async () => {
    const other = await startPgliteThread(undefined);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('the embedded database thread stopped');
  });
});
