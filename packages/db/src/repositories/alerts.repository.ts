import type { AlertKind } from '@preciofab/shared/contracts/alerts';
import type { Db } from '../client.ts';

/** A stored reading and the offer's reading before it, for price_change and new_offer. */
export type ObservationChangeRow = {
  id: string;
  offer_id: string;
  offer_name: string;
  vendor_id: string;
  vendor_name: string;
  category: string;
  subcategory: string | null;
  region: string;
  price: number;
  currency: string;
  unit: string;
  quantity: number;
  price_usd: number | null;
  base_unit: string | null;
  confidence: number;
  observed_at: Date;
  source_url: string | null;
  /** Whether a later reading of the offer exists (a backfilled one is not a change now). */
  superseded: boolean;
  prev_id: string | null;
  prev_price: number | null;
  prev_currency: string | null;
  prev_unit: string | null;
  prev_quantity: number | null;
  prev_price_usd: number | null;
  prev_base_unit: string | null;
};

/** An offer of a target crawled in a run that the crawl did not see. */
export type GoneOfferRow = {
  offer_id: string;
  offer_name: string;
  vendor_id: string;
  vendor_name: string;
  category: string;
  subcategory: string | null;
  region: string;
  target_id: string;
  target_url: string;
  last_seen_at: Date;
  last_observation_id: string;
  missed: number;
};

/** A target that failed in a run, with its streak of failures as of that crawl. */
export type FailingTargetRow = {
  target_id: string;
  target_url: string;
  vendor_id: string;
  vendor_name: string;
  category: string;
  region: string;
  error_code: string | null;
  error: string | null;
  failures: number;
  streak_start: Date;
};

export type CandidateRow = {
  id: string;
  domain: string;
  title: string | null;
  confidence: number;
  source_id: string | null;
  source_name: string | null;
};

export type BenchmarkMoveRow = {
  category: string;
  subcategory: string | null;
  base_unit: string;
  region: string;
  time_window_days: number;
  tax_basis: 'net' | 'gross';
  new_median: number;
  old_median: number;
  observation_count: number;
  calculation_id: string;
  previous_calculation_id: string;
};

/** An alert to store: `notify` are its recipients. */
export type AlertWrite = {
  rule_id: string;
  rule_name: string;
  dedupe_key: string;
  kind: AlertKind;
  vendor_id: string | null;
  offer_id: string | null;
  target_id: string | null;
  observation_id: string | null;
  data: unknown;
  notify: readonly string[];
};

