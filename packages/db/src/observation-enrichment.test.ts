import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEnrichmentMemo,
  enrichObservation,
  prefetchEnrichment,
  SIMILAR_EXACT_LIMIT,
  SIMILAR_REUSE_MS,
  similarStatsCache,
} from './observation-enrichment.ts';
import { observationsRepository } from './repositories/observations.repository.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

let t: TestDb;
let vendorId: string;
beforeAll(async () => {
  t = await createTestDb();
  vendorId = (
    await t.db.query<{ id: string }>(
      `insert into vendors (name, type) values ('Maquinados Bajío', 'bureau') returning id`,
    )
  ).rows[0]!.id;
});
afterAll(() => t.drop());

const observedAt = new Date('2026-03-10T12:00:00Z');
const base = {
  trustScore: 0.8,
  quantity: '1',
  taxState: 'unknown' as const,
  fields: { vendor: 'x', service_name: 'x', price: 1, currency: 'x', unit: 'x', category: 'x' },
  observedAt,
};

describe('enrichObservation', () => {
  it('prices machine time quoted per minute by the hour, exactly', async () => {
    const e = await enrichObservation(t.db, {
      ...base,
      vendorId,
      price: '15',
      unit: 'minuto',
      currency: 'USD',
      category: 'cnc_machining',
    });
    expect(e).toMatchObject({ baseUnit: 'hour', unitFactor: '1', unitFactorDen: 60, priceUsd: '900.000000' });
  });

  it('prices laser time quoted per hour by the minute', async () => {
    const e = await enrichObservation(t.db, {
      ...base,
      vendorId,
      price: '1020',
      unit: 'hora',
      currency: 'MXN',
      category: 'laser_cutting',
    });
    // 1020 MXN / 60 minutes / 17 MXN per USD (the default rate of migration 0002).
    expect(e).toMatchObject({ baseUnit: 'minute', unitFactor: '60', unitFactorDen: 1, priceUsd: '1.000000' });
  });

  it('re-prices a ratio-factor observation in SQL exactly as in TypeScript when a rate changes', async () => {
    const offer = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, 'fresado|minute', 'Fresado') returning id`,
      [vendorId],
    );
    const obs = await t.db.query<{ id: string }>(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, observed_at,
         base_unit, unit_factor, unit_factor_den, fx_rate, fx_date, price_usd, price_net_usd, price_gross_usd)
       values ($1, $2, 'Fresado', 'cnc_machining', 150, 'MXN', 'minute', $3, 'hour', 1, 60, 17, '2000-01-01', 0, 0, 0)
       returning id`,
      [offer.rows[0]!.id, vendorId, observedAt],
    );
    await t.db.query(
      `insert into fx_rates (currency, effective_date, units_per_usd) values ('MXN', '2026-03-01', 18)`,
    );
    expect(await observationsRepository.renormalizeFx(t.db, 'MXN', '2026-03-01')).toBe(1);
    const row = await t.db.query<{ price_usd: string; price_gross_usd: string }>(
      'select price_usd::text, price_gross_usd::text from price_observations where id = $1',
      [obs.rows[0]!.id],
    );
    // 150 MXN a minute = 9000 MXN an hour = 500 USD at 18; gross adds 16% IVA.
    expect(row.rows[0]).toEqual({ price_usd: '500.000000', price_gross_usd: '580.000000' });
    const ts = await enrichObservation(t.db, {
      ...base,
      vendorId,
      price: '150',
      unit: 'minute',
      currency: 'MXN',
      category: 'cnc_machining',
    });
    expect(ts.priceUsd).toBe('500.000000');
    expect(ts.priceGrossUsd).toBe('580.000000');
  });
});

