import type { ObservationSearch } from '@preciofab/shared/contracts/observations';
import type { Db } from '../client.ts';
import { paramList, rollupPlanParts, searchFilterSql } from '../observation-search.ts';
import {
  compactBoxRollups,
  compactRollup,
  monthPlan,
  planRollup,
  type RollupPlan,
} from '../observation-rollup.ts';

// The Data Explorer's chart views over every observation matching the search filters. Each view
// is one statement: the database groups, sorts and bounds; only the bounded answer travels.

export type ViewDimension = 'technology' | 'material' | 'vendor' | 'date';
export type ViewMeasure = 'price' | 'confidence' | 'volume';
export type ViewAggregation = 'avg' | 'sum' | 'count';

/** A dimension's group key over the table alias `a`. Text is compared case-insensitively, and ''
 * stands for "none" so that it groups, joins and compares like any value (a blank technology is
 * stored as null, so '' never comes from a row). Months are UTC months. */
const KEY: Record<ViewDimension, (a: string) => string> = {
  technology: (a) => `coalesce(lower(${a}.technology), '')`,
  material: (a) => `coalesce(lower(${a}.material), '')`,
  vendor: (a) => `${a}.vendor_id`,
  date: (a) => `date_trunc('month', ${a}.observed_at at time zone 'UTC')`,
};

/** A key column as the answer gives it: text, null for none. */
const KEY_OUT: Record<ViewDimension, (column: string) => string> = {
  technology: (c) => `nullif(${c}, '')`,
  material: (c) => `nullif(${c}, '')`,
  vendor: (c) => `${c}::text`,
  date: (c) => `to_char(${c}, 'YYYY-MM')`,
};

/** The column each measure reads: prices compare in USD per base unit. */
const MEASURE: Record<ViewMeasure, (a: string) => string> = {
  price: (a) => `${a}.price_usd`,
  confidence: (a) => `${a}.confidence_score`,
  volume: (a) => `${a}.volume_cm3`,
};

/** Prices are split by base unit (USD per cm³ never meets USD per hour); the other measures have
 * one unit each. */
const UNIT = (measure: ViewMeasure, a: string) =>
  measure === 'price' ? `coalesce(${a}.base_unit, '')` : `''::text`;

/** The dimensions the rollup keeps (not the vendor), over the rollup alias `o`: the same keys as
 * KEY (technology and material are stored lowercased). */
const ROLLUP_KEY: Partial<Record<ViewDimension, (a: string) => string>> = {
  technology: (a) => `coalesce(${a}.technology, '')`,
  material: (a) => `coalesce(${a}.material, '')`,
  date: (a) => `date_trunc('month', ${a}.day::timestamp)`,
};

/** Each measure's count, sum and newest time in the rollup. */
const ROLLUP_MEASURE: Record<ViewMeasure, { n: string; sum: string; newest: string }> = {
  price: { n: 'n_price', sum: 'sum_price', newest: 'newest_price' },
  confidence: { n: 'n_confidence', sum: 'sum_confidence', newest: 'newest_confidence' },
  volume: { n: 'n_volume', sum: 'sum_volume', newest: 'newest_volume' },
};

/** uuid_hash's range (a 32-bit signed integer), and how many times the sample the hash cut of a
 * filtered scatter aims to hold. */
const HASH_MIN = -(2 ** 31);
const HASH_SPAN = 2 ** 32;
const SAMPLE_MARGIN = 1.5;

/** Tukey's fences: 1.5 interquartile ranges beyond the quartiles. */
export const IQR_FENCE = 1.5;

/** Up to this many measured values a box plot is exact (it sorts them); above, where the filters
 * allow, its quartiles come from the monthly price histogram (migration 0024): a product decision,
 * docs/ARCHITECTURE.md, "Analysis views". Lower on PGlite, whose sort runs in WebAssembly: 9.2k
 * values took 66 ms there (the target is 50), the histogram about half that. */
export const BOX_EXACT_MAX: Record<Db['kind'], number> = { postgres: 20_000, pglite: 5_000 };
/** The histogram's bucket ratio, and the largest relative distance between a value and its
 * bucket's geometric middle (1.01^0.5 − 1, 0.4988 %): the bound of every quartile read from it. */
