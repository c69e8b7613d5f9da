import type { ObservationSearch } from '@preciofab/shared/contracts/observations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import {
  CONFIDENCE_BAND_BOUNDS,
  PRICE_BAND_BOUNDS,
  compactBandRollup,
  compactPriceHistogram,
  compactRollup,
  monthPlan,
  planBandRollup,
  planRollup,
} from './observation-rollup.ts';
import {
  buildObservationSearch,
  paramList,
  runObservationSearch,
  searchFilterSql,
} from './observation-search.ts';
import {
  HISTOGRAM_RELATIVE_ERROR,
  histogramQuartiles,
  IQR_FENCE,
  observationViewsRepository as views,
  widestFences,
  type BoxRowDb,
  type PivotQuery,
  type PivotRowDb,
  type ViewDimension,
  type ViewMeasure,
} from './repositories/observation-views.repository.ts';
import { priceChartsRepository } from './repositories/price-charts.repository.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

type Filters = ObservationSearch['filters'];
const f = (field: string, operator: string, value: unknown) => ({ field, operator, value });

describe('planRollup', () => {
  it('reads whole days from the rollup and nothing else for a range of bare dates', () => {
    expect(planRollup([f('category', 'eq', 'materials'), f('observed_at', 'gte', '2026-01-10')])).toEqual({
      rollupFilters: [f('category', 'eq', 'materials')],
      days: { from: '2026-01-10', to: null },
      edges: [],
    });
    // between is inclusive: the last day's midnight belongs to the range, the rest of it does not.
    expect(planRollup([f('observed_at', 'between', ['2026-01-01', '2026-01-31'])])).toEqual({
      rollupFilters: [],
      days: { from: '2026-01-01', to: '2026-01-31' },
      edges: [{ from: '2026-01-31T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' }],
    });
  });

  it('reads the partial days at both ends from the observations', () => {
    expect(
      planRollup([
        f('observed_at', 'gt', '2026-03-05T10:30:00Z'),
        f('observed_at', 'lt', '2026-03-09T06:00:00-06:00'),
      ]),
    ).toEqual({
      rollupFilters: [],
      days: { from: '2026-03-06', to: '2026-03-09' },
      edges: [
        { from: '2026-03-05T00:00:00.000Z', to: '2026-03-06T00:00:00.000Z' },
        { from: '2026-03-09T00:00:00.000Z', to: '2026-03-10T00:00:00.000Z' },
      ],
    });
    // After midnight exactly (exclusive): that day is partial.
    expect(planRollup([f('observed_at', 'gt', '2026-03-05')])?.edges).toEqual([
      { from: '2026-03-05T00:00:00.000Z', to: '2026-03-06T00:00:00.000Z' },
    ]);
    // The tightest of several bounds wins.
    expect(
      planRollup([f('observed_at', 'gte', '2026-01-01'), f('observed_at', 'gte', '2026-02-01')])?.days,
    ).toEqual({ from: '2026-02-01', to: null });
  });

  it('leaves a range shorter than a day to the observations', () => {
    expect(
      planRollup([f('observed_at', 'between', ['2026-03-05T01:00:00Z', '2026-03-05T23:00:00Z'])]),
    ).toEqual({ rollupFilters: [], edges: [{ from: null, to: null }] });
  });

  it('refuses filters the rollup does not keep, and instants JavaScript would read differently', () => {
    expect(planRollup([f('vendor_id', 'eq', '7b7d5e1e-3a35-4a66-9a59-0d1f0b2b8c11')])).toBeNull();
    expect(planRollup([f('price_usd', 'gt', 1)])).toBeNull();
    expect(planRollup([f('vendor', 'contains', 'acme')])).toBeNull();
    expect(planRollup([f('confidence', 'gte', 0.5)])).toBeNull();
    // No zone (PostgreSQL reads it in the session's zone), or microseconds.
    expect(planRollup([f('observed_at', 'gte', '2026-03-05T10:00:00')])).toBeNull();
    expect(planRollup([f('observed_at', 'gte', '2026-03-05T10:00:00.123456Z')])).toBeNull();
  });
});

