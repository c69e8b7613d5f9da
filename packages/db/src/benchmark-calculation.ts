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
const INSERT_SQL = `
  insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days, currency,
    tax_basis, price_p10, price_p25, price_p50, price_p75, price_p90, price_mean, price_stddev, observation_count,
    vendor_count, average_confidence, calculated_at)
  select $1::uuid, g.category, g.subcategory, g.base_unit, $2::text, $3::int, 'USD', 'net',
         g.p[1], g.p[2], g.p[3], g.p[4], g.p[5], g.mean, g.stddev, g.n, g.vendors, g.confidence, $4::timestamptz
    from (
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
         and o.observed_at >= $4::timestamptz - make_interval(days => $3::int)
         and o.observed_at <= $4::timestamptz
         and ($5::text[] is null or o.region = any($5::text[]))
         and ($6::text is null or o.category = $6::text)
       group by o.category, o.subcategory, o.base_unit
      having count(*) >= $7::int and count(distinct o.vendor_id) >= $8::int
    ) g`;

/** Sort memory for a calculation's transaction: the percentile sorts of a large window spill to
 * disk at PostgreSQL's default 4 MB. Call inside the transaction (it is SET LOCAL). */
export async function useBenchmarkMemory(tx: Db): Promise<void> {
  await tx.query("set local work_mem = '64MB'");
}

/** Computes and stores one region's benchmarks in one statement; returns how many groups it stored.
 * Run it inside the caller's transaction so a calculation is stored whole or not at all. */
export async function insertBenchmarksForRegion(db: Db, input: BenchmarkCalculationInput): Promise<number> {
  const scope = REGION_SCOPES[input.region];
  const r = await db.query(INSERT_SQL, [
    input.calculationId,
    input.region,
    input.windowDays,
    input.asOf.toISOString(),
    scope === null ? null : [...scope],
    input.category,
    input.minObservations,
    MIN_BENCHMARK_VENDORS,
  ]);
  return r.rowCount;
}

/** Removes what an earlier attempt of the same calculation stored, so a redelivered job does
 * not count twice. */
export async function deleteCalculation(db: Db, calculationId: string): Promise<void> {
  await db.query('delete from benchmarks where calculation_id = $1', [calculationId]);
}
