import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeBenchmarksForRegion,
  createBenchmarkScratch,
  dropBenchmarkScratch,
  insertBenchmarksForRegion,
  stageBenchmarkPrices,
} from './benchmark-calculation.ts';
import type { Db } from './client.ts';
import { benchmarksRepository } from './repositories/benchmarks.repository.ts';
import { createTestDb } from './testing/test-db.ts';

// The review queue's effect on benchmarks: held (pending), rejected and corrected originals stay
// out; approved ones, and prices never held, count. Both ways a calculation reads prices (straight
// from price_observations, and through its scratch copy) leave out the same ones.

const AS_OF = new Date();
let db: Db;
let drop: () => Promise<void>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const vendors: string[] = [];
  for (let v = 1; v <= 3; v++) {
    const r = await db.query<{ id: string }>(
      "insert into vendors (name, type) values ($1, 'bureau') returning id",
      [`Vendor ${v}`],
    );
    vendors.push(r.rows[0]!.id);
  }
  // Six FDM prices of three vendors; four of them get a review status below.
  const prices: [string, number, number][] = [
    ['plain1', 0, 1],
    ['plain2', 1, 2],
    ['approved', 2, 3],
    ['pending', 0, 50],
    ['rejected', 1, 60],
    ['corrected', 2, 70],
  ];
  for (const [name, vendor, usd] of prices) {
    const offer = await db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name, category, unit) values ($1, $2, $2, 'additive_manufacturing', 'cm3')
       returning id`,
      [vendors[vendor], name],
    );
    const obs = await db.query<{ id: string }>(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, subcategory, price, currency, unit,
         region, base_unit, price_usd, price_net_usd, confidence_score, observed_at)
       values ($1, $2, $3, 'additive_manufacturing', 'FDM', 1, 'USD', 'cm3', 'CDMX', 'cm3', $4, $4, 0.8,
               now() - interval '2 days')
       returning id`,
      [offer.rows[0]!.id, vendors[vendor], name, usd],
    );
    ids[name] = obs.rows[0]!.id;
  }
  for (const status of ['approved', 'pending', 'rejected', 'corrected']) {
    await db.query(
      `insert into observation_reviews (observation_id, status, reasons) values ($1, $2, '[{"code":"outlier"}]')`,
      [ids[status], status],
    );
  }
});
afterAll(() => drop());

const input = { region: 'CDMX' as const, category: null, windowDays: 30, minObservations: 1, asOf: AS_OF };

describe('benchmarks and the review queue', () => {
  it('leave out held, rejected and corrected originals, and count approved ones (one statement)', async () => {
    const calculationId = randomUUID();
    expect(await insertBenchmarksForRegion(db, { ...input, calculationId })).toBe(1);
    const row = (
      await db.query<{ observation_count: number; price_p50: string; price_p90: string }>(
        'select observation_count, price_p50::text, price_p90::text from benchmarks where calculation_id = $1',
        [calculationId],
      )
    ).rows[0]!;
    expect(row.observation_count).toBe(3);
    expect(Number(row.price_p50)).toBe(2);
    expect(Number(row.price_p90)).toBeCloseTo(2.8, 6);
  });

  it('leave out the same through a calculation’s scratch copy', async () => {
    const calculationId = randomUUID();
    await createBenchmarkScratch(db, calculationId);
    try {
      expect(
        await stageBenchmarkPrices(db, calculationId, { category: null, windowDays: 30, asOf: AS_OF }),
      ).toBe(3);
      const [b] = await computeBenchmarksForRegion(db, input, { scratch: calculationId });
      expect(b).toMatchObject({ n: 3, vendors: 3 });
      expect(Number(b!.p50)).toBe(2);
    } finally {
      await dropBenchmarkScratch(db, calculationId);
    }
  });

  it('say on each latest benchmark how many of its observations await review', async () => {
    await db.query('delete from benchmarks');
    for (const region of ['CDMX', 'LATAM'] as const) {
      await insertBenchmarksForRegion(db, { ...input, region, calculationId: randomUUID() });
    }
    const latest = await benchmarksRepository.latest(db, {});
    expect(latest.map((b) => [b.region, b.awaiting_review])).toEqual([
      ['CDMX', 1],
      ['LATAM', 1],
    ]);
    await db.query("update observation_reviews set status = 'approved' where status = 'pending'");
    expect((await benchmarksRepository.latest(db, { region: 'CDMX' }))[0]!.awaiting_review).toBe(0);
  });
});
