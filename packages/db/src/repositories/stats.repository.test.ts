import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { statsRepository } from './stats.repository.ts';

let t: TestDb;
let db: Db;
beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterAll(() => t.drop());

const counted = async () =>
  (
    await db.query<{ n: number }>(
      "select n::int as n from table_counts where table_name = 'price_observations'",
    )
  ).rows[0]!.n;
const actual = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;

async function vendorWithObservations(name: string, count: number): Promise<string> {
  const v = await db.query<{ id: string }>(
    `insert into vendors (name, type) values ($1, 'bureau') returning id`,
    [name],
  );
  const vendorId = v.rows[0]!.id;
  await db.query(
    `with o as (insert into offers (vendor_id, offer_key, name) values ($1, 'k', 'Corte') returning id)
     insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit)
     select o.id, $1, 'Corte', 'laser_cutting', i, 'MXN', 'minute' from o, generate_series(1, $2::int) i`,
    [vendorId, count],
  );
  return vendorId;
}

describe('table_counts for price_observations', () => {
  it('follows inserts and deletes, including cascades from vendors and offers', async () => {
    expect(await counted()).toBe(0);
    const a = await vendorWithObservations('A', 25);
    const b = await vendorWithObservations('B', 10);
    expect(await counted()).toBe(35);

    await db.query('delete from price_observations where vendor_id = $1 and price <= 5', [a]);
    expect(await counted()).toBe(30);
    expect(await counted()).toBe(await actual());

    await db.query('delete from offers where vendor_id = $1', [b]);
    expect(await counted()).toBe(20);

    await db.query('delete from vendors where id = $1', [a]);
    expect(await counted()).toBe(0);
    expect(await actual()).toBe(0);
  });

  it('leaves the count unchanged when a transaction rolls back', async () => {
    await vendorWithObservations('C', 3);
    await db
      .transaction(async (tx) => {
        await tx.query('delete from price_observations');
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await counted()).toBe(3);
    expect(await actual()).toBe(3);
  });

  it('goes to zero on truncate and an update changes nothing', async () => {
    await db.query('update price_observations set price = price + 1');
    expect(await counted()).toBe(await actual());
    // cascade: the review queue's tables (migration 0033) reference the observations.
    await db.query('truncate price_observations cascade');
    expect(await counted()).toBe(0);
  });

  it('is what the dashboard reports', async () => {
    await vendorWithObservations('D', 4);
    const counts = await statsRepository.dashboardCounts(db, 'America/Mexico_City');
    expect(counts.total_price_observations).toBe(4);
    expect(counts.total_vendors).toBe(
      await db.query<{ n: number }>('select count(*)::int as n from vendors').then((r) => r.rows[0]!.n),
    );
  });
});