const HISTOGRAM_RATIO = 1.01;
export const HISTOGRAM_RELATIVE_ERROR = Math.sqrt(HISTOGRAM_RATIO) - 1;
/** The quartiles' fractions, as percentile_cont takes them. */
const QUARTILES = [0.25, 0.5, 0.75] as const;
/** The filters the price histogram keeps (its columns, named as the search's fields). */
const HISTOGRAM_FIELDS: ReadonlySet<string> = new Set(['category', 'subcategory', 'technology', 'material']);
/** price_bucket's buckets of 0 and of negative values (migration 0024). */
const ZERO_BUCKET = -2147483647;
const NEGATIVE_BUCKET = -2147483648;

type Scope = { from: string; where: string; p: ReturnType<typeof paramList> };

/** Runs a view's statement. JIT is off on every connection (client.ts). The sorts of the exact
 * box plot get more memory than the 4 MB default, so a large set is not sorted on disk: in a
 * transaction of their own, for that statement only. */
export async function viewQuery<T>(
  db: Db,
  sql: string,
  params: readonly unknown[],
  options: { sortMemory?: boolean } = {},
): Promise<T[]> {
  if (!options.sortMemory) return (await db.query<T>(sql, params)).rows;
  return db.transaction(async (tx) => {
    await tx.exec("set local work_mem = '64MB'");
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** The filtered set as FROM and WHERE (the vendors join only when a filter reads a vendor). */
function scope(filters: ObservationSearch['filters']): Scope {
  const p = paramList();
  const { conditions, readsVendor } = searchFilterSql(filters, p);
  return {
    from: readsVendor ? 'price_observations o join vendors v on v.id = o.vendor_id' : 'price_observations o',
    where: conditions.length ? conditions.join(' and ') : 'true',
    p,
  };
}

/** The newest observation of a group with a value of the measure, among the filtered rows: found
 * by its time through the observed_at index, one probe per group, instead of carrying an id
 * through every row. */
function newestProbe(
  keys: { sql: (a: string) => string; column: string }[],
  measure: ViewMeasure,
  filters: ObservationSearch['filters'],
  p: ReturnType<typeof paramList>,
): string {
  const { conditions, readsVendor } = searchFilterSql(filters, p);
  const match = keys.map((k) => ` and ${k.sql('o')} = k.${k.column}`).join('');
  const filtered = conditions.map((c) => ` and ${c}`).join('');
  return `left join lateral (select o.id
      from ${readsVendor ? 'price_observations o join vendors v on v.id = o.vendor_id' : 'price_observations o'}
      where o.observed_at = k.newest${match} and ${MEASURE[measure]('o')} is not null${filtered}
      limit 1) r on true`;
}

/** Per group (x, y, u): every row (`all_rows`), those with a value of the measure (`n`), their
 * sum (`s`) and the newest time one was observed, over the filtered set: read from the rollup for
 * its whole days and from the observations for the partial days at the ends (observation-rollup.ts),
 * or from the observations alone when the rollup cannot answer the filters or the dimensions. */
function groupSums(
  filters: ObservationSearch['filters'],
  dims: { x: ViewDimension; y: ViewDimension | undefined },
  measure: ViewMeasure,
  p: ReturnType<typeof paramList>,
  plan: RollupPlan | null,
): string {
  const m = MEASURE[measure]('o');
  const y = dims.y ? KEY[dims.y] : () => `''::text`;
  const fromRows = (from: string, where: string) =>
    `select ${KEY[dims.x]('o')} as x, ${y('o')} as y, ${UNIT(measure, 'o')} as u, count(*) as all_rows,
            count(${m}) as n, sum(${m}) as s, max(o.observed_at) filter (where ${m} is not null) as newest
       from ${from} where ${where} group by 1, 2, 3`;
  const rx = ROLLUP_KEY[dims.x];
  const ry = dims.y ? ROLLUP_KEY[dims.y] : () => `''::text`;
  if (!plan || !rx || !ry) {
    const { conditions, readsVendor } = searchFilterSql(filters, p);
    return fromRows(
      readsVendor ? 'price_observations o join vendors v on v.id = o.vendor_id' : 'price_observations o',
      conditions.length ? conditions.join(' and ') : 'true',
    );
  }
  const rm = ROLLUP_MEASURE[measure];
  const parts = rollupPlanParts(plan, filters, p, {
    rollup: (where) =>
      `select ${rx('o')} as x, ${ry('o')} as y, ${measure === 'price' ? `coalesce(o.base_unit, '')` : `''::text`} as u,
              sum(o.rows) as all_rows, sum(o.${rm.n}) as n, sum(o.${rm.sum}) as s, max(o.${rm.newest}) as newest
         from observation_rollup o where ${where} group by 1, 2, 3`,
    rows: (where) => fromRows('price_observations o', where),
  });
  return `select x, y, u, sum(all_rows) as all_rows, sum(n) as n, sum(s) as s, max(newest) as newest
       from (${parts.join('\n union all\n')}) parts group by 1, 2, 3`;
}

/** The rollup plan for a view by these dimensions, after merging what inserts appended since the
 * last view (so a group is one row); null when the rollup cannot answer. */
async function rollupPlan(
  db: Db,
  filters: ObservationSearch['filters'],
  dims: (ViewDimension | undefined)[],
  options: ViewOptions,
): Promise<RollupPlan | null> {
  if (options.rollup === false) return null;
  if (dims.some((d) => d !== undefined && !ROLLUP_KEY[d])) return null;
  const plan = planRollup(filters);
  if (plan?.days && options.compact !== false) await compactRollup(db);
  return plan;
}

/** `rollup: false` reads the observations even where the rollup could answer: what the tests
 * compare the rollup against. `compact: false` reads the rollup as inserts appended it (a group
 * in several rows, as while another session merges): what the tests check readers sum right. */
export type ViewOptions = { rollup?: boolean; compact?: boolean };

/** The vendor's name beside a vendor key. */
const vendorLabel = (dimension: ViewDimension, column: string, alias: string) =>
  dimension === 'vendor'
    ? { select: `${alias}.name`, join: `left join vendors ${alias} on ${alias}.id = k.${column}` }
    : { select: 'null::text', join: '' };

export type PivotQuery = {
  filters: ObservationSearch['filters'];
  dimension: ViewDimension;
  cross?: ViewDimension | undefined;
  measure: ViewMeasure;
  aggregation: ViewAggregation;
  maxX: number;
  maxY: number;
};

export type PivotRowDb = {
  total: number;
  measured: number;
  x_groups: number;
  y_groups: number;
  /** Null on the one row of an empty answer. */
  x: string | null;
  x_label: string | null;
  y: string | null;
  y_label: string | null;
  base_unit: string | null;
  value: string | null;
  n: number | null;
  observation_id: string | null;
};

export type BoxPlotQuery = {
  filters: ObservationSearch['filters'];
  dimension: ViewDimension;
  measure: ViewMeasure;
  maxGroups: number;
  maxOutliers: number;
};

export type BoxRowDb = {
  total: number;
  measured: number;
  groups_total: number;
  x: string | null;
  x_label: string | null;
  base_unit: string | null;
  n: number | null;
  q1: string | null;
  median: string | null;
  q3: string | null;
  lo: string | null;
  hi: string | null;
  outliers_total: number | null;
  /** The listed outliers, furthest from the median first. */
  outliers: { id: string; v: string | number }[] | null;
  observation_id: string | null;
  /** True when the quartiles came from the price histogram (within HISTOGRAM_RELATIVE_ERROR). */
  approximate: boolean;
};

/** `exactUpTo`: the most measured values a box plot sorts (BOX_EXACT_MAX); the tests lower it. */
export type BoxPlotOptions = ViewOptions & { exactUpTo?: number };

export type ScatterQuery = {
  filters: ObservationSearch['filters'];
  /** What colours the points. */
  dimension: ViewDimension;
  measure: ViewMeasure;
  limit: number;
};

export type ScatterRowDb = {
  id: string;
  observed_at: Date;
  v: string;
  x: string | null;
  x_label: string | null;
  base_unit: string | null;
};

export const observationViewsRepository = {
  /** Pivot (one dimension) and heatmap (two): per group the count, sum or average of the measure
   * over the rows that have one. Rows without a value still count in `total`. The largest groups
   * are kept (the latest months for the date), up to maxX by maxY. */
  async pivot(db: Db, q: PivotQuery, options: ViewOptions = {}): Promise<PivotRowDb[]> {
    const plan = await rollupPlan(db, q.filters, [q.dimension, q.cross], options);
    const p = paramList();
    const sums = groupSums(q.filters, { x: q.dimension, y: q.cross }, q.measure, p, plan);
    const y = q.cross ? KEY[q.cross] : () => `''::text`;
    const value = q.aggregation === 'avg' ? 's / nullif(n, 0)' : q.aggregation === 'sum' ? 's' : 'n';
    const xOrder = q.dimension === 'date' ? 'x desc, u' : 'xn desc, x, u';
    const yOrder = q.cross === 'date' ? 'y desc' : 'yn desc, y';
    const maxX = p.add(q.maxX, 'int');
    const maxY = p.add(q.maxY, 'int');
    const xl = vendorLabel(q.dimension, 'x', 'vx');
    const yl = vendorLabel(q.cross ?? 'technology', 'y', 'vy');
    return viewQuery<PivotRowDb>(
      db,
      `with cells as (
         select x, y, u, all_rows, n, ${value} as value, newest from (${sums}) g
       ), ranked as (
         select c.*, dense_rank() over (order by ${xOrder}) as xr, dense_rank() over (order by ${yOrder}) as yr
           from (select c.*, sum(n) over (partition by x, u) as xn, sum(n) over (partition by y) as yn
                   from cells c where n > 0) c
       ), summary as (
         select (select coalesce(sum(all_rows), 0) from cells)::int as total, coalesce(sum(n), 0)::int as measured,
                coalesce(max(xr), 0)::int as x_groups, coalesce(max(yr), 0)::int as y_groups
           from ranked
       )
       select s.total, s.measured, s.x_groups, s.y_groups, ${KEY_OUT[q.dimension]('k.x')} as x,
              ${xl.select} as x_label, ${q.cross ? KEY_OUT[q.cross]('k.y') : 'null::text'} as y,
              ${yl.select} as y_label, nullif(k.u, '') as base_unit, k.value::text as value, k.n::int as n,
              r.id::text as observation_id
         from summary s
         left join lateral (select * from ranked where xr <= ${maxX} and yr <= ${maxY}) k on true
         ${newestProbe(
           [
             { sql: KEY[q.dimension], column: 'x' },
             { sql: y, column: 'y' },
             { sql: (a) => UNIT(q.measure, a), column: 'u' },
           ],
           q.measure,
           q.filters,
           p,
         )}
         ${xl.join} ${q.cross ? yl.join : ''}`,
      p.params,
    );
  },

  /** Box plot per group: quartiles by percentile_cont (linear interpolation), whiskers at the
   * furthest values within the Tukey fences, every outlier counted and the furthest from the
   * median listed up to maxOutliers. The largest groups are kept (the latest months for the date).
   * Above `exactUpTo` measured values of the price, when the filters and the dimension allow, the
   * quartiles come from the price histogram (approximateBoxPlot); otherwise every value is sorted. */
  async boxPlot(db: Db, q: BoxPlotQuery, options: BoxPlotOptions = {}): Promise<BoxRowDb[]> {
    if (q.measure === 'price' && q.dimension !== 'vendor' && options.rollup !== false) {
      const plan = await rollupPlan(db, q.filters, [q.dimension], { ...options, compact: false });
      const months =
        plan && plan.rollupFilters.every((f) => HISTOGRAM_FIELDS.has(f.field)) ? monthPlan(plan) : null;
      if (plan && months) {
        // One statement decides and answers: it counts the set from the rollup and reads the
        // histogram only above `exactUpTo` values; a smaller set comes back as null and is sorted.
        if (options.compact !== false) await compactBoxRollups(db);
        const rows = await approximateBoxPlot(
          db,
          q,
          plan,
          months,
          options.exactUpTo ?? BOX_EXACT_MAX[db.kind],
        );
        if (rows) return rows;
      }
    }
    return exactBoxPlot(db, q);
  },

  /** Scatter: the measured rows whose id hashes lowest, up to `limit`: a uniform sample (the hash
   * knows nothing of prices, vendors or dates), the same for the same filters, and every row when
   * there are at most `limit`. Without a filter, migration 0014's (uuid_hash(id), id) index gives
   * the sample reading only the rows it keeps. With one, the matching rows come from the filter's
   * own index and the lowest hashes are kept by a top-N sort: the hash is then written as a bigint
   * (the same order), which no index serves, because walking the hash index and reading row after
   * row from the table until enough match cost twice as much for a category and 90 days at 1M
   * rows (73 ms against 35 ms). A filter on one category reads the rows below the cut from
   * migration 0024's (category, hash, id) index instead, in order and from the index alone.
   * `measured`: the filtered set's count of values, when the caller has it already (coverage). */
  async scatter(
    db: Db,
    q: ScatterQuery,
    options: ViewOptions & { measured?: number | undefined } = {},
  ): Promise<ScatterRowDb[]> {
    const sample = (below: number | null) => {
      const { from, where, p } = scope(q.filters);
      const m = MEASURE[q.measure]('o');
      // A category's rows are read in the hash's order from their own index (migration 0024).
      const byCategory = q.filters.some((f) => f.field === 'category' && f.operator === 'eq');
      const hash = q.filters.length && !byCategory ? 'uuid_hash(o.id)::bigint' : 'uuid_hash(o.id)';
      const cut =
        below === null
          ? ''
          : byCategory
            ? ` and uuid_hash(o.id) < ${p.add(below, 'int')}`
            : ` and uuid_hash(o.id)::bigint < ${p.add(below, 'int8')}`;
      const limit = p.add(q.limit, 'int');
      const xl = vendorLabel(q.dimension, 'x', 'vx');
      return viewQuery<ScatterRowDb>(
        db,
        `select k.id::text as id, k.observed_at, k.v::text as v, ${KEY_OUT[q.dimension]('k.x')} as x,
                ${xl.select} as x_label, nullif(k.u, '') as base_unit
           from (select o.id, o.observed_at, ${m} as v, ${KEY[q.dimension]('o')} as x,
                        ${UNIT(q.measure, 'o')} as u, ${hash} as h
                   from ${from} where ${where} and ${m} is not null${cut}
                  order by ${hash}, o.id limit ${limit}) k
           ${xl.join}
          order by k.h, k.id`,
        p.params,
      );
    };
    if (q.filters.length && options.rollup !== false) {
      // Over a large filtered set, sorting every row's hash was most of the time: when the rollup
      // knows how many rows have a value, only those whose hash falls in the lowest fraction
      // holding about SAMPLE_MARGIN times the sample are sorted. Hashes are uniform, so that
      // fraction nearly always holds enough; it then holds the very rows the whole sort would
      // keep (every lower hash is in it). When it holds too few, the whole set is sorted.
      const measured =
        options.measured ??
        (await observationViewsRepository.coverage(db, q.filters, q.measure, options)).measured;
      if (measured > q.limit * SAMPLE_MARGIN) {
        const below = Math.ceil(HASH_MIN + (HASH_SPAN * q.limit * SAMPLE_MARGIN) / measured);
        // A cut above every hash (uuid_hash is a 32-bit integer) keeps every row: no cut then.
        const rows = await sample(below < HASH_MIN + HASH_SPAN ? below : null);
        if (rows.length === q.limit) return rows;
      }
    }
    return sample(null);
  },

  /** How many observations match the filters, and how many of them have a value of the measure. */
  async coverage(
    db: Db,
    filters: ObservationSearch['filters'],
    measure: ViewMeasure,
    options: ViewOptions = {},
  ): Promise<{ total: number; measured: number }> {
    // The whole table: from the offers' own counts (migration 0019; every observation has an
    // offer, and a confidence), 6,000 rows at 1M observations instead of every day of the rollup
    // (9-12 ms). The volume is counted nowhere else: the rollup then.
    if (filters.length === 0 && options.rollup !== false && measure !== 'volume') {
      const rows = await db.query<{ total: number; measured: number }>(
        `select coalesce(sum(price_count), 0)::int as total,
                coalesce(sum(${measure === 'price' ? 'priced_count' : 'price_count'}), 0)::int as measured
           from offers`,
      );
      return rows.rows[0] ?? { total: 0, measured: 0 };
    }
    const plan = await rollupPlan(db, filters, ['date'], options);
    if (plan) {
      const p = paramList();
      const sums = groupSums(filters, { x: 'date', y: undefined }, measure, p, plan);
      const rows = await viewQuery<{ total: number; measured: number }>(
        db,
        `select coalesce(sum(all_rows), 0)::int as total, coalesce(sum(n), 0)::int as measured from (${sums}) g`,
        p.params,
      );
      return rows[0] ?? { total: 0, measured: 0 };
    }
    const { from, where, p } = scope(filters);
    const rows = await viewQuery<{ total: number; measured: number }>(
      db,
      `select count(*)::int as total, count(${MEASURE[measure]('o')})::int as measured from ${from} where ${where}`,
      p.params,
    );
    return rows[0] ?? { total: 0, measured: 0 };
  },
};

/** The exact box plot: every value of the set sorted. Sorting a large set needs memory: work_mem is
 * raised for this statement's transaction only, as the benchmark calculation does. */
async function exactBoxPlot(db: Db, q: BoxPlotQuery): Promise<BoxRowDb[]> {
  const { from, where, p } = scope(q.filters);
  const m = MEASURE[q.measure]('o');
  const order = q.dimension === 'date' ? 'x desc, u' : 'n desc, x, u';
  const fence = p.add(IQR_FENCE, 'float8');
  const maxGroups = p.add(q.maxGroups, 'int');
  const maxOutliers = p.add(q.maxOutliers, 'int');
  const xl = vendorLabel(q.dimension, 'x', 'vx');
  return viewQuery<BoxRowDb>(
    db,
    `with base as materialized (
         select ${KEY[q.dimension]('o')} as x, ${UNIT(q.measure, 'o')} as u, ${m} as v, o.id, o.observed_at
           from ${from} where ${where}
       ), stats as (
         select x, u, count(*) as n, percentile_cont(array[0.25, 0.5, 0.75]) within group (order by v) as q,
                max(observed_at) as newest
           from base where v is not null group by x, u
       ), ranked as (
         select s.*, row_number() over (order by ${order}) as rank from stats s
       ), kept as (
         select k.*, q[1] - ${fence} * (q[3] - q[1]) as lf, q[3] + ${fence} * (q[3] - q[1]) as uf
           from ranked k where rank <= ${maxGroups}
       ), fenced as (
         select k.x, k.u, b.id, b.v, (b.v < k.lf or b.v > k.uf) as out, abs(b.v - k.q[2]) as d
           from base b join kept k on k.x = b.x and k.u = b.u
       ), whiskers as (
         select x, u, min(v) filter (where not out) as lo, max(v) filter (where not out) as hi,
                count(*) filter (where out) as outliers_total
           from fenced group by x, u
       ), listed as (
         select x, u, json_agg(json_build_object('id', id, 'v', v) order by d desc, id) as outliers
           from (select f.*, row_number() over (partition by x, u order by d desc, id) as rn
                   from fenced f where out) f
          where rn <= ${maxOutliers}
          group by x, u
       ), summary as (
         select (select count(*) from base)::int as total, (select count(v) from base)::int as measured,
                (select count(*) from stats)::int as groups_total
       )
       select s.total, s.measured, s.groups_total, ${KEY_OUT[q.dimension]('k.x')} as x, ${xl.select} as x_label,
              nullif(k.u, '') as base_unit, k.n::int as n, k.q[1]::text as q1, k.q[2]::text as median,
              k.q[3]::text as q3, w.lo::text as lo, w.hi::text as hi, w.outliers_total::int as outliers_total,
              l.outliers, r.id::text as observation_id, false as approximate
         from summary s
         left join kept k on true
         left join whiskers w on w.x = k.x and w.u = k.u
         left join listed l on l.x = k.x and l.u = k.u
         ${newestProbe(
           [
             { sql: KEY[q.dimension], column: 'x' },
             { sql: (a) => UNIT(q.measure, a), column: 'u' },
           ],
           q.measure,
           q.filters,
           p,
         )}
         ${xl.join}
        order by k.rank`,
    p.params,
    { sortMemory: true },
  );
}

/** The box plot of a large set of prices. Its quartiles come from the monthly price histogram
 * (migration 0024) for the whole months of the range and from the observations for the days at its
 * ends (monthPlan): percentile_cont over the values taken as their bucket's geometric middle, each
 * within 0.5 % of the value, so each quartile within 0.5 % of the exact one. The fences are 1.5 IQR
 * beyond them, at their widest within that bound: no observation is called an outlier that the
 * exact box plot would not call one. The whiskers (the furthest values within the fences), the
 * outlier count and the outliers listed are real observations of the set, found by index range
 * queries from the fences outwards (boxTails). Counts, groups and links come from
 * observation_rollup, as the pivot's. Null when the set holds at most `exactUpTo` values, or a
 * kept group holds a negative price (no bucket of its own; 0 has one, its value exact): then the
 * exact box plot answers.
 *
 * Three short statements: the groups (from the rollup), the kept groups' histograms (~1,400
 * buckets for a category's 90 days at 1M rows), then the tails and links. The quartiles and fences
 * are computed here from the buckets: in SQL, ranking and windowing the buckets cost more than
 * reading them (about 6 of 14 ms). */
async function approximateBoxPlot(
  db: Db,
  q: BoxPlotQuery,
  plan: RollupPlan,
  months: RollupPlan,
  exactUpTo: number,
): Promise<BoxRowDb[] | null> {
  const p = paramList();
  const sums = groupSums(q.filters, { x: q.dimension, y: undefined }, 'price', p, plan);
  const order = (a: string) =>
    q.dimension === 'date' ? `${a}.x desc, ${a}.u` : `${a}.n desc, ${a}.x, ${a}.u`;
  // A group's key as text: the month's first day for the date.
  const keyOf = (x: string) => (q.dimension === 'date' ? `to_char(${x}, 'YYYY-MM-DD')` : x);
  const groups = await viewQuery<{
    total: number;
    measured: number;
    groups_total: number;
    x: string | null;
    key: string | null;
    u: string | null;
    n: number | null;
    newest: Date | null;
  }>(
    db,
    `with sums as (
       select x, u, all_rows, n, newest from (${sums}) g
     ), summary as (
       select coalesce(sum(all_rows), 0)::int as total, coalesce(sum(n), 0)::int as measured,
              (count(*) filter (where n > 0))::int as groups_total
         from sums
     )
     select s.total, s.measured, s.groups_total, ${KEY_OUT[q.dimension]('k.x')} as x,
            ${keyOf('k.x')} as key, k.u, k.n::int as n, k.newest
       from summary s
       left join lateral (select * from sums k where k.n > 0 order by ${order('k')}
                           limit ${p.add(q.maxGroups, 'int')}) k on s.measured > ${p.add(exactUpTo, 'int')}
      order by ${order('k')}`,
    p.params,
  );
  const head = groups[0];
  if (!head || head.measured <= exactUpTo) return null;
  const kept = groups.filter((g): g is typeof g & { key: string; u: string; n: number } => g.n !== null);

  // The kept groups' buckets, in order.
  const h = paramList();
  const rx = ROLLUP_KEY[q.dimension]!;
  const parts = rollupPlanParts(months, q.filters, h, {
    rollup: (where) =>
      `select ${rx('o')} as x, coalesce(o.base_unit, '') as u, o.bucket as b, sum(o.n) as c
         from observation_price_histogram o where ${where} group by 1, 2, 3`,
    rows: (where) =>
      `select ${KEY[q.dimension]('o')} as x, ${UNIT('price', 'o')} as u, price_bucket(o.price_usd) as b, count(*) as c
         from price_observations o where ${where} and o.price_usd is not null group by 1, 2, 3`,
  });
  const buckets = await viewQuery<{ key: string; u: string; b: number; c: number }>(
    db,
    `select ${keyOf('h.x')} as key, h.u, h.b, sum(h.c)::float8 as c
       from (${parts.join('\n union all\n')}) h
       join unnest(${h.add(
         kept.map((g) => g.key),
         'text[]',
       )}, ${h.add(
         kept.map((g) => g.u),
         'text[]',
       )}) k(key, u) on k.key = ${keyOf('h.x')} and k.u = h.u
      group by 1, 2, 3 having sum(h.c) > 0
      order by 1, 2, 3`,
    h.params,
  );
  if (buckets.some((r) => r.b === NEGATIVE_BUCKET)) return null;
  const byGroup = new Map<string, { b: number; c: number }[]>();
  for (const r of buckets) {
    const list = byGroup.get(`${r.key}|${r.u}`) ?? [];
    list.push({ b: r.b, c: r.c });
    byGroup.set(`${r.key}|${r.u}`, list);
  }
  const boxes = kept.map((g) => {
    const q123 = histogramQuartiles(byGroup.get(`${g.key}|${g.u}`) ?? [], g.n);
    return { group: g, quartiles: q123, fences: q123 ? widestFences(q123) : null };
  });
  const tails = await boxTails(
    db,
    q,
    boxes.map(({ group, quartiles, fences }) => ({
      key: group.key,
      u: group.u,
      newest: group.newest,
      median: quartiles ? String(quartiles[1]) : null,
      lf: fences ? String(fences.lf) : null,
      uf: fences ? String(fences.uf) : null,
    })),
  );
  return boxes.map(({ group, quartiles }, i) => {
    const t = tails[i];
    return {
      total: head.total,
      measured: head.measured,
      groups_total: head.groups_total,
      x: group.x,
      x_label: null,
      base_unit: group.u || null,
      n: group.n,
      q1: quartiles ? String(quartiles[0]) : null,
      median: quartiles ? String(quartiles[1]) : null,
      q3: quartiles ? String(quartiles[2]) : null,
      lo: t?.lo ?? null,
      hi: t?.hi ?? null,
      outliers_total: t?.outliers_total ?? null,
      outliers: t?.outliers ?? null,
      observation_id: t?.observation_id ?? null,
      approximate: true,
    };
  });
}

/** A bucket's value: its geometric middle (0 for the bucket of 0). */
const bucketValue = (b: number) => (b === ZERO_BUCKET ? 0 : Math.exp((b + 0.5) * Math.log(HISTOGRAM_RATIO)));

/** Quartiles as percentile_cont gives them (linear interpolation between the values at ranks
 * floor and ceil of q·(n − 1), 0-based) over a histogram's values, each taken as its bucket's
 * value; buckets in order. Null when the buckets hold fewer than `n` values (a histogram behind its
 * rollup, which a merge mends). */
export function histogramQuartiles(
  buckets: readonly { b: number; c: number }[],
  n: number,
): [number, number, number] | null {
  const at = (rank: number): number | null => {
    let before = 0;
    for (const { b, c } of buckets) {
      if (rank < before + c) return bucketValue(b);
      before += c;
    }
    return null;
  };
  const out: number[] = [];
  for (const fraction of QUARTILES) {
    const pos = fraction * (n - 1);
    const lo = at(Math.floor(pos));
    const hi = at(Math.ceil(pos));
    if (lo === null || hi === null) return null;
    out.push(lo + (pos - Math.floor(pos)) * (hi - lo));
  }
  return [out[0]!, out[1]!, out[2]!];
}

/** Tukey's fences at their widest for quartiles each within HISTOGRAM_RELATIVE_ERROR of the exact
 * ones (the exact q lies within q/(1+e)..q/(1−e)). */
export function widestFences([q1, , q3]: readonly [number, number, number]): { lf: number; uf: number } {
  const e = HISTOGRAM_RELATIVE_ERROR;
  const low = q1 / (1 + e);
  const high = q3 / (1 - e);
  return { lf: low - IQR_FENCE * (high - low), uf: high + IQR_FENCE * (high - low) };
}

type Tail = {
  lo: string | null;
  hi: string | null;
  outliers_total: number;
  outliers: BoxRowDb['outliers'];
  observation_id: string | null;
};

/** Each group's whiskers, outlier count and furthest outliers, from the index of the dimension's
 * key, base unit and price (migration 0024): a range read from each fence outwards (the outliers)
 * and one row just within it (the whisker), every date of the group read and the filters checked;
 * and its newest observation (what a click opens), by one probe at its newest time. In the order
 * of `groups`. */
async function boxTails(
  db: Db,
  q: BoxPlotQuery,
  groups: {
    key: string;
    u: string;
    newest: Date | null;
    median: string | null;
    lf: string | null;
    uf: string | null;
  }[],
): Promise<Tail[]> {
  if (groups.length === 0) return [];
  const { where, p } = scope(q.filters);
  const key = KEY[q.dimension]('o');
  const gx = q.dimension === 'date' ? 'g.x::timestamp' : 'g.x';
  const match = `${key} = ${gx} and ${UNIT('price', 'o')} = g.u and o.price_usd is not null and ${where}`;
  const limit = p.add(q.maxOutliers, 'int');
  const g = `unnest(${p.add(
    groups.map((r) => r.key),
    'text[]',
  )}, ${p.add(
    groups.map((r) => r.u),
    'text[]',
  )}, ${p.add(
    groups.map((r) => r.newest),
    'timestamptz[]',
  )}, ${p.add(
    groups.map((r) => r.median),
    'numeric[]',
  )}, ${p.add(
    groups.map((r) => r.lf),
    'numeric[]',
  )}, ${p.add(
    groups.map((r) => r.uf),
    'numeric[]',
  )}) with ordinality g(x, u, newest, m, lf, uf, i)`;
  const rows = await viewQuery<Tail>(
    db,
    `select lo.v::text as lo, hi.v::text as hi, (a.n + b.n)::int as outliers_total, l.outliers,
            r.id::text as observation_id
       from ${g}
       left join lateral (select o.price_usd as v from price_observations o
                           where ${match} and o.price_usd >= g.lf and o.price_usd <= g.uf
                           order by o.price_usd limit 1) lo on true
       left join lateral (select o.price_usd as v from price_observations o
                           where ${match} and o.price_usd >= g.lf and o.price_usd <= g.uf
                           order by o.price_usd desc limit 1) hi on true
       cross join lateral (select count(*) as n from price_observations o where ${match} and o.price_usd < g.lf) a
       cross join lateral (select count(*) as n from price_observations o where ${match} and o.price_usd > g.uf) b
       left join lateral (
         select json_agg(json_build_object('id', t.id, 'v', t.v) order by t.d desc, t.id) as outliers
           from (select t.* from (
                   (select o.id, o.price_usd as v, abs(o.price_usd - g.m) as d from price_observations o
                     where ${match} and o.price_usd < g.lf order by o.price_usd, o.id limit ${limit})
                   union all
                   (select o.id, o.price_usd as v, abs(o.price_usd - g.m) as d from price_observations o
                     where ${match} and o.price_usd > g.uf order by o.price_usd desc, o.id limit ${limit})
                 ) t order by t.d desc, t.id limit ${limit}) t
       ) l on true
       left join lateral (select o.id from price_observations o
                           where ${match} and o.observed_at = g.newest limit 1) r on true
      order by g.i`,
    p.params,
  );
  return rows;
}
