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

/** Held, rejected and corrected-original observations stay out of benchmarks (the review queue,
 * migration 0033): an anti-join on the small review table's primary key. */
export const NOT_HELD = `not exists (select 1 from observation_reviews rv where rv.observation_id = o.id
                     and rv.status in ('pending', 'rejected', 'corrected'))`;

// percentile_cont interpolates linearly between the two nearest ranks, the textbook definition
// the console's P10..P90 tiles assume. Observations without a USD net price or a base unit
// cannot be compared and are left out.
/** Per category, subcategory and base unit: the five percentiles, mean, deviation and counts.
 * Parameters: $1 window days, $2 as of, $3 region scope, $4 category, $5 min observations,
 * $6 min vendors. */
const groupsSql = (oneGroup = false, scratch: string | null = null) => `
      -- One ordered-set aggregate for the five percentiles: one sort per group, not five.
      select o.category, o.subcategory, o.base_unit,
             percentile_cont(array[0.1, 0.25, 0.5, 0.75, 0.9]) within group (order by o.price_net_usd) as p,
             avg(o.price_net_usd) as mean,
             stddev_samp(o.price_net_usd) as stddev,
             count(*)::int as n,
             count(distinct o.vendor_id)::int as vendors,
             avg(o.confidence_score) as confidence
        from ${scratch ?? 'price_observations'} o
       where o.price_net_usd is not null
         and o.base_unit is not null
         and o.observed_at >= $2::timestamptz - make_interval(days => $1::int)
         and o.observed_at <= $2::timestamptz
         and ($3::text[] is null or o.region = any($3::text[]))
         and ($4::text is null or o.category = $4::text)${
           scratch
             ? ''
             : `
         and ${NOT_HELD}`
         }${
           // $7, $8: one group's base unit and lower-cased subcategory (the category is $4).
           oneGroup
             ? '\n         and o.base_unit = $7::text and lower(o.subcategory) is not distinct from $8::text'
             : ''
         }
       group by o.category, o.subcategory, o.base_unit
      having count(*) >= $5::int and count(distinct o.vendor_id) >= $6::int`;

const INSERT_SQL = `
  insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days, currency,
    tax_basis, price_p10, price_p25, price_p50, price_p75, price_p90, price_mean, price_stddev, observation_count,
    vendor_count, average_confidence, calculated_at)
  select $7::uuid, g.category, g.subcategory, g.base_unit, $8::text, $1::int, 'USD', 'net',
         g.p[1], g.p[2], g.p[3], g.p[4], g.p[5], g.mean, g.stddev, g.n, g.vendors, g.confidence, $2::timestamptz
    from (${groupsSql()}) g`;

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

/** Where a calculation reads one statement's prices: a category, base unit and subcategory, this
 * one lower-cased as the rollup keeps it (so 'FDM' and 'fdm', two benchmark groups, are read by
 * one statement). */
export type BenchmarkGroup = { category: string; subcategory: string | null; base_unit: string };

/** The groups that may have prices in a window (of one category, or every one), from the daily
 * rollup (migration 0015: a row per day and group, kept by the insert, update and delete triggers)
 * rather than from the prices: a read of a few hundred rows. A superset (prices without a USD price
 * count there too; the window is widened by a day for time zones): a group without prices in the
 * scope yields no benchmark. */
export async function benchmarkGroups(
  db: Db,
  input: { category: string | null; windowDays: number; asOf: Date },
): Promise<BenchmarkGroup[]> {
  const r = await db.query<BenchmarkGroup>(
    `select distinct category, subcategory, base_unit from observation_rollup
      where base_unit is not null
        and day >= ($2::timestamptz - make_interval(days => $1::int + 1))::date
        and day <= ($2::timestamptz + interval '1 day')::date
        and ($3::text is null or category = $3::text)
      order by 1, 2, 3`,
    [input.windowDays, input.asOf.toISOString(), input.category],
  );
  return r.rows;
}

/** Prices a calculation copies to its scratch table per statement. */
export const BENCHMARK_PAGE_ROWS = 1000;

/** The scratch table of a calculation: the columns a benchmark reads of the prices of its widest
 * window. A group's percentiles need all its prices in one statement, and over price_observations
 * that statement read the rows of a group scattered over the whole table: 0.4–0.9 s a group at
 * 100,000 prices on PGlite, where one statement holds every writer. From this narrow copy it reads
 * only them. A table of the calculation's own, dropped when it ends (storage returned at once:
 * PGlite never vacuums, so deleted rows of a shared table would stay), unlogged (nothing in it
 * outlives the calculation). */
export function benchmarkScratchTable(calculationId: string): string {
  if (!/^[0-9a-f-]{36}$/i.test(calculationId)) throw new Error(`not a calculation id: ${calculationId}`);
  return `benchmark_scratch_${calculationId.replaceAll('-', '').toLowerCase()}`;
}

/** Creates a calculation's scratch table, empty (an interrupted attempt's is dropped first). */
export async function createBenchmarkScratch(db: Db, calculationId: string): Promise<void> {
  const table = benchmarkScratchTable(calculationId);
  await dropBenchmarkScratch(db, calculationId);
  await db.query(
    `create unlogged table ${table} (category text not null, subcategory text, base_unit text not null,
       region text not null, vendor_id uuid not null, price_net_usd numeric(18, 6) not null,
       confidence_score numeric(5, 4) not null, observed_at timestamptz not null)`,
  );
  await db.query(`create index on ${table} (category, base_unit, (lower(subcategory)), observed_at)`);
}