export const alertsRepository = {
  /** The readings with the offer's previous one (same offer, by observed time). A reading held for
   * review, rejected, or replaced by a correction is left out on both sides: an alert should neither
   * announce a doubtful price nor measure a change from one (a misread 10 between two readings of
   * 100 is no change at all). */
  async observationChanges(db: Db, ids: readonly string[]): Promise<ObservationChangeRow[]> {
    if (ids.length === 0) return [];
    const r = await db.query<ObservationChangeRow>(
      `select o.id, o.offer_id, o.offer_name, o.vendor_id, v.name as vendor_name, o.category, o.subcategory,
              o.region, o.price::float8 as price, o.currency, o.unit, o.quantity::float8 as quantity,
              o.price_usd::float8 as price_usd, o.base_unit, o.confidence_score::float8 as confidence,
              o.observed_at, o.source_url,
              exists (select 1 from price_observations n where n.offer_id = o.offer_id
                        and (n.observed_at > o.observed_at or (n.observed_at = o.observed_at and n.id > o.id)))
                as superseded,
              p.id as prev_id, p.price::float8 as prev_price, p.currency as prev_currency, p.unit as prev_unit,
              p.quantity::float8 as prev_quantity, p.price_usd::float8 as prev_price_usd,
              p.base_unit as prev_base_unit
         from price_observations o
         join vendors v on v.id = o.vendor_id
         left join lateral (
           select q.id, q.price, q.currency, q.unit, q.quantity, q.price_usd, q.base_unit
             from price_observations q
            where q.offer_id = o.offer_id
              and (q.observed_at < o.observed_at or (q.observed_at = o.observed_at and q.id < o.id))
              and not exists (select 1 from observation_reviews qh
                               where qh.observation_id = q.id and qh.status in ('pending', 'rejected', 'corrected'))
            order by q.observed_at desc, q.id desc limit 1) p on true
        where o.id = any($1::uuid[])
          and not exists (select 1 from observation_reviews h
                           where h.observation_id = o.id and h.status in ('pending', 'rejected', 'corrected'))`,
      [ids],
    );
    return r.rows;
  },

  /** Offers of the targets a run crawled successfully that the crawl did not see, each with how
   * many successful crawls of its target in a row missed it (at least `minMissed`). An offer
   * belongs to the target its latest reading came from. A crawl finishes after it reads the page,
   * so the crawl that last saw an offer is the first whose end is at or after the offer's
   * last_seen_at: the crawls that missed it are the others. */
  async goneOffers(db: Db, runId: string, minMissed: number): Promise<GoneOfferRow[]> {
    const r = await db.query<GoneOfferRow>(
      `with t as (
         select c.target_id, c.finished_at, ct.vendor_id, ct.url
           from crawl_run_targets c join crawl_targets ct on ct.id = c.target_id
          where c.run_id = $1 and c.status = 'done')
       select * from (
         select f.id as offer_id, f.name as offer_name, f.vendor_id, v.name as vendor_name,
                coalesce(l.category, f.category) as category, l.subcategory, l.region,
                t.target_id, t.url as target_url, f.last_seen_at, l.id as last_observation_id,
                (select count(*)::int from crawl_run_targets m
                  where m.target_id = t.target_id and m.status = 'done'
                    and m.finished_at >= f.last_seen_at and m.finished_at <= t.finished_at) - 1
                  as missed
           from t
           join offers f on f.vendor_id = t.vendor_id and f.last_seen_at < t.finished_at
           join vendors v on v.id = f.vendor_id
           join lateral (
             select q.id, q.crawl_target_id, q.category, q.subcategory, q.region from price_observations q
              where q.offer_id = f.id order by q.observed_at desc, q.id desc limit 1) l
             on l.crawl_target_id = t.target_id) g
        where g.missed >= $2`,
      [runId, minMissed],
    );
    return r.rows;
  },

  /** Targets that failed in a run with at least `minFailures` failed crawls in a row, counted
   * from their run history up to that crawl; `streak_start` names the streak. */
  async failingTargets(db: Db, runId: string, minFailures: number): Promise<FailingTargetRow[]> {
    const r = await db.query<FailingTargetRow>(
      `select * from (
         select c.target_id, ct.url as target_url, ct.vendor_id, v.name as vendor_name, ct.category, v.region,
                ct.last_error_code as error_code, ct.last_error as error, s.failures, s.streak_start
           from crawl_run_targets c
           join crawl_targets ct on ct.id = c.target_id
           join vendors v on v.id = ct.vendor_id
           cross join lateral (
             select count(*)::int as failures, min(m.finished_at) as streak_start
               from crawl_run_targets m
              where m.target_id = c.target_id and m.status = 'failed' and m.finished_at <= c.finished_at
                and m.finished_at > coalesce(
                  (select max(d.finished_at) from crawl_run_targets d
                    where d.target_id = c.target_id and d.status = 'done' and d.finished_at <= c.finished_at),
                  '-infinity'::timestamptz)) s
          where c.run_id = $1 and c.status = 'failed') g
        where g.failures >= $2`,
      [runId, minFailures],
    );
    return r.rows;
  },

  async candidates(db: Db, ids: readonly string[]): Promise<CandidateRow[]> {
    if (ids.length === 0) return [];
    const r = await db.query<CandidateRow>(
      `select c.id, c.domain, c.title, c.confidence_score::float8 as confidence, c.source_id, s.name as source_name
         from discovery_candidates c left join discovery_sources s on s.id = c.source_id
        where c.id = any($1::uuid[]) and c.status = 'pending'
        order by c.confidence_score desc, c.domain`,
      [ids],
    );
    return r.rows;
  },

  /** The candidates a discovery run saved in this transaction (their discovered_at is its now()). */
  async candidatesSavedNow(db: Db, sourceId: string, limit: number): Promise<string[]> {
    const r = await db.query<{ id: string }>(
      `select id from discovery_candidates where source_id = $1 and discovered_at = now() limit $2`,
      [sourceId, limit],
    );
    return r.rows.map((x) => x.id);
  },

  /** A calculation's groups in its shortest window, each with the median of the same group's
   * calculation before it. */
  async benchmarkMoves(db: Db, calculationId: string): Promise<BenchmarkMoveRow[]> {
    const r = await db.query<BenchmarkMoveRow>(
      `with b as (select * from benchmarks where calculation_id = $1),
            w as (select min(time_window_days) as days from b)
       select b.category, b.subcategory, b.base_unit, b.region, b.time_window_days, b.tax_basis,
              b.price_p50::float8 as new_median, p.price_p50::float8 as old_median,
              b.observation_count, b.calculation_id, p.calculation_id as previous_calculation_id
         from b join w on b.time_window_days = w.days
         join lateral (
           select q.price_p50, q.calculation_id from benchmarks q
            where q.category = b.category and q.region = b.region and q.time_window_days = b.time_window_days
              and q.base_unit = b.base_unit and q.tax_basis = b.tax_basis
              and lower(q.subcategory) is not distinct from lower(b.subcategory)
              and q.calculated_at < b.calculated_at
            order by q.calculated_at desc limit 1) p on true`,
      [calculationId],
    );
    return r.rows;
  },

  /**
   * Stores alerts and their notifications; an alert of the same rule and change already stored is
   * left as it was (and notifies no one again). Returns the new notifications' users, with repeats.
   */
  async insertMany(db: Db, alerts: readonly AlertWrite[]): Promise<{ alerts: number; userIds: string[] }> {
    if (alerts.length === 0) return { alerts: 0, userIds: [] };
    const r = await db.query<{ user_id: string | null; alert_id: string }>(
      `with input as (
         select * from json_to_recordset($1::json) as x(
           i int, rule_id uuid, rule_name text, dedupe_key text, kind text, vendor_id uuid, offer_id uuid,
           target_id uuid, observation_id uuid, data jsonb, notify uuid[])),
       a as (
         insert into alerts (rule_id, rule_name, dedupe_key, kind, vendor_id, offer_id, target_id, observation_id, data)
         select rule_id, rule_name, dedupe_key, kind, vendor_id, offer_id, target_id, observation_id, data
           from input order by i
         on conflict (rule_id, dedupe_key) do nothing
         returning id, rule_id, dedupe_key),
       n as (
         insert into notifications (user_id, alert_id)
         select distinct u.user_id, a.id
           from a join input on input.rule_id = a.rule_id and input.dedupe_key = a.dedupe_key
           cross join lateral unnest(input.notify) as u(user_id)
         on conflict (user_id, alert_id) do nothing
         returning user_id, alert_id)
       select n.user_id, n.alert_id from n
       union all
       select null, a.id from a where not exists (select 1 from n where n.alert_id = a.id)`,
      [JSON.stringify(alerts.map((a, i) => ({ ...a, i })))],
    );
    const ids = new Set(r.rows.map((x) => x.alert_id));
    return { alerts: ids.size, userIds: r.rows.flatMap((x) => (x.user_id ? [x.user_id] : [])) };
  },
};
