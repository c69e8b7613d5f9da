import type { Db } from '../client.ts';

export type BenchmarkRow = {
  id: string;
  calculation_id: string;
  category: string;
  subcategory: string | null;
  base_unit: string;
  region: string;
  time_window_days: number;
  currency: string;
  tax_basis: string;
  price_p10: string;
  price_p25: string;
  price_p50: string;
  price_p75: string;
  price_p90: string;
  price_mean: string | null;
  price_stddev: string | null;
  observation_count: number;
  vendor_count: number;
  average_confidence: string | null;
  calculated_at: Date;
  /** Pending review items of the group (the latest list only). */
  awaiting_review?: number;
};

const COLUMNS = `b.id, b.calculation_id, b.category, b.subcategory, b.base_unit, b.region, b.time_window_days,
  trim(b.currency) as currency, b.tax_basis, b.price_p10, b.price_p25, b.price_p50, b.price_p75, b.price_p90,
  b.price_mean, b.price_stddev, b.observation_count, b.vendor_count, b.average_confidence, b.calculated_at`;

export type BenchmarkFilter = {
  category?: string | undefined;
  region?: string | undefined;
  windowDays?: number | undefined;
};

export type BenchmarkGroup = {
  category: string;
  subcategory: string | null;
  baseUnit: string;
  region: string;
  windowDays: number;
};

/** Every calculation is kept (history); lists show the latest row of each group. */
export const benchmarksRepository = {
  async latest(db: Db, f: BenchmarkFilter): Promise<BenchmarkRow[]> {
    const r = await db.query<BenchmarkRow>(
      // Each group's pending review items in its region scope and window: from the small review
      // table's pending rows, read once (materialized) whatever the number of groups.
      `with pending as materialized (
         select o.category, lower(o.subcategory) as sub, o.base_unit, o.region, o.observed_at
           from observation_reviews r join price_observations o on o.id = r.observation_id
          where r.status = 'pending' and o.base_unit is not null)
       select latest.*,
              (select count(*)::int from pending p
                where p.category = latest.category and p.sub is not distinct from lower(latest.subcategory)
                  and p.base_unit = latest.base_unit
                  and p.observed_at >= now() - make_interval(days => latest.time_window_days)
                  and (latest.region = 'Global' or p.region = any(case latest.region
                        when 'CDMX' then array['CDMX'] when 'Mexico' then array['CDMX', 'Mexico']
                        else array['CDMX', 'Mexico', 'LATAM'] end))) as awaiting_review
         from (
         select distinct on (b.category, b.subcategory, b.base_unit, b.region, b.time_window_days) ${COLUMNS}
           from benchmarks b
          where ($1::text is null or b.category = $1)
            and ($2::text is null or b.region = $2)
            and ($3::int is null or b.time_window_days = $3)
          order by b.category, b.subcategory, b.base_unit, b.region, b.time_window_days, b.calculated_at desc, b.id desc
       ) latest
       order by latest.category, latest.subcategory nulls first, latest.base_unit, latest.region, latest.time_window_days`,
      [f.category ?? null, f.region ?? null, f.windowDays ?? null],
    );
    return r.rows;
  },

  /** One group's calculations, oldest first: the most recent `limit` of them. */
  async history(db: Db, g: BenchmarkGroup, limit: number): Promise<BenchmarkRow[]> {
    const r = await db.query<BenchmarkRow>(
      `select * from (
         select ${COLUMNS} from benchmarks b
          where b.category = $1 and b.subcategory is not distinct from $2 and b.base_unit = $3
            and b.region = $4 and b.time_window_days = $5
          order by b.calculated_at desc, b.id desc
          limit $6
       ) recent
       order by recent.calculated_at, recent.id`,
      [g.category, g.subcategory, g.baseUnit, g.region, g.windowDays, limit],
    );
    return r.rows;
  },

  /** The queued or running job that holds this singleton key, if any. */
  async pendingJob(db: Db, singletonKey: string): Promise<{ id: string; state: string } | undefined> {
    const r = await db.query<{ id: string; state: string }>(
      "select id, state from jobs where singleton_key = $1 and state in ('queued', 'active')",
      [singletonKey],
    );
    return r.rows[0];
  },
};