describe('the similar prices a new price is scored against', () => {
  const group = { category: 'materials', unit: 'kg' };
  const at = new Date('2026-05-04T10:00:00Z');
  async function addSimilar(n: number, usd: (i: number) => number) {
    const offer = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, $2, 'Polvo') returning id`,
      [vendorId, `polvo|kg|${Math.random()}`],
    );
    await t.db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, base_unit,
         price_net_usd, observed_at)
       select $1, $2, 'Polvo', 'materials', v, 'USD', 'kg', 'kg', v, $3::timestamptz - make_interval(hours => i::int)
         from unnest($4::numeric[]) with ordinality as u(v, i)`,
      [offer.rows[0]!.id, vendorId, at, Array.from({ length: n }, (_, i) => usd(i))],
    );
  }
  const score = (now: Date) =>
    enrichObservation(
      t.db,
      { ...base, vendorId, price: '10', currency: 'USD', observedAt: now, ...group },
      now,
    ).then((e) => e.confidenceFactors);

  it('are exact up to SIMILAR_EXACT_LIMIT, then read in full at most once per SIMILAR_REUSE_MS', async () => {
    await addSimilar(SIMILAR_EXACT_LIMIT - 1, (i) => 1 + i);
    // Exact: 1, 2, 3 … up to the limit less one.
    expect(await score(at)).toMatchObject({ similar_observations: SIMILAR_EXACT_LIMIT - 1 });
    await addSimilar(3, () => 5000);
    // Over the limit now: read in full (1 … 999 and three 5000s: the median is 501.5).
    const full = await score(at);
    expect(full).toMatchObject({ similar_observations: SIMILAR_EXACT_LIMIT + 2 });
    expect(similarStatsCache.get('materials|kg')).toMatchObject({ count: 1002, median: 501.5 });
    // Reused within the period: ten more prices are not seen yet.
    await addSimilar(10, () => 7000);
    const soon = new Date(at.getTime() + 60_000);
    expect(await score(soon)).toMatchObject({ similar_observations: SIMILAR_EXACT_LIMIT + 2 });
    // Past it, read again.
    const later = new Date(at.getTime() + SIMILAR_REUSE_MS + 60_000);
    expect(await score(later)).toMatchObject({ similar_observations: SIMILAR_EXACT_LIMIT + 12 });
    expect(similarStatsCache.get('materials|kg')).toMatchObject({ count: 1012, median: 506.5 });
  });
});

describe('prefetchEnrichment', () => {
  it('reads what a batch needs in one round trip, and enriches it as one by one would', async () => {
    const day = new Date('2026-02-02T09:00:00Z');
    const inputs = [
      { price: '30', unit: 'hora', currency: 'MXN', category: 'cnc_machining' },
      { price: '2', unit: 'minuto', currency: 'USD', category: 'cnc_machining' },
      { price: '40', unit: 'hora', currency: 'EUR', category: 'laser_cutting' },
      { price: '35', unit: 'hora', currency: 'MXN', category: 'cnc_machining' },
    ].map((i) => ({ ...base, ...i, vendorId, observedAt: day, priorVendorObservations: 3 }));
    const alone = [];
    for (const input of inputs) alone.push(await enrichObservation(t.db, input, day));

    const trips: string[][] = [];
    const counted = {
      ...t.db,
      query: (sql: string, params?: readonly unknown[]) => {
        trips.push([sql]);
        return t.db.query(sql, params);
      },
      pipeline: (statements: readonly { sql: string }[]) => {
        trips.push(statements.map((s) => s.sql));
        return t.db.pipeline(statements);
      },
    } as typeof t.db;
    const memo = createEnrichmentMemo();
    await prefetchEnrichment(counted, inputs, memo);
    // One trip: three currencies' rates and two groups' similar prices.
    expect(trips).toHaveLength(1);
    expect(trips[0]).toHaveLength(5);
    const batched = [];
    for (const input of inputs) batched.push(await enrichObservation(counted, input, day, memo));
    expect(trips).toHaveLength(1);
    expect(batched).toEqual(alone);
  });
});