export async function dropBenchmarkScratch(db: Db, calculationId: string): Promise<void> {
  await db.query(`drop table if exists ${benchmarkScratchTable(calculationId)}`);
}

/** Copies the prices a calculation reads (its widest window, of one category or every one) to its
 * scratch table, a page a statement, newest first along obs_observed_idx: each statement reads a
 * bounded number of rows, however many prices there are. Returns how many. */
export async function stageBenchmarkPrices(
  db: Db,
  calculationId: string,
  input: { category: string | null; windowDays: number; asOf: Date },
  pageRows = BENCHMARK_PAGE_ROWS,
): Promise<number> {
  const table = benchmarkScratchTable(calculationId);
  let staged = 0;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const r: { rows: { n: number; at: string | null; id: string | null }[] } = await db.query(
      `with page as (
         select o.category, o.subcategory, o.base_unit, o.region, o.vendor_id, o.price_net_usd,
                o.confidence_score, o.observed_at, o.id
           from price_observations o
          where o.price_net_usd is not null and o.base_unit is not null
            and o.observed_at >= $2::timestamptz - make_interval(days => $1::int)
            and o.observed_at <= $2::timestamptz
            and ($3::text is null or o.category = $3::text)
            and ${NOT_HELD}${
              after ? '\n            and (o.observed_at, o.id) < ($5::timestamptz, $6::uuid)' : ''
            }
          -- "nulls last" (observed_at is never null) is the index's order: walked, not sorted.
          order by o.observed_at desc nulls last, o.id desc
          limit $4),
       copied as (
         insert into ${table} (category, subcategory, base_unit, region, vendor_id, price_net_usd,
           confidence_score, observed_at)
         select category, subcategory, base_unit, region, vendor_id, price_net_usd, confidence_score, observed_at
           from page)
       select (select count(*)::int from page) as n,
              last.observed_at::text as at, last.id::text as id
         from (select 1) one
         left join (select observed_at, id from page order by observed_at, id limit 1) last on true`,
      [
        input.windowDays,
        input.asOf.toISOString(),
        input.category,
        pageRows,
        ...(after ? [after.at, after.id] : []),
      ],
    );
    const row = r.rows[0]!;
    staged += row.n;
    if (row.n < pageRows || row.at === null || row.id === null) return staged;
    after = { at: row.at, id: row.id };
  }
}

/** Computes one region's benchmarks (of one category, or every one) without storing them, one group
 * (category, subcategory, base unit) a statement, each in a short transaction of its own (for its
 * sort memory). The percentiles, mean and deviation of a group need all its prices in one
 * statement, but no more: a statement over a whole category took 0.5–2 s on PGlite at 100,000
 * prices, holding its one connection (every writer) for as long. A calculation computes each part
 * this way and stores them all at the end (`storeBenchmarks`).
 * - `groups` (from `benchmarkGroups` over the widest window of the calculation) spares reading
 *   them again for each region and window;
 * - `scratch`, a calculation id whose prices `stageBenchmarkPrices` copied: the groups are read
 *   from that narrow copy rather than from price_observations, whose rows of one group lie all
 *   over the table (`benchmarkScratchTable`). */
export async function computeBenchmarksForRegion(
  db: Db,
  input: Omit<BenchmarkCalculationInput, 'calculationId'>,
  options: { groups?: readonly BenchmarkGroup[]; scratch?: string } = {},
): Promise<ComputedBenchmark[]> {
  const wanted = (options.groups ?? (await benchmarkGroups(db, input))).filter(
    (g) => input.category === null || g.category === input.category,
  );
  const scratch = options.scratch === undefined ? null : benchmarkScratchTable(options.scratch);
  const out: ComputedBenchmark[] = [];
  for (const g of wanted) {
    const rows = await db.transaction(async (tx) => {
      await useBenchmarkMemory(tx);
      const r = await tx.query<Omit<ComputedBenchmark, 'region' | 'time_window_days'>>(
        `select g.category, g.subcategory, g.base_unit, g.p[1]::text as p10, g.p[2]::text as p25,
                g.p[3]::text as p50, g.p[4]::text as p75, g.p[5]::text as p90, g.mean::text as mean,
                g.stddev::text as stddev, g.n, g.vendors, g.confidence::text as confidence
           from (${groupsSql(true, scratch)}) g`,
        [...params({ ...input, category: g.category }), g.base_unit, g.subcategory],
      );
      return r.rows;
    });
    for (const row of rows) out.push({ ...row, region: input.region, time_window_days: input.windowDays });
  }
  return out;
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
 * disk at PostgreSQL's default 4 MB. No parallel workers: a calculation is background work, and on
 * a small machine its workers took the cores the writers of prices wait for. Call inside the
 * transaction (both are SET LOCAL). */
export async function useBenchmarkMemory(tx: Db): Promise<void> {
  await tx.query("set local work_mem = '64MB'");
  await tx.query('set local max_parallel_workers_per_gather = 0');
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
