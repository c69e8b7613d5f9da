import type { Db } from '../client.ts';

export type DashboardCounts = {
  total_vendors: number;
  total_crawl_targets: number;
  total_price_observations: number;
  total_benchmarks: number;
  active_discovery_sources: number;
  pending_candidates: number;
  review_queue: number;
  crawls_today: number;
  last_benchmark_update: Date | null;
};

export type ConfidenceAverages = {
  n: number;
  score: string | null;
  source: string | null;
  completeness: string | null;
  consistency: string | null;
  freshness: string | null;
  vendor_observations: string | null;
  required_fields: string | null;
  present_fields: string | null;
  similar_observations: string | null;
  price_deviation: string | null;
  age_days: string | null;
};

/** A numeric factor of the stored JSON, null when absent or not a number (never a cast error). */
const factor = (name: string) =>
  `avg(case when jsonb_typeof(confidence_factors->'${name}') = 'number'
            then (confidence_factors->>'${name}')::numeric end)::text as ${name}`;

export const statsRepository = {
  /** The average confidence, of each component and of each factor, over every observation. */
  async confidenceAverages(db: Db): Promise<ConfidenceAverages> {
    const r = await db.query<ConfidenceAverages>(
      `select count(*)::int as n,
              avg(confidence_score)::text as score,
              avg(confidence_source)::text as source,
              avg(confidence_completeness)::text as completeness,
              avg(confidence_consistency)::text as consistency,
              avg(confidence_freshness)::text as freshness,
              ${['vendor_observations', 'required_fields', 'present_fields', 'similar_observations', 'price_deviation', 'age_days'].map(factor).join(',\n              ')}
         from price_observations`,
    );
    return r.rows[0]!;
  },

  /** The technologies of the observations (case folded, blanks left out), most observed first. */
  async technologyCounts(db: Db): Promise<{ technology: string; observations: number }[]> {
    const r = await db.query<{ technology: string; observations: number }>(
      `select lower(btrim(technology)) as technology, count(*)::int as observations
         from price_observations
        where technology is not null and btrim(technology) <> ''
        group by 1
        order by 2 desc, 1`,
    );
    return r.rows;
  },

  /** One round trip for every dashboard count. "Today" is the calendar day in `timeZone`. The
   * observations are counted by triggers (table_counts, migration 0005): the other tables are
   * small, and the benchmark groups are read from an index. */
  async dashboardCounts(db: Db, timeZone: string): Promise<DashboardCounts> {
    const r = await db.query<DashboardCounts>(
      `select
         (select count(*)::int from vendors) as total_vendors,
         (select count(*)::int from crawl_targets) as total_crawl_targets,
         (select n::int from table_counts where table_name = 'price_observations') as total_price_observations,
         (select count(*)::int from (select distinct category, subcategory, base_unit, region, time_window_days
                                       from benchmarks) g) as total_benchmarks,
         (select count(*)::int from discovery_sources where active) as active_discovery_sources,
         (select count(*)::int from discovery_candidates where status = 'pending') as pending_candidates,
         (select count(*)::int from observation_reviews where status = 'pending') as review_queue,
         (select count(*)::int from crawl_runs
           where created_at >= (date_trunc('day', now() at time zone $1) at time zone $1)) as crawls_today,
         (select max(calculated_at) from benchmarks) as last_benchmark_update`,
      [timeZone],
    );
    return r.rows[0]!;
  },

  async database(
    db: Db,
  ): Promise<{ size_bytes: number; active_connections: number; max_connections: number }> {
    const r = await db.query<{ size_bytes: string; active_connections: number; max_connections: string }>(
      `select pg_database_size(current_database())::text as size_bytes,
              (select count(*)::int from pg_stat_activity where datname = current_database()) as active_connections,
              current_setting('max_connections') as max_connections`,
    );
    const row = r.rows[0]!;
    return {
      size_bytes: Number(row.size_bytes),
      active_connections: row.active_connections,
      max_connections: Number(row.max_connections),
    };
  },

  /** Worker processes whose heartbeat is recent. */
  async liveWorkers(
    db: Db,
    withinSeconds: number,
  ): Promise<{ processes: number; slots: number; busy: number; last_job_at: Date | null; queued: number }> {
    const r = await db.query<{
      processes: number;
      slots: number;
      busy: number;
      last_job_at: Date | null;
      queued: number;
    }>(
      `select count(*)::int as processes, coalesce(sum(concurrency), 0)::int as slots,
              coalesce(sum(active_jobs), 0)::int as busy, max(last_job_at) as last_job_at,
              (select count(*)::int from jobs where state = 'queued') as queued
         from workers where heartbeat_at > now() - make_interval(secs => $1)`,
      [withinSeconds],
    );
    return r.rows[0]!;
  },
};
