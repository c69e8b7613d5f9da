import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '@preciofab/shared/catalogue';
import {
  benchmarkGroups,
  computeBenchmarksForRegion,
  createBenchmarkScratch,
  deleteCalculation,
  dropBenchmarkScratch,
  insertBenchmarksForRegion,
  stageBenchmarkPrices,
  storeBenchmarks,
} from './benchmark-calculation.ts';
import { CATEGORIES, REGIONS } from '@preciofab/shared/catalogue';
import type { Db } from './client.ts';
import { createTestDb } from './testing/test-db.ts';

const AS_OF = new Date('2025-06-30T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (d: number, extraMs = 0) => new Date(AS_OF.getTime() - d * DAY - extraMs);

type Obs = {
  vendor: number;
  category: string;
  subcategory: string | null;
  unit: string | null;
  region: Region;
  usd: number | null;
  confidence: number;
  at: Date;
};

const o = (
  vendor: number,
  group: [string, string | null, string | null],
  region: Region,
  usd: number | null,
  confidence: number,
  at: Date = daysAgo(3),
): Obs => ({
  vendor,
  category: group[0],
  subcategory: group[1],
  unit: group[2],
  region,
  usd,
  confidence,
  at,
});

const FDM: [string, string, string] = ['additive_manufacturing', 'FDM', 'cm3'];
const MILLING: [string, string, string] = ['cnc_machining', 'Milling', 'hour'];
const CO2: [string, string, string] = ['laser_cutting', 'CO2 Laser', 'minute'];
const SHEETS_NO_SUB: [string, null, string] = ['materials', null, 'kg'];

// A small market whose every benchmark is worked out independently below.
const DATA: Obs[] = [
  // FDM: 3 vendors in CDMX, more in the wider scopes.
  o(1, FDM, 'CDMX', 0.1, 0.9),
  o(2, FDM, 'CDMX', 0.2, 0.8),
  o(3, FDM, 'CDMX', 0.35, 0.7),
  o(1, FDM, 'CDMX', 0.15, 0.6),
  o(2, FDM, 'CDMX', 0.25, 0.5, daysAgo(30)), // exactly on the 30-day boundary: counted
  o(2, FDM, 'CDMX', 9.99, 0.5, daysAgo(30, 1000)), // one second older: outside the window
  o(3, FDM, 'CDMX', 7.77, 0.5, new Date(AS_OF.getTime() + 3_600_000)), // after the calculation time
  o(3, FDM, 'CDMX', null, 0.9), // never normalized to USD
  o(3, [FDM[0], FDM[1], null], 'CDMX', 0.3, 0.9), // no base unit
  o(4, FDM, 'Mexico', 0.5, 0.75),
  o(5, FDM, 'Mexico', 0.4, 0.65),
  o(6, FDM, 'LATAM', 1.0, 0.55),
  o(7, FDM, 'Global', 2.0, 0.45),
  o(7, FDM, 'Global', 3.0, 0.45, daysAgo(80)), // only in 90-day windows
  // Milling: many observations but only 2 vendors below Global; a third vendor is Global.
  o(1, MILLING, 'CDMX', 20, 0.8),
  o(1, MILLING, 'CDMX', 22, 0.8),
  o(2, MILLING, 'CDMX', 25, 0.8),
  o(2, MILLING, 'Mexico', 30, 0.8),
  o(2, MILLING, 'LATAM', 28, 0.8),
  o(7, MILLING, 'Global', 40, 0.8),
  // CO2 laser: exactly 3 observations from 3 vendors in Mexico.
  o(4, CO2, 'Mexico', 1.2, 0.9),
  o(5, CO2, 'Mexico', 1.5, 0.8),
  o(1, CO2, 'CDMX', 1.1, 0.7),
  // Materials without a subcategory: a group of its own.
  o(4, SHEETS_NO_SUB, 'Global', 10, 0.5),
  o(5, SHEETS_NO_SUB, 'LATAM', 12, 0.5),
  o(6, SHEETS_NO_SUB, 'Mexico', 11, 0.5),
];

const SCOPES: Record<Region, Region[]> = {
  CDMX: ['CDMX'],
  Mexico: ['CDMX', 'Mexico'],
  LATAM: ['CDMX', 'Mexico', 'LATAM'],
  Global: ['CDMX', 'Mexico', 'LATAM', 'Global'],
};

/** Linear interpolation between closest ranks, as percentile_cont defines it. */
function percentile(sorted: number[], p: number): number {
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (pos - lo) * (sorted[hi]! - sorted[lo]!);
}

type Expected = {
  key: string;
  p: number[];
  mean: number;
  stddev: number;
  n: number;
  vendors: number;
  confidence: number;
};

function expected(
  region: Region,
  windowDays: number,
  minObservations: number,
  category?: string,
): Expected[] {
  const from = AS_OF.getTime() - windowDays * DAY;
  const groups = new Map<string, Obs[]>();
  for (const x of DATA) {
    const t = x.at.getTime();
    if (x.usd === null || x.unit === null || t < from || t > AS_OF.getTime()) continue;
    if (!SCOPES[region].includes(x.region) || (category && x.category !== category)) continue;
    const key = `${x.category}|${x.subcategory ?? ''}|${x.unit}`;
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  const out: Expected[] = [];
  for (const [key, xs] of groups) {
    const vendors = new Set(xs.map((x) => x.vendor)).size;
    if (xs.length < minObservations || vendors < 3) continue;
    const prices = xs.map((x) => x.usd!).sort((a, b) => a - b);
    const mean = prices.reduce((a, b) => a + b, 0) / prices.length;
    const variance = prices.reduce((a, b) => a + (b - mean) ** 2, 0) / (prices.length - 1);
    out.push({
      key,
      p: [0.1, 0.25, 0.5, 0.75, 0.9].map((q) => percentile(prices, q)),
      mean,
      stddev: Math.sqrt(variance),
      n: xs.length,
      vendors,
      confidence: xs.reduce((a, x) => a + x.confidence, 0) / xs.length,
    });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const vendorIds: Record<number, string> = {};
  for (let v = 1; v <= 7; v++) {
    const r = await db.query<{ id: string }>(
      "insert into vendors (name, type) values ($1, 'bureau') returning id",
      [`Vendor ${v}`],
    );
    vendorIds[v] = r.rows[0]!.id;
  }
  for (const [i, x] of DATA.entries()) {
    const offer = await db.query<{ id: string }>(
      'insert into offers (vendor_id, offer_key, name, category, unit) values ($1, $2, $3, $4, $5) returning id',
      [vendorIds[x.vendor], `offer-${i}`, `Offer ${i}`, x.category, x.unit],
    );
    await db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, subcategory, price, currency, unit,
         region, base_unit, price_usd, price_net_usd, confidence_score, observed_at)
       values ($1, $2, $3, $4, $5, 1, 'USD', coalesce($6, 'piece'), $7, $6, $8, $8, $9, $10)`,
      [
        offer.rows[0]!.id,
        vendorIds[x.vendor],
        `Offer ${i}`,
        x.category,
        x.subcategory,
        x.unit,
        x.region,
        x.usd,
        x.confidence,
        x.at.toISOString(),
      ],
    );
  }
});
afterAll(() => drop());

type Stored = {
  category: string;
  subcategory: string | null;
  base_unit: string;
  price_p10: string;
  price_p25: string;
  price_p50: string;
  price_p75: string;
  price_p90: string;
  price_mean: string;
  price_stddev: string;
  observation_count: number;
  vendor_count: number;
  average_confidence: string;
  region: string;
  time_window_days: number;
  calculated_at: Date;
};

async function calculate(
  region: Region,
  windowDays = 30,
  minObservations = 3,
  category: string | null = null,
): Promise<{ count: number; rows: Stored[] }> {
  const calculationId = randomUUID();
  const count = await insertBenchmarksForRegion(db, {
    calculationId,
    region,
    category,
    windowDays,
    minObservations,
    asOf: AS_OF,
  });
  const r = await db.query<Stored>(
    `select category, subcategory, base_unit, price_p10, price_p25, price_p50, price_p75, price_p90, price_mean,
            price_stddev, observation_count, vendor_count, average_confidence, region, time_window_days, calculated_at
       from benchmarks where calculation_id = $1`,
    [calculationId],
  );
  const rows = r.rows.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  return { count, rows };
}
const keyOf = (r: Stored) => `${r.category}|${r.subcategory ?? ''}|${r.base_unit}`;

function expectMatches(rows: Stored[], want: Expected[]) {
  expect(rows.map(keyOf)).toEqual(want.map((w) => w.key));
  for (const [i, row] of rows.entries()) {
    const w = want[i]!;
    const got = [row.price_p10, row.price_p25, row.price_p50, row.price_p75, row.price_p90].map(Number);
    for (const [j, p] of got.entries()) expect(p).toBeCloseTo(w.p[j]!, 5);
    expect(Number(row.price_mean)).toBeCloseTo(w.mean, 5);
    expect(Number(row.price_stddev)).toBeCloseTo(w.stddev, 5);
    expect(row.observation_count).toBe(w.n);
    expect(row.vendor_count).toBe(w.vendors);
    expect(Number(row.average_confidence)).toBeCloseTo(w.confidence, 3);
  }
}

describe('benchmark calculation SQL', () => {
  it('matches independently computed statistics in every region scope', async () => {
    for (const region of ['CDMX', 'Mexico', 'LATAM', 'Global'] as const) {
      const { count, rows } = await calculate(region);
      expectMatches(rows, expected(region, 30, 3));
      expect(count).toBe(rows.length);
      expect(rows.every((r) => r.region === region && r.time_window_days === 30)).toBe(true);
      expect(rows.every((r) => r.calculated_at.getTime() === AS_OF.getTime())).toBe(true);
    }
  });

  it('widens the scope region by region and applies the three-vendor rule', async () => {
    const keys = async (region: Region) => (await calculate(region)).rows.map(keyOf);
    expect(await keys('CDMX')).toEqual(['additive_manufacturing|FDM|cm3']);
    expect(await keys('Mexico')).toEqual([
      'additive_manufacturing|FDM|cm3',
      'laser_cutting|CO2 Laser|minute',
    ]);
    expect(await keys('LATAM')).toEqual(['additive_manufacturing|FDM|cm3', 'laser_cutting|CO2 Laser|minute']);
    // Milling reaches three vendors only once the Global observation counts; materials too.
    expect(await keys('Global')).toEqual([
      'additive_manufacturing|FDM|cm3',
      'cnc_machining|Milling|hour',
      'laser_cutting|CO2 Laser|minute',
      'materials||kg',
    ]);
  });

  it('counts the CDMX FDM group exactly: window boundary in, older and future out, nulls out', async () => {
    const { rows } = await calculate('CDMX');
    const fdm = rows[0]!;
    // 0.10, 0.15, 0.20, 0.25 (boundary), 0.35
    expect(fdm.observation_count).toBe(5);
    expect(fdm.vendor_count).toBe(3);
    expect(Number(fdm.price_p50)).toBeCloseTo(0.2, 6);
    expect(Number(fdm.price_p10)).toBeCloseTo(0.12, 6);
    expect(Number(fdm.price_p90)).toBeCloseTo(0.31, 6);
    expect(Number(fdm.price_mean)).toBeCloseTo(0.21, 6);
  });

  it('needs min_observations per group', async () => {
    const three = await calculate('Mexico', 30, 3);
    expect(three.rows.map(keyOf)).toContain('laser_cutting|CO2 Laser|minute');
    const four = await calculate('Mexico', 30, 4);
    expect(four.rows.map(keyOf)).toEqual(['additive_manufacturing|FDM|cm3']);
    expectMatches(four.rows, expected('Mexico', 30, 4));
    const many = await calculate('Global', 30, 100);
    expect(many.count).toBe(0);
  });

  it('takes a longer window and one category when asked', async () => {
    const wide = await calculate('Global', 90, 3, 'additive_manufacturing');
    expectMatches(wide.rows, expected('Global', 90, 3, 'additive_manufacturing'));
    expect(wide.rows[0]!.observation_count).toBe(11);
    expect(wide.rows[0]!.time_window_days).toBe(90);
  });

  it('stores the same rows computed group by group (region, window, category, group) as in one statement', async () => {
    // As the job does: the groups read once over the widest window, the prices copied page by
    // page (pages of 2 here: many pages, ties on a page's edge), then every region and window.
    const groups = new Map<string, Awaited<ReturnType<typeof benchmarkGroups>>>();
    for (const category of CATEGORIES) {
      groups.set(category, await benchmarkGroups(db, { category, windowDays: 90, asOf: AS_OF }));
    }
    const scratch = randomUUID();
    await createBenchmarkScratch(db, scratch);
    const staged = await stageBenchmarkPrices(
      db,
      scratch,
      { category: null, windowDays: 90, asOf: AS_OF },
      2,
    );
    // Every price with a USD price and a base unit in the 90 days before AS_OF (not the later one).
    expect(staged).toBe(DATA.filter((x) => x.usd !== null && x.unit !== null && x.at <= AS_OF).length);
    for (const region of REGIONS) {
      for (const windowDays of [30, 90]) {
        for (const options of [{}, { groups: null }, { groups: null, scratch }] as const) {
          const whole = await calculate(region, windowDays);
          const calculationId = randomUUID();
          const parts = [];
          for (const category of CATEGORIES) {
            const input = { region, category, windowDays, minObservations: 3, asOf: AS_OF };
            parts.push(
              ...(await computeBenchmarksForRegion(db, input, {
                ...options,
                groups: 'groups' in options ? groups.get(category) : undefined,
              })),
            );
          }
          await storeBenchmarks(db, calculationId, AS_OF, parts);
          const r = await db.query<Stored>(
            `select category, subcategory, base_unit, price_p10, price_p25, price_p50, price_p75, price_p90, price_mean,
                    price_stddev, observation_count, vendor_count, average_confidence, region, time_window_days, calculated_at
               from benchmarks where calculation_id = $1`,
            [calculationId],
          );
          expect(r.rows.sort((a, b) => keyOf(a).localeCompare(keyOf(b)))).toEqual(whole.rows);
          expect(whole.rows.length).toBeGreaterThan(0);
        }
      }
    }
    await dropBenchmarkScratch(db, scratch);
    const left = await db.query<{ n: number }>(
      "select count(*)::int as n from pg_class where relname like 'benchmark_scratch%'",
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('reads each group of a category by a statement of its own, so no statement covers a whole category', async () => {
    // On PGlite one statement holds every writer: its size must be a group's, not a category's.
    const statements: string[] = [];
    const spied = (d: Db): Db['query'] =>
      ((sql: string, params?: readonly unknown[]) => {
        if (sql.includes('percentile_cont')) statements.push(String(params?.[6]));
        return d.query(sql, params);
      }) as Db['query'];
    const spy: Db = {
      ...db,
      query: spied(db),
      transaction: (fn) => db.transaction((tx) => fn({ ...tx, query: spied(tx) })),
    };
    const rows = await computeBenchmarksForRegion(spy, {
      region: 'Global',
      category: null,
      windowDays: 90,
      minObservations: 1,
      asOf: AS_OF,
    });
    const groups = await benchmarkGroups(db, { category: null, windowDays: 90, asOf: AS_OF });
    expect(groups.map((g) => `${g.category}|${g.subcategory ?? ''}|${g.base_unit}`)).toEqual([
      'additive_manufacturing|fdm|cm3',
      'cnc_machining|milling|hour',
      'laser_cutting|co2 laser|minute',
      'materials||kg',
    ]);
    expect(statements).toEqual(groups.map((g) => g.base_unit));
    expect(rows.map((r) => r.base_unit)).toEqual(['cm3', 'hour', 'minute', 'kg']);
  });

  it('deletes one calculation only', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const input = {
      region: 'CDMX' as const,
      category: null,
      windowDays: 30,
      minObservations: 3,
      asOf: AS_OF,
    };
    await insertBenchmarksForRegion(db, { ...input, calculationId: a });
    await insertBenchmarksForRegion(db, { ...input, calculationId: b });
    await deleteCalculation(db, a);
    const left = await db.query<{ calculation_id: string }>(
      'select calculation_id from benchmarks where calculation_id = any($1::uuid[])',
      [[a, b]],
    );
    expect(left.rows.map((r) => r.calculation_id)).toEqual([b]);
  });
});