describe('monthPlan', () => {
  const plan = (filters: Filters) => monthPlan(planRollup(filters)!);
  it('reads whole months from the histogram and the days around them from the observations', () => {
    expect(plan([f('category', 'eq', 'materials'), f('observed_at', 'gte', '2026-01-10')])).toEqual({
      rollupFilters: [f('category', 'eq', 'materials')],
      days: { from: '2026-02-01', to: null },
      edges: [{ from: '2026-01-10T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' }],
    });
    expect(plan([f('observed_at', 'between', ['2026-01-01', '2026-03-31'])])).toEqual({
      rollupFilters: [],
      days: { from: '2026-01-01', to: '2026-03-01' },
      edges: [
        { from: '2026-03-31T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' },
        { from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T00:00:00.000Z' },
      ],
    });
    // The partial days at the ends stay as planRollup read them; December ends the year.
    expect(
      plan([f('observed_at', 'gt', '2025-11-30T12:00:00Z'), f('observed_at', 'lt', '2026-01-15T06:00:00Z')]),
    ).toEqual({
      rollupFilters: [],
      days: { from: '2025-12-01', to: '2026-01-01' },
      edges: [
        { from: '2025-11-30T00:00:00.000Z', to: '2025-12-01T00:00:00.000Z' },
        { from: '2026-01-15T00:00:00.000Z', to: '2026-01-16T00:00:00.000Z' },
        { from: '2026-01-01T00:00:00.000Z', to: '2026-01-15T00:00:00.000Z' },
      ],
    });
    expect(plan([])).toEqual({ rollupFilters: [], days: { from: null, to: null }, edges: [] });
  });

  it('leaves a range without a whole month to the observations', () => {
    expect(plan([f('observed_at', 'between', ['2026-01-02', '2026-02-27'])])).toBeNull();
    expect(plan([f('observed_at', 'between', ['2026-03-05T01:00:00Z', '2026-03-05T23:00:00Z'])])).toBeNull();
  });
});

describe('planBandRollup', () => {
  it('reads the whole bands of a range from the band rollup, and knows which rows are left', () => {
    expect(planBandRollup([f('price_usd', 'between', [0.5, 5]), f('confidence', 'gte', 0.7)])).toEqual({
      table: 'observation_band_total_rollup',
      periods: { rollupFilters: [], days: { from: null, to: null }, edges: [] },
      ranges: [
        // 0.5 is bound 24 (band 24 starts there); 5 ends band 31, and the rows equal to 5 are left.
        {
          column: 'price_usd',
          measure: 'price',
          band: 'price_band',
          first: 24,
          last: 31,
          from: '0.5',
          to: '5',
          below: false,
          above: true,
        },
        {
          column: 'confidence_score',
          measure: 'confidence',
          band: 'confidence_band',
          first: 15,
          last: 21,
          from: '0.7',
          to: null,
          below: false,
          above: false,
        },
      ],
    });
    // Exclusive ends and ends inside bands; several filters on one measure narrow each other.
    expect(
      planBandRollup([f('price_usd', 'gt', 0.5), f('price_usd', 'lt', 4.2), f('price_usd', 'gte', 0.1)])
        ?.ranges,
    ).toEqual([
      {
        column: 'price_usd',
        measure: 'price',
        band: 'price_band',
        first: 25,
        last: 30,
        from: '0.7',
        to: '4',
        below: true,
        above: true,
      },
    ]);
    expect(planBandRollup([f('confidence_score', 'lt', 0.5)])?.ranges).toEqual([
      {
        column: 'confidence_score',
        measure: 'confidence',
        band: 'confidence_band',
        first: 0,
        last: 10,
        from: null,
        to: '0.5',
        below: false,
        above: false,
      },
    ]);
    // With a date range alone, the bands per day; with other filters too, per month, the days
    // around whole months read from the rows as the histogram's plan does.
    const dates = f('observed_at', 'between', ['2026-01-10', '2026-03-31']);
    expect(planBandRollup([f('confidence', 'gte', 0.7), dates])).toMatchObject({
      table: 'observation_band_day_rollup',
      periods: {
        days: { from: '2026-01-10', to: '2026-03-31' },
        edges: [{ from: '2026-03-31T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }],
      },
    });
    expect(
      planBandRollup([f('confidence', 'gte', 0.7), dates, f('category', 'eq', 'materials')]),
    ).toMatchObject({
      table: 'observation_band_rollup',
      periods: { days: { from: '2026-02-01', to: '2026-03-01' } },
    });
    expect(planBandRollup([f('price_usd', 'lt', 2)])?.table).toBe('observation_band_total_rollup');
  });

  it('refuses what it cannot answer', () => {
    expect(planBandRollup([f('category', 'eq', 'materials')])).toBeNull(); // the day rollup's
    expect(planBandRollup([f('price_usd', 'between', [1.1, 1.4])])).toBeNull(); // no whole band
    expect(planBandRollup([f('price_usd', 'gt', 5), f('price_usd', 'lt', 1)])).toBeNull(); // empty
    expect(planBandRollup([f('price_usd', 'eq', 2)])).toBeNull();
    expect(planBandRollup([f('price_usd', 'in', [1, 2])])).toBeNull();
    expect(planBandRollup([f('price_usd', 'gte', '2')])).toBeNull();
    expect(planBandRollup([f('price_usd', 'gte', 2), f('vendor_name', 'eq', 'Acme')])).toBeNull();
    expect(planBandRollup([f('price_usd', 'gte', 2), f('volume_cm3', 'gte', 2)])).toBeNull();
    // Both measures and another filter: no table keeps both bands with it.
    expect(
      planBandRollup([f('price_usd', 'gte', 2), f('confidence', 'gte', 0.7), f('currency', 'eq', 'USD')]),
    ).toBeNull();
    const noWholeMonth = f('observed_at', 'between', ['2026-01-02', '2026-02-27']);
    expect(planBandRollup([f('price_usd', 'gte', 2), noWholeMonth, f('unit', 'eq', 'kg')])).toBeNull();
    const noWholeDay = f('observed_at', 'between', ['2026-01-02T01:00:00Z', '2026-01-02T23:00:00Z']);
    expect(planBandRollup([f('price_usd', 'gte', 2), noWholeDay])).toBeNull();
  });
});

describe('histogramQuartiles', () => {
  const value = (b: number) => Math.exp((b + 0.5) * Math.log(1.01));
  it("interpolates between the values at the ranks around each quartile's position, as percentile_cont", () => {
    // Values v0, v10, v10, v20: positions 0.75, 1.5 and 2.25.
    const got = histogramQuartiles(
      [
        { b: 0, c: 1 },
        { b: 10, c: 2 },
        { b: 20, c: 1 },
      ],
      4,
    )!;
    expect(got[0]).toBeCloseTo(value(0) + 0.75 * (value(10) - value(0)), 12);
    expect(got[1]).toBeCloseTo(value(10), 12);
    expect(got[2]).toBeCloseTo(value(10) + 0.25 * (value(20) - value(10)), 12);
    // The bucket of 0 is worth 0; one value is every quartile.
    expect(histogramQuartiles([{ b: -2147483647, c: 1 }], 1)).toEqual([0, 0, 0]);
  });

  it('gives nothing when the buckets hold fewer values than the group counts', () => {
    expect(histogramQuartiles([{ b: 3, c: 2 }], 5)).toBeNull();
  });

  it('widens the fences by the bound: every exact quartile within it gives fences inside them', () => {
    const [q1, q3] = [10, 20];
    const { lf, uf } = widestFences([q1, 15, q3]);
    const e = HISTOGRAM_RELATIVE_ERROR;
    for (const [a, b] of [
      [q1 / (1 + e), q3 / (1 - e)],
      [q1 / (1 - e), q3 / (1 + e)],
      [q1, q3],
    ] as const) {
      expect(lf).toBeLessThanOrEqual(a - IQR_FENCE * (b - a) + 1e-12);
      expect(uf).toBeGreaterThanOrEqual(b + IQR_FENCE * (b - a) - 1e-12);
    }
  });
});

describe('chart views from the rollup equal the same views over the observations', () => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => {
    t = await createTestDb();
    db = t.db;
  });
  afterAll(() => t.drop());

  // A deterministic generator, so a failure can be replayed.
  let seed = 20261126;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

  const CATEGORIES = ['additive_manufacturing', 'cnc_machining', 'laser_cutting', 'materials'];
  const TECHNOLOGIES = ['FDM', 'fdm', 'SLA', 'Milling', null, 'CO2 Laser'];
  const MATERIALS = ['PLA', 'pla', 'Aluminum', null, 'Acrylic'];
  const UNITS: [string, string | null][] = [
    ['cm3', 'cm3'],
    ['hour', 'hour'],
    ['kg', 'kg'],
    ['piece', 'piece'],
    ['minute', 'minute'],
  ];
  const BASE = Date.parse('2026-01-01T00:00:00Z');
  const DAY = 86_400_000;

  async function insertBatch(count: number): Promise<void> {
    const vendor = (
      await db.query<{ id: string }>(`insert into vendors (name, type) values ($1, 'bureau') returning id`, [
        `V${rnd()}`,
      ])
    ).rows[0]!.id;
    const offers: string[] = [];
    for (const key of ['a', 'b', 'c']) {
      const offer = await db.query<{ id: string }>(
        `insert into offers (vendor_id, offer_key, name) values ($1, $2, 'Oferta') returning id`,
        [vendor, key],
      );
      offers.push(offer.rows[0]!.id);
    }
    const rows = Array.from({ length: count }, () => {
      // Some rows exactly at midnight or a millisecond either side: where day edges go wrong.
      const day = Math.floor(rnd() * 60);
      const within = pick([0, 1, DAY - 1, Math.floor(rnd() * DAY)]);
      const [unit, base] = pick(UNITS);
      return {
        offer: pick(offers),
        category: pick(CATEGORIES),
        technology: pick(TECHNOLOGIES),
        material: pick(MATERIALS),
        currency: pick(['MXN', 'USD', 'EUR']),
        price_type: pick(['service_per_part', 'purchase', 'service_hourly']),
        unit,
        base_unit: rnd() < 0.1 ? null : base,
        price_usd: rnd() < 0.15 ? null : Math.round(rnd() * 1e6) / 1e4,
        volume: rnd() < 0.5 ? null : Math.round(rnd() * 1e4) / 100,
        confidence: Math.round(rnd() * 1e4) / 1e4,
        at: new Date(BASE + day * DAY + within).toISOString(),
      };
    });
    await db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, technology, material, price,
         currency, price_type, unit, base_unit, price_usd, volume_cm3, confidence_score, observed_at)
       select r.offer, $1, 'Oferta', r.category, r.technology, r.material, 10, r.currency, r.price_type, r.unit,
              r.base_unit, r.price_usd, r.volume, r.confidence, r.at
         from jsonb_to_recordset($2::jsonb) as r(offer uuid, category text, technology text, material text, currency text,
              price_type text, unit text, base_unit text, price_usd numeric, volume numeric, confidence numeric,
              at timestamptz)`,
      [vendor, JSON.stringify(rows)],
    );
  }

  const randomInstant = () =>
    pick([
      () => new Date(BASE + Math.floor(rnd() * 60) * DAY).toISOString().slice(0, 10),
      () => new Date(BASE + Math.floor(rnd() * 60) * DAY).toISOString(),
      () => new Date(BASE + Math.floor(rnd() * 60 * DAY)).toISOString(),
      () => new Date(BASE + Math.floor(rnd() * 60) * DAY - 1).toISOString(),
    ])();

  function randomFilters(): Filters {
    const filters: Filters = [];
    const add = [
      () => f('category', pick(['eq', 'neq']), pick(CATEGORIES)),
      () => f('category', 'in', [pick(CATEGORIES), pick(CATEGORIES)]),
      () => f('technology', pick(['eq', 'neq', 'contains']), pick(['fdm', 'FDM', 'Laser', 'sla'])),
      () => f('technology', 'in', ['Fdm', 'milling']),
      () => f('material', pick(['eq', 'neq', 'contains']), pick(['PLA', 'alu', 'acrylic'])),
      () => f('currency', pick(['eq', 'neq']), pick(['MXN', 'USD'])),
      () => f('unit', 'in', ['cm3', 'kg']),
      () => f('observed_at', pick(['gt', 'gte', 'lt', 'lte']), randomInstant()),
      () => f('observed_at', 'between', [randomInstant(), randomInstant()].sort()),
    ];
    const n = Math.floor(rnd() * 4);
    for (let i = 0; i < n; i++) filters.push(pick(add)());
    return filters;
  }

  const close = (a: string | null, b: string | null) =>
    a === null || b === null
      ? a === b
      : Math.abs(Number(a) - Number(b)) <= 1e-9 * Math.max(1, Math.abs(Number(b)));

  async function expectSame(
    q: PivotQuery,
    label: string,
    compact: boolean,
    staleLinks: boolean,
  ): Promise<boolean> {
    const fromRollup = await views.pivot(db, q, { compact });
    const fromRows = await views.pivot(db, q, { rollup: false });
    const key = (r: PivotRowDb) => `${r.x}|${r.y}|${r.base_unit}`;
    const norm = (rs: PivotRowDb[]) => new Map(rs.map((r) => [key(r), r]));
    const a = norm(fromRollup);
    const b = norm(fromRows);
    expect(fromRollup[0]?.total, label).toBe(fromRows[0]?.total);
    expect(fromRollup[0]?.measured, label).toBe(fromRows[0]?.measured);
    expect([...a.keys()].sort(), label).toEqual([...b.keys()].sort());
    for (const [k, r] of b) {
      const s = a.get(k)!;
      expect(s.n, `${label} ${k}`).toBe(r.n);
      expect(close(s.value, r.value), `${label} ${k}: ${s.value} vs ${r.value}`).toBe(true);
      // Unmerged after a delete, a group's newest time may name a row that is gone: no link then,
      // never a wrong one.
      if (staleLinks && s.observation_id === null) continue;
      expect(s.observation_id, `${label} ${k}`).toBe(r.observation_id);
    }
    // The scatter's sample: the hash cut the rollup's count allows keeps the same rows.
    const limit = 1 + Math.floor(rnd() * 40);
    const sampled = await views.scatter(
      db,
      { filters: q.filters, dimension: q.dimension, measure: q.measure, limit },
      { compact },
    );
    expect(sampled, label).toEqual(
      await views.scatter(
        db,
        { filters: q.filters, dimension: q.dimension, measure: q.measure, limit },
        { rollup: false },
      ),
    );
    const c1 = await views.coverage(db, q.filters, q.measure, { compact });
    const c2 = await views.coverage(db, q.filters, q.measure, { rollup: false });
    expect(c1, label).toEqual(c2);
    return planRollup(q.filters) !== null;
  }

  /** The Prices screen's counts, which the rollup answers for its category, currency and type. */
  async function comparePriceCoverage(compact: boolean): Promise<void> {
    for (const category of [undefined, ...CATEGORIES]) {
      for (const currency of [undefined, 'MXN', 'EUR']) {
        for (const priceType of [undefined, 'service_per_part', 'purchase'] as const) {
          const filter = { category, currency, priceType };
          const fromRollup = await priceChartsRepository.coverage(db, filter, { compact });
          expect(fromRollup, JSON.stringify(filter)).toEqual(
            await priceChartsRepository.coverage(db, filter, { rollup: false }),
          );
        }
      }
    }
  }

  /** The Prices screen's heatmap, which the rollup per vendor and day answers unfiltered or by vendor. */
  async function compareHeatmap(compact: boolean): Promise<void> {
    const vendors = await db.query<{ id: string }>('select id from vendors order by id limit 2');
    for (const vendorId of [undefined, ...vendors.rows.map((r) => r.id)]) {
      for (const bucket of ['day', 'week', 'month'] as const) {
        const bounds = { maxVendors: 4, maxBuckets: 6 };
        const fromRollup = await priceChartsRepository.heatmap(db, { vendorId }, bucket, bounds, { compact });
        const fromRows = await priceChartsRepository.heatmap(db, { vendorId }, bucket, bounds, {
          rollup: false,
        });
        // Unmerged after a delete, a cell's newest time may name a row that is gone: no link then.
        const links = (cells: typeof fromRows, stale: typeof fromRows) =>
          cells.map((c, i) => ({
            ...c,
            observation_id: stale[i]?.observation_id === null ? null : c.observation_id,
          }));
        expect(fromRollup, `${vendorId} ${bucket}`).toEqual(compact ? fromRows : links(fromRows, fromRollup));
      }
    }
  }

  /** The Prices screen's timeline offers, which the offers' own counts answer unfiltered or by vendor. */
  async function compareTimelineOffers(): Promise<void> {
    const vendors = await db.query<{ id: string }>('select id from vendors order by id limit 3');
    for (const vendorId of [undefined, ...vendors.rows.map((r) => r.id)]) {
      const counted = await priceChartsRepository.timelineOffers(db, { vendorId }, 8);
      expect(counted, vendorId).toEqual(
        await priceChartsRepository.timelineOffers(db, { vendorId }, 8, { rollup: false }),
      );
    }
    const offers = await db.query<{ n: number; p: number }>(
      `select count(*) filter (where price_count <> (select count(*) from price_observations o where o.offer_id = f.id))::int as n,
              count(*) filter (where priced_count <> (select count(price_usd) from price_observations o where o.offer_id = f.id))::int as p
         from offers f`,
    );
    expect(offers.rows[0]).toEqual({ n: 0, p: 0 });
    // The explorer's whole-table counts, from the same offers' counts (the volume from the rollup).
    for (const measure of ['price', 'confidence', 'volume'] as const) {
      const counted = await views.coverage(db, [], measure, { compact: false });
      expect(counted.total, measure).toBeGreaterThan(0);
      expect(counted, measure).toEqual(await views.coverage(db, [], measure, { rollup: false }));
    }
  }

  /** The search's total and aggregations, which the rollup answers for the same filters, against
   * the same aggregates written over the rows. */
  async function compareSearchSummary(filters: Filters): Promise<void> {
    const aggregations = [
      { field: 'price_usd', type: 'avg', alias: 'avg_price_usd' },
      { field: 'price_usd', type: 'sum', alias: 'sum_price_usd' },
      { field: 'volume_cm3', type: 'count', alias: 'count_volume_cm3' },
      { field: 'confidence', type: 'avg', alias: 'avg_confidence' },
    ];
    const req = {
      filters,
      aggregations,
      sort: [{ field: 'price_usd', order: 'asc' as const }],
      offset: 0,
      limit: 5,
    };
    const built = buildObservationSearch(req);
    expect(built.summaryFromRollup).toBe(
      planRollup(filters) ? 'days' : planBandRollup(filters) ? 'bands' : null,
    );
    const result = await runObservationSearch(db, built);
    const p = paramList();
    const sql = searchFilterSql(filters, p);
    const raw = await db.query<{
      total: number;
      a: string | null;
      s: string | null;
      v: number;
      c: string | null;
    }>(
      `select count(*)::int as total, avg(o.price_usd)::text as a, sum(o.price_usd)::text as s,
              count(o.volume_cm3)::int as v, avg(o.confidence_score)::text as c
         from price_observations o ${sql.readsVendor ? 'join vendors v on v.id = o.vendor_id' : ''}
        where ${sql.conditions.length ? sql.conditions.join(' and ') : 'true'}`,
      p.params,
    );
    const r = raw.rows[0]!;
    const num = (x: string | null) => (x === null ? null : Number(x));
    const label = JSON.stringify(filters);
    expect(result.total, label).toBe(r.total);
    expect(result.aggregations.count_volume_cm3?.value, label).toBe(r.v);
    for (const [alias, want] of [
      ['avg_price_usd', num(r.a)],
      ['sum_price_usd', num(r.s)],
      ['avg_confidence', num(r.c)],
    ] as const) {
      const got = result.aggregations[alias]?.value ?? null;
      expect(
        close(got === null ? null : String(got), want === null ? null : String(want)),
        `${label} ${alias}: ${got} vs ${want}`,
      ).toBe(true);
    }
  }

  // Filters with a price range or a confidence threshold, from a generator of their own (the
  // sequence above stays as it was): ends on band bounds and inside bands, with the rollup's filters.
  let bandSeed = 15005;
  const bandRnd = () => {
    bandSeed = (bandSeed * 1103515245 + 12345) % 2 ** 31;
    return bandSeed / 2 ** 31;
  };
  const bandPick = <T>(xs: readonly T[]): T => xs[Math.floor(bandRnd() * xs.length)]!;
  const priceValue = () =>
    bandRnd() < 0.5 ? Number(bandPick(PRICE_BAND_BOUNDS.slice(18, 42))) : Math.round(bandRnd() * 1e6) / 1e4;
  const confidenceValue = () =>
    bandRnd() < 0.5 ? Number(bandPick(CONFIDENCE_BAND_BOUNDS)) : Math.round(bandRnd() * 1e4) / 1e4;

  function randomBandFilters(): Filters {
    const filters: Filters = [];
    const range = (field: string, value: () => number) =>
      bandPick([
        () => f(field, bandPick(['gt', 'gte', 'lt', 'lte']), value()),
        () =>
          f(
            field,
            'between',
            [value(), value()].sort((a, b) => a - b),
          ),
      ])();
    if (bandRnd() < 0.8) filters.push(range('price_usd', priceValue));
    if (bandRnd() < 0.6 || !filters.length)
      filters.push(range(bandPick(['confidence', 'confidence_score']), confidenceValue));
    const more = [
      () => f('category', bandPick(['eq', 'neq']), bandPick(CATEGORIES)),
      () => f('technology', bandPick(['eq', 'contains']), bandPick(['fdm', 'Laser'])),
      () => f('currency', 'eq', bandPick(['MXN', 'USD'])),
      () => f('observed_at', 'gte', bandPick(['2026-01-01', '2026-01-20', '2026-02-01T00:00:00Z'])),
      () =>
        f('observed_at', 'between', [
          bandPick(['2025-12-15', '2026-01-01']),
          bandPick(['2026-02-28', '2026-03-02T12:00:00Z']),
        ]),
    ];
    const n = Math.floor(bandRnd() * 3);
    for (let i = 0; i < n; i++) filters.push(bandPick(more)());
    return filters;
  }

  /** The search's summary under random band filters against the same aggregates over the rows;
   * how many of them the band rollup answered. */
  const bandTables = new Set<string>();
  async function compareBandSummaries(rounds: number): Promise<number> {
    let viaBands = 0;
    for (let i = 0; i < rounds; i++) {
      const filters = randomBandFilters();
      await compareSearchSummary(filters);
      const plan = planBandRollup(filters);
      if (plan) {
        viaBands++;
        bandTables.add(plan.table);
      }
    }
    return viaBands;
  }

  /** A box plot read from the price histogram against the exact one and against a plain
   * computation over the rows: quartiles within the bound; whiskers, outlier count and listed
   * outliers exactly those of the rows for fences 1.5 IQR beyond the quartiles at their widest
   * within the bound. True when the histogram answered. */
  async function expectBoxWithinBound(
    filters: Filters,
    dimension: 'technology' | 'material' | 'date',
    compact: boolean,
    staleLinks: boolean,
  ): Promise<boolean> {
    const q = { filters, dimension, measure: 'price' as const, maxGroups: 4, maxOutliers: 3 };
    const label = JSON.stringify(q);
    const approx = await views.boxPlot(db, q, { exactUpTo: 0, compact });
    const exact = await views.boxPlot(db, q, { rollup: false });
    expect(exact.every((r) => !r.approximate)).toBe(true);
    expect(approx[0]?.total, label).toBe(exact[0]?.total);
    expect(approx[0]?.measured, label).toBe(exact[0]?.measured);
    expect(approx[0]?.groups_total, label).toBe(exact[0]?.groups_total);
    const groupKey = (r: BoxRowDb) => `${r.x}|${r.base_unit}`;
    expect(approx.map(groupKey), label).toEqual(exact.map(groupKey));
    if (!approx[0]?.approximate) {
      expect(approx, label).toEqual(exact);
      return false;
    }
    // Every measured row of the set, as the box plot groups it.
    const p = paramList();
    const sql = searchFilterSql(filters, p);
    const key = {
      technology: `nullif(coalesce(lower(o.technology), ''), '')`,
      material: `nullif(coalesce(lower(o.material), ''), '')`,
      date: `to_char(o.observed_at at time zone 'UTC', 'YYYY-MM')`,
    }[dimension];
    const raw = await db.query<{ x: string | null; u: string | null; id: string; v: string }>(
      `select ${key} as x, o.base_unit as u, o.id::text as id, o.price_usd::text as v from price_observations o
        where ${sql.conditions.length ? sql.conditions.join(' and ') : 'true'} and o.price_usd is not null`,
      p.params,
    );
    const e = HISTOGRAM_RELATIVE_ERROR;
    for (const [i, a] of approx.entries()) {
      const x = exact[i]!;
      const at = `${label} ${groupKey(a)}`;
      expect(a.n, at).toBe(x.n);
      if (!(staleLinks && a.observation_id === null)) expect(a.observation_id, at).toBe(x.observation_id);
      for (const k of ['q1', 'median', 'q3'] as const) {
        const [got, want] = [Number(a[k]), Number(x[k])];
        expect(Math.abs(got - want), `${at} ${k}: ${got} vs ${want}`).toBeLessThanOrEqual(
          e * Math.abs(want) + 1e-12,
        );
      }
      const rows = raw.rows
        .filter((r) => `${r.x}|${r.u}` === groupKey(a))
        .map((r) => ({ ...r, n: Number(r.v) }));
      expect(rows.length, at).toBe(a.n);
      const [q1, q3, m] = [Number(a.q1) / (1 + e), Number(a.q3) / (1 - e), Number(a.median)];
      const lf = q1 - IQR_FENCE * (q3 - q1);
      const uf = q3 + IQR_FENCE * (q3 - q1);
      const inside = rows.filter((r) => r.n >= lf - 1e-9 && r.n <= uf + 1e-9).map((r) => r.n);
      const out = rows.filter((r) => r.n < lf - 1e-9 || r.n > uf + 1e-9);
      expect(Number(a.lo), at).toBe(Math.min(...inside));
      expect(Number(a.hi), at).toBe(Math.max(...inside));
      expect(a.outliers_total, at).toBe(out.length);
      // Never an outlier the exact box plot would not call one.
      expect(a.outliers_total, at).toBeLessThanOrEqual(x.outliers_total!);
      const furthest = out
        .sort((r, s) => Math.abs(s.n - m) - Math.abs(r.n - m) || (r.id < s.id ? -1 : 1))
        .slice(0, q.maxOutliers);
      expect(
        (a.outliers ?? []).map((o) => o.id),
        at,
      ).toEqual(furthest.map((r) => r.id));
      expect((a.outliers ?? []).map((o) => Number(o.v))).toEqual(furthest.map((r) => r.n));
    }
    return true;
  }

  let viaHistogram = 0;

  async function compareMany(rounds: number, compact = true, staleLinks = false): Promise<number> {
    let viaRollup = 0;
    for (let i = 0; i < rounds; i++) {
      const filters = randomFilters();
      const dimension = pick(['technology', 'material', 'date'] as const);
      const cross = pick<ViewDimension | undefined>([undefined, 'material', 'date', 'technology']);
      const measure = pick<ViewMeasure>(['price', 'confidence', 'volume']);
      const aggregation = pick(['avg', 'sum', 'count'] as const);
      const q: PivotQuery = {
        filters,
        dimension,
        cross: cross === dimension ? undefined : cross,
        measure,
        aggregation,
        maxX: 100,
        maxY: 20,
      };
      if (await expectSame(q, JSON.stringify(q), compact, staleLinks)) viaRollup++;
      if (compact) await compareSearchSummary(filters);
      if (await expectBoxWithinBound(filters, dimension, compact, staleLinks)) viaHistogram++;
    }
    return viaRollup;
  }

  it('after inserts, before and after the rollup rows are merged', async () => {
    for (let i = 0; i < 6; i++) await insertBatch(150);
    const fresh = await db.query<{ n: number }>(
      'select count(*)::int as n from observation_rollup where fresh',
    );
    expect(fresh.rows[0]!.n).toBeGreaterThan(0);
    // Read as appended (readers sum a group's rows): compare without merging first.
    expect(await compareMany(30, false)).toBeGreaterThan(15);
    await comparePriceCoverage(false);
    await compareTimelineOffers();
    await compareHeatmap(false);
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from observation_rollup where fresh'))
        .rows[0]!.n,
    ).toBe(fresh.rows[0]!.n);
    await compactRollup(db);
    const merged = await db.query<{ n: number }>(
      'select count(*)::int as n from observation_rollup where fresh',
    );
    expect(merged.rows[0]!.n).toBe(0);
    expect(await compareMany(40)).toBeGreaterThan(20);
    // The band rollup, as appended and merged.
    expect(await compareBandSummaries(40)).toBeGreaterThan(20);
    await compactBandRollup(db);
    expect(await compareBandSummaries(40)).toBeGreaterThan(20);
  });

  it('after deletes (a vendor, a day) and updates of grouped and measured columns', async () => {
    const vendor = await db.query<{ id: string }>('select vendor_id as id from price_observations limit 1');
    await db.query('delete from vendors where id = $1', [vendor.rows[0]!.id]);
    await db.query(
      `delete from price_observations where observed_at >= '2026-01-20' and observed_at < '2026-01-21'`,
    );
    // Prices renormalized (an FX import), a technology renamed, rows moved in time; and a crawl's
    // last_seen_at, which must change nothing.
    await db.query(`update price_observations set price_usd = price_usd * 1.1 where currency = 'EUR'`);
    await db.query(`update price_observations set price_usd = null where currency = 'USD' and unit = 'kg'`);
    await db.query(`update price_observations set price_usd = 1 where price_usd is null and unit = 'hour'`);
    await db.query(`update price_observations set technology = 'Binder Jetting' where technology = 'SLA'`);
    await db.query(
      `update price_observations set observed_at = observed_at + interval '36 hours' where material = 'pla'`,
    );
    await db.query(`update price_observations set last_seen_at = now()`);
    expect(await compareBandSummaries(40)).toBeGreaterThan(20);
    expect(await compareMany(30, false, true)).toBeGreaterThan(15);
    await comparePriceCoverage(false);
    await compareHeatmap(false);
    await compactRollup(db);
    expect(await compareMany(40)).toBeGreaterThan(20);
    await comparePriceCoverage(true);
    await compareTimelineOffers();
    await compareHeatmap(true);
    // Merged, so the unfiltered heatmap took its bounded reads (vendors' counts, a day skip).
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from vendor_day_rollup where fresh')).rows[0]!
        .n,
    ).toBe(0);
    // Nothing is left of groups whose rows are all gone.
    const empty = await db.query<{ n: number }>(
      'select count(*)::int as n from observation_rollup where rows = 0',
    );
    expect(empty.rows[0]!.n).toBe(0);
    // The price histogram, merged, holds each bucket once and exactly the rows' counts.
    await compactPriceHistogram(db);
    const histogram = await db.query<{ fresh: number; empty: number; wrong: number }>(
      `select (select count(*) from observation_price_histogram where fresh)::int as fresh,
              (select count(*) from observation_price_histogram where n <= 0)::int as empty,
              (select count(*) from (
                 select date_trunc('month', o.observed_at at time zone 'UTC')::date as day, o.category,
                        lower(o.subcategory) as subcategory, lower(o.technology) as technology,
                        lower(o.material) as material, o.base_unit, price_bucket(o.price_usd) as bucket, count(*) as n
                   from price_observations o where o.price_usd is not null group by 1, 2, 3, 4, 5, 6, 7
                 except
                 select day, category, subcategory, technology, material, base_unit, bucket, n
                   from observation_price_histogram) d)::int as wrong`,
    );
    expect(histogram.rows[0]).toEqual({ fresh: 0, empty: 0, wrong: 0 });
    // The band rollup, merged, holds each group once and exactly the rows' counts and sums.
    await compactBandRollup(db);
    expect(await compareBandSummaries(40)).toBeGreaterThan(20);
    // Each group of the month and day tables, as the rows make it (both ways: nothing missing,
    // nothing extra).
    const measures = `count(*), count(o.price_usd), sum(o.price_usd), count(o.confidence_score),
      sum(o.confidence_score), count(o.volume_cm3), sum(o.volume_cm3)`;
    const stored = `rows, n_price, case when n_price = 0 then null else sum_price end, n_confidence,
      case when n_confidence = 0 then null else sum_confidence end, n_volume,
      case when n_volume = 0 then null else sum_volume end`;
    const bandsOf = `cross join lateral (values ('price', price_band(o.price_usd)),
      ('confidence', confidence_band(o.confidence_score))) b(measure, band)`;
    const groups = {
      observation_band_rollup: {
        keys: 'day, category, subcategory, technology, material, price_type, unit, base_unit, currency, measure, band',
        rows: `select date_trunc('month', o.observed_at at time zone 'UTC')::date, o.category, lower(o.subcategory),
                 lower(o.technology), lower(o.material), o.price_type, o.unit, o.base_unit, o.currency::text,
                 b.measure, b.band, ${measures}
                 from price_observations o ${bandsOf} group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
      },
      observation_band_day_rollup: {
        keys: 'day, measure, band',
        rows: `select (o.observed_at at time zone 'UTC')::date, b.measure, b.band, ${measures}
                 from price_observations o ${bandsOf} group by 1, 2, 3`,
      },
      observation_band_total_rollup: {
        keys: 'price_band, confidence_band',
        rows: `select price_band(o.price_usd), confidence_band(o.confidence_score), ${measures}
                 from price_observations o group by 1, 2`,
      },
    };
    for (const [table, { keys, rows }] of Object.entries(groups)) {
      const kept = `select ${keys}, ${stored} from ${table}`;
      const r = await db.query<{ fresh: number; empty: number; wrong: number }>(
        `select (select count(*) from ${table} where fresh)::int as fresh,
                (select count(*) from ${table} where rows <= 0)::int as empty,
                (select count(*) from ((${rows} except ${kept}) union all (${kept} except ${rows})) d)::int as wrong`,
      );
      expect(r.rows[0], table).toEqual({ fresh: 0, empty: 0, wrong: 0 });
    }
    expect([...bandTables].sort()).toEqual([
      'observation_band_day_rollup',
      'observation_band_rollup',
      'observation_band_total_rollup',
    ]);
    // The histogram answered a good share of the random box plots (the rest had no whole month,
    // or filters it does not keep).
    expect(viaHistogram).toBeGreaterThan(20);
  });

  it('bands values at the same bounds in SQL as the plan does, a value on a bound in the band it starts', async () => {
    for (const [fn, bounds] of [
      ['price_band', PRICE_BAND_BOUNDS],
      ['confidence_band', CONFIDENCE_BAND_BOUNDS],
    ] as const) {
      const r = await db.query<{ on: number; below: number }>(
        `select ${fn}(b) as on, ${fn}(b - 0.000001) as below from unnest($1::numeric[]) with ordinality as t(b, i) order by i`,
        [bounds],
      );
      expect(r.rows.map((x) => x.on)).toEqual(bounds.map((_, i) => i + 1));
      expect(r.rows.map((x) => x.below)).toEqual(bounds.map((_, i) => i));
    }
    // Rows on the bounds and a hair either side, then random ranges over them, merged or not.
    const row = await db.query<{ offer_id: string; vendor_id: string }>(
      'select offer_id, vendor_id from price_observations limit 1',
    );
    const { offer_id, vendor_id } = row.rows[0]!;
    const prices = PRICE_BAND_BOUNDS.slice(18, 42).flatMap((b) => [
      Number(b),
      Number(b) - 0.0001,
      Number(b) + 0.0001,
    ]);
    await db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, price_usd,
         confidence_score, observed_at)
       select $1, $2, 'Oferta', 'materials', 10, 'USD', 'kg', p, c, timestamptz '2026-01-15T12:00:00Z'
         from unnest($3::numeric[]) p, unnest($4::numeric[]) c`,
      [offer_id, vendor_id, prices, ['0.7', '0.6999', '0.7001', '0.05', '1']],
    );
    expect(await compareBandSummaries(40)).toBeGreaterThan(20);
    await compactBandRollup(db);
    expect(await compareBandSummaries(40)).toBeGreaterThan(20);
  });

  it('buckets prices so that each is within the bound of its bucket middle', async () => {
    const values = [
      '0.000001',
      '0.036471',
      '0.5',
      '1',
      '1.01',
      '1.0201',
      '388.991176',
      '12345.6789',
      '99999999.99',
    ];
    const r = await db.query<{ v: string; b: number; mid: number }>(
      `select v::text, price_bucket(v) as b, exp((price_bucket(v) + 0.5) * ln(1.01::float8)) as mid
         from unnest($1::numeric[]) v`,
      [values],
    );
    for (const { v, b, mid } of r.rows) {
      expect(Math.abs(mid / Number(v) - 1), v).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 1e-12);
      expect(1.01 ** b, v).toBeLessThanOrEqual(Number(v) * (1 + 1e-12));
      expect(1.01 ** (b + 1), v).toBeGreaterThan(Number(v) * (1 - 1e-12));
    }
    const special = await db.query<{ zero: number; negative: number }>(
      'select price_bucket(0) as zero, price_bucket(-1) as negative',
    );
    expect(special.rows[0]).toEqual({ zero: -2147483647, negative: -2147483648 });
  });

  it('concurrent writers of the same offer neither deadlock nor lose a count', async () => {
    // On PostgreSQL each transaction holds the offer's KEY SHARE lock (the foreign key) when its
    // trigger locks the offer to count: FOR UPDATE there deadlocked four writers at once.
    const offer = await db.query<{ id: string; vendor_id: string }>(
      'select id, vendor_id from offers limit 1',
    );
    const { id, vendor_id } = offer.rows[0]!;
    const before = await db.query<{ n: number }>('select price_count as n from offers where id = $1', [id]);
    await Promise.all(
      Array.from({ length: 4 }, () =>
        db.transaction(async (tx) => {
          for (let i = 0; i < 10; i++) {
            await tx.query(
              `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit,
                 price_usd, observed_at)
               values ($1, $2, 'Oferta', 'materials', 10, 'MXN', 'kg', 1.5, now())`,
              [id, vendor_id],
            );
          }
        }),
      ),
    );
    const after = await db.query<{ n: number }>('select price_count as n from offers where id = $1', [id]);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 40);
    await compareTimelineOffers();
  });

  it('a rolled-back write leaves the rollup as it was, and truncate empties it', async () => {
    const before = await db.query<{ n: string }>('select sum(rows)::text as n from observation_rollup');
    const histogramBefore = await db.query<{ n: string }>(
      'select sum(n)::text as n from observation_price_histogram',
    );
    const bandsBefore = await db.query<{ n: string }>(
      'select sum(rows)::text as n from observation_band_rollup',
    );
    await db
      .transaction(async (tx) => {
        await tx.query('delete from price_observations');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(
      (await db.query<{ n: string }>('select sum(rows)::text as n from observation_rollup')).rows[0]!.n,
    ).toBe(before.rows[0]!.n);
    expect(
      (await db.query<{ n: string }>('select sum(n)::text as n from observation_price_histogram')).rows[0]!.n,
    ).toBe(histogramBefore.rows[0]!.n);
    expect(
      (await db.query<{ n: string }>('select sum(rows)::text as n from observation_band_rollup')).rows[0]!.n,
    ).toBe(bandsBefore.rows[0]!.n);
    await db.exec('truncate price_observations cascade');
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from observation_band_rollup')).rows[0]!.n,
    ).toBe(0);
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from observation_band_day_rollup')).rows[0]!
        .n,
    ).toBe(0);
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from observation_rollup')).rows[0]!.n,
    ).toBe(0);
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from observation_price_histogram')).rows[0]!
        .n,
    ).toBe(0);
  });
});
