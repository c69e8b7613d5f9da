import type { Region } from '@preciofab/shared/catalogue';
import type { Db } from './client.ts';

/** Benchmarks need observations from at least this many different vendors (spec §5). */
export const MIN_BENCHMARK_VENDORS = 3;

/** Which observation regions each benchmark region covers: wider scopes include narrower ones.
 * Global (null) takes every observation. */
export const REGION_SCOPES: Record<Region, readonly string[] | null> = {
  CDMX: ['CDMX'],
  Mexico: ['CDMX', 'Mexico'],
  LATAM: ['CDMX', 'Mexico', 'LATAM'],
  Global: null,
};

export type BenchmarkCalculationInput = {
  calculationId: string;
  region: Region;
  /** null: every category. */
  category: string | null;
  windowDays: number;
  minObservations: number;
  /** The calculation time: the window ends here and every row gets it as calculated_at. */
  asOf: Date;
};

// percentile_cont interpolates linearly between the two nearest ranks, the textbook definition
// the console's P10..P90 tiles assume. Observations without a USD net price or a base unit
// cannot be compared and are left out.
/** Per category, subcategory and base unit: the five percentiles, mean, deviation and counts.
 * Parameters: $1 window days, $2 as of, $3 region scope, $4 category, $5 min observations,
 * $6 min vendors. */
const GROUPS_SQL = `
      -- One ordered-set aggregate for the five percentiles: one sort per group, not five.
      select o.category, o.subcategory, o.base_unit,
             percentile_cont(array[0.1, 0.25, 0.5, 0.75, 0.9]) within group (order by o.price_net_usd) as p,
             avg(o.price_net_usd) as mean,
             stddev_samp(o.price_net_usd) as stddev,
             count(*)::int as n,
             count(distinct o.vendor_id)::int as vendors,
             avg(o.confidence_score) as confidence
        from price_observations o
       where o.price_net_usd is not null
         and o.base_unit is not null
         and o.observed_at >= $2::timestamptz - make_interval(days => $1::int)
         and o.observed_at <= $2::timestamptz
         and ($3::text[] is null or o.region = any($3::text[]))
         and ($4::text is null or o.category = $4::text)
       group by o.category, o.subcategory, o.base_unit
      having count(*) >= $5::int and count(distinct o.vendor_id) >= $6::int`;

const INSERT_SQL = `
  insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days, currency,
    tax_basis, price_p10, price_p25, price_p50, price_p75, price_p90, price_mean, price_stddev, observation_count,
    vendor_count, average_confidence, calculated_at)
  select $7::uuid, g.category, g.subcategory, g.base_unit, $8::text, $1::int, 'USD', 'net',
         g.p[1], g.p[2], g.p[3], g.p[4], g.p[5], g.mean, g.stddev, g.n, g.vendors, g.confidence, $2::timestamptz
    from (${GROUPS_SQL}) g`;

/** One benchmark row as computed, before it is stored (numbers as text: nothing rounded twice). */
export type ComputedBenchmark = {
  category: string;
  subcategory: string | null;
  base_unit: string;
  region: Region;
  time_window_days: number;
  p10: string;
  p25: string;
  p50: string;
  p75: string;
  p90: string;
  mean: string | null;
  stddev: string | null;
  n: number;
  vendors: number;
  confidence: string | null;
};

const params = (input: Omit<BenchmarkCalculationInput, 'calculationId'>) => {
  const scope = REGION_SCOPES[input.region];
  return [
    input.windowDays,
    input.asOf.toISOString(),
    scope === null ? null : [...scope],
    input.category,
    input.minObservations,
    MIN_BENCHMARK_VENDORS,
  ];
};

/** Computes one region's benchmarks (of one category, or every one) without storing them: one
 * read statement, in a short transaction of its own (for its sort memory). A calculation computes
 * each part this way and stores them all at the end (`storeBenchmarks`), so on PGlite, whose one
 * connection every writer shares, no statement of a calculation holds writers up for long. */
export async function computeBenchmarksForRegion(
  db: Db,
  input: Omit<BenchmarkCalculationInput, 'calculationId'>,
): Promise<ComputedBenchmark[]> {
  return db.transaction(async (tx) => {
    await useBenchmarkMemory(tx);
    const r = await tx.query<Omit<ComputedBenchmark, 'region' | 'time_window_days'>>(
      `select g.category, g.subcategory, g.base_unit, g.p[1]::text as p10, g.p[2]::text as p25,
              g.p[3]::text as p50, g.p[4]::text as p75, g.p[5]::text as p90, g.mean::text as mean,
              g.stddev::text as stddev, g.n, g.vendors, g.confidence::text as confidence
         from (${GROUPS_SQL}) g`,
      params(input),
    );
    return r.rows.map((row) => ({ ...row, region: input.region, time_window_days: input.windowDays }));
  });
}

/** Stores computed benchmarks as one calculation, in one statement (call it in the transaction
 * that also clears an earlier attempt's rows). */
export async function storeBenchmarks(
  db: Db,
  calculationId: string,
  asOf: Date,
  rows: readonly ComputedBenchmark[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days, currency,
       tax_basis, price_p10, price_p25, price_p50, price_p75, price_p90, price_mean, price_stddev, observation_count,
       vendor_count, average_confidence, calculated_at)
     select $1::uuid, r.category, r.subcategory, r.base_unit, r.region, r.time_window_days, 'USD', 'net',
            r.p10, r.p25, r.p50, r.p75, r.p90, r.mean, r.stddev, r.n, r.vendors, r.confidence, $2::timestamptz
       from jsonb_to_recordset($3::jsonb) as r(category text, subcategory text, base_unit text, region text,
            time_window_days int, p10 numeric, p25 numeric, p50 numeric, p75 numeric, p90 numeric, mean numeric,
            stddev numeric, n int, vendors int, confidence numeric)`,
    [calculationId, asOf.toISOString(), JSON.stringify(rows)],
  );
}

/** Sort memory for a calculation's transaction: the percentile sorts of a large window spill to
 * disk at PostgreSQL's default 4 MB. Call inside the transaction (it is SET LOCAL). */
export async function useBenchmarkMemory(tx: Db): Promise<void> {
  await tx.query("set local work_mem = '64MB'");
}

/** Computes and stores one region's benchmarks in one statement; returns how many groups it stored.
 * Run it inside the caller's transaction so a calculation is stored whole or not at all. */
export async function insertBenchmarksForRegion(db: Db, input: BenchmarkCalculationInput): Promise<number> {
  const r = await db.query(INSERT_SQL, [...params(input), input.calculationId, input.region]);
  return r.rowCount;
}

/** Removes what an earlier attempt of the same calculation stored, so a redelivered job does
 * not count twice. */
export async function deleteCalculation(db: Db, calculationId: string): Promise<void> {
  await db.query('delete from benchmarks where calculation_id = $1', [calculationId]);
}
