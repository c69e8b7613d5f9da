import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObservationId } from './observation-id.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

// Observation ids are UUIDv7 (migration 0030): time-ordered, so inserts append to the indexes led
// by the id. What reads them must not have depended on their randomness: the scatter's sample keeps
// the rows whose uuid_hash(id) is lowest, and ties broken by id put the newer row first.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

const ids = async (n: number) =>
  (
    await t.db.query<{ id: string; h: number }>(
      `select id::text as id, uuid_hash(id) as h
         from (select i, observation_id() as id from generate_series(1, $1::int) i) g order by i`,
      [n],
    )
  ).rows;

describe('observation ids', () => {
  it('are version-7 UUIDs carrying the time they were made, the column default', async () => {
    const before = Date.now();
    const [made] = await ids(1);
    const after = Date.now();
    const hex = made!.id.replaceAll('-', '');
    expect(hex[12]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(hex[16]);
    const ms = parseInt(hex.slice(0, 12), 16);
    // The database's clock and this process's are the same machine's (a second of slack).
    expect(ms).toBeGreaterThanOrEqual(before - 1000);
    expect(ms).toBeLessThanOrEqual(after + 1000);
    const d = await t.db.query<{ d: string }>(
      `select column_default as d from information_schema.columns
        where table_name = 'price_observations' and column_name = 'id' and table_schema = current_schema()`,
    );
    expect(d.rows[0]!.d).toBe('observation_id()');
  });

  it('made later sort after those made earlier', async () => {
    const first = await ids(50);
    await new Promise((r) => setTimeout(r, 5));
    const second = await ids(50);
    const lastOfFirst = first
      .map((r) => r.id)
      .sort()
      .at(-1)!;
    for (const r of second) expect(r.id > lastOfFirst).toBe(true);
  });

  it('hash uniformly: the scatter sample below a hash cut stays a fair share of the rows', async () => {
    const n = 100_000;
    const rows = await ids(n);
    // 32 equal ranges of the 32-bit hash: a chi-square of 31 degrees of freedom stays under 61.1
    // 999 times in 1,000 for a uniform hash; a hash of the time-ordered bytes alone would pile up.
    const buckets = new Array<number>(32).fill(0);
    for (const r of rows) buckets[Math.floor((r.h + 2 ** 31) / 2 ** 27)]!++;
    const expected = n / 32;
    const chi = buckets.reduce((s, b) => s + (b - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(61.1);
    // The sample's cut: the rows whose hash falls in the lowest 1 % of its range are about 1 %.
    const cut = -(2 ** 31) + 0.01 * 2 ** 32;
    const below = rows.filter((r) => r.h < cut).length;
    expect(below).toBeGreaterThan(0.01 * n * 0.85);
    expect(below).toBeLessThan(0.01 * n * 1.15);
    // And the hash does not follow the order the ids were made in (rank correlation near 0).
    const order = rows.map((r, i) => ({ i, h: r.h })).sort((a, b) => a.h - b.h);
    const mean = (n - 1) / 2;
    let cov = 0;
    let varI = 0;
    order.forEach((o, rank) => {
      cov += (o.i - mean) * (rank - mean);
      varI += (o.i - mean) ** 2;
    });
    expect(Math.abs(cov / varI)).toBeLessThan(0.02);
  });

  it('made by the application are version-7 UUIDs of their time too, which the database takes and orders alike', async () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0, 123);
    const id = newObservationId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
    // Later ones sort after, in the database's uuid order too; two of the same millisecond differ.
    const later = [newObservationId(at + 1), newObservationId(at + 1000), newObservationId(at + 86_400_000)];
    const sorted = await t.db.query<{ id: string }>(
      'select id::text from unnest($1::uuid[]) as u(id) order by id',
      [[later[2], id, later[0], later[1]]],
    );
    expect(sorted.rows.map((r) => r.id)).toEqual([id, ...later]);
    expect(newObservationId(at)).not.toBe(newObservationId(at));
  });
});
