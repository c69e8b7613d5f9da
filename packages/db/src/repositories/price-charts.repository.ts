import type { Db } from '../client.ts';
import { compactRollup, compactVendorDays } from '../observation-rollup.ts';
import { viewQuery, type ViewOptions } from './observation-views.repository.ts';
import { priceFilterSql, sqlParams, type PriceFilter } from './prices.repository.ts';

// The Prices screen's timeline, heatmap and scatter over every price matching its filters (the
// list's own: search by vendor or offer, currency, vendor, category, type). Grouping, ranking and
// sampling happen in the database; only the bounded answer travels.

export type TimeBucket = 'day' | 'week' | 'month';
const BUCKETS: Record<TimeBucket, string> = { day: 'day', week: 'week', month: 'month' };

function scope(f: PriceFilter) {
  const p = sqlParams();
  const { conditions, readsVendor } = priceFilterSql(f, p);
  return {
    from: readsVendor ? 'price_observations o join vendors v on v.id = o.vendor_id' : 'price_observations o',
    where: conditions.length ? conditions.join(' and ') : 'true',
    p,
  };
}

export type TimelineOfferDb = {
  total: number;
  priced: number;
  offers_total: number;
  /** Null on the one row of an answer without priced offers. */
  offer_id: string | null;
  offer_name: string | null;
  vendor_name: string | null;
  base_unit: string | null;
  n: number | null;
  first_at: Date | null;
  last_at: Date | null;
  observation_id: string | null;
};

export type TimelinePointDb = {
  offer_id: string;
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  at: string;
  value: string;
  n: number;
};

export type HeatmapCellDb = {
  total: number;
  vendors_total: number;
  buckets_total: number;
  vendor_id: string | null;
  vendor_name: string | null;
  vendor_rank: number | null;
  at: string | null;
  n: number | null;
  observation_id: string | null;
};

export type PriceScatterRowDb = {
  id: string;
  confidence_score: string;
  price_usd: string;
  price_type: string;
  base_unit: string | null;
  offer_name: string;
  vendor_name: string;
};

export const priceChartsRepository = {
  /** The offers with most USD-priced observations (up to `limit`), each with its newest one (what
   * its history is asked by), and the counts of the whole filtered set. Unfiltered or by vendor,
   * from the offers' own counts (migration 0019); otherwise by grouping the filtered rows. */
  async timelineOffers(
    db: Db,
    f: PriceFilter,
    limit: number,
    options: ViewOptions = {},
  ): Promise<TimelineOfferDb[]> {
    if (options.rollup !== false && !f.search && !f.currency && !f.category && !f.priceType) {
      const p = sqlParams();
      const vendor = f.vendorId ? `f.vendor_id = ${p.add(f.vendorId, 'uuid')}` : 'true';
      return viewQuery<TimelineOfferDb>(
        db,
        `with s as (
           select coalesce(sum(f.price_count), 0)::int as total, coalesce(sum(f.priced_count), 0)::int as priced,
                  (count(*) filter (where f.priced_count > 0))::int as offers_total
             from offers f where ${vendor}
         )
         select s.total, s.priced, s.offers_total, k.id::text as offer_id, k.name as offer_name,
                vv.name as vendor_name, r.base_unit, k.priced_count as n, t.first_at, t.last_at,
                r.id::text as observation_id
           from s
           left join lateral (select f.* from offers f where ${vendor} and f.priced_count > 0
                               order by f.priced_count desc, f.id limit ${p.add(limit, 'int')}) k on true
           left join vendors vv on vv.id = k.vendor_id
           left join lateral (select min(o2.observed_at) as first_at, max(o2.observed_at) as last_at
                                from price_observations o2
                               where o2.offer_id = k.id and o2.price_usd is not null) t on true
           left join lateral (select o2.id, o2.base_unit from price_observations o2
                               where o2.offer_id = k.id and o2.price_usd is not null
                               order by o2.observed_at desc, o2.id desc limit 1) r on true
          order by k.priced_count desc, k.id`,
        p.values,
      );
    }
    const { from, where, p } = scope(f);
    return viewQuery<TimelineOfferDb>(
      db,
      `with g as (
         select o.offer_id, count(*) as all_rows, count(o.price_usd) as n,
                min(o.observed_at) filter (where o.price_usd is not null) as first_at,
                max(o.observed_at) filter (where o.price_usd is not null) as last_at
           from ${from} where ${where} group by o.offer_id
       ), s as (
         select coalesce(sum(all_rows), 0)::int as total, coalesce(sum(n), 0)::int as priced,
                (count(*) filter (where n > 0))::int as offers_total
           from g
       )
       select s.total, s.priced, s.offers_total, k.offer_id::text as offer_id, f.name as offer_name,
              vv.name as vendor_name, r.base_unit, k.n::int as n, k.first_at, k.last_at,
              r.id::text as observation_id
         from s
         left join lateral (select * from g where n > 0 order by n desc, offer_id limit ${p.add(limit, 'int')}) k on true
         left join offers f on f.id = k.offer_id
         left join vendors vv on vv.id = f.vendor_id
         left join lateral (select o2.id, o2.base_unit from price_observations o2
                             where o2.offer_id = k.offer_id and o2.price_usd is not null
                             order by o2.observed_at desc, o2.id desc limit 1) r on true
        order by k.n desc, k.offer_id`,
      p.values,
    );
  },

  /** The average USD price per base unit of each of these offers per time bucket, each offer's in
   * time order (offers in id order: sorted by the group keys, not by their text, a quarter of the
   * statement less). Each bucket's newest observation is asked for when its point is clicked
   * (timelinePointObservation). */
  async timelinePoints(
    db: Db,
    f: PriceFilter,
    offerIds: readonly string[],
    bucket: TimeBucket,
  ): Promise<TimelinePointDb[]> {
    if (offerIds.length === 0) return [];
    const { from, where, p } = scope(f);
    // A literal of our own list, not a parameter: the planner then knows the groups it makes
    // (migration 0014's statistics).
    const at = `date_trunc('${BUCKETS[bucket]}', o.observed_at at time zone 'UTC')`;
    return viewQuery<TimelinePointDb>(
      db,
      `select o.offer_id::text as offer_id, to_char(${at}, 'YYYY-MM-DD') as at,
              avg(o.price_usd)::text as value, count(*)::int as n
         from ${from}
        where ${where} and o.price_usd is not null and o.offer_id = any(${p.add(offerIds, 'uuid[]')})
        group by o.offer_id, ${at}
        order by o.offer_id, ${at}`,
      p.values,
    );
  },

  /** The newest USD-priced observation of one offer in one bucket (`at`, the bucket's first day,
   * UTC) among the filtered rows; ties on time go to the highest id. Null when there is none. */
  async timelinePointObservation(
    db: Db,
    f: PriceFilter,
    offerId: string,
    at: string,
    bucket: TimeBucket,
  ): Promise<string | null> {
    const { from, where, p } = scope(f);
    const start = p.add(at, 'date');
    const rows = await viewQuery<{ id: string }>(
      db,
      `select o.id::text as id from ${from}
        where ${where} and o.price_usd is not null and o.offer_id = ${p.add(offerId, 'uuid')}
          and o.observed_at >= ${start}::timestamp at time zone 'UTC'
          and o.observed_at < (${start}::timestamp + interval '1 ${BUCKETS[bucket]}') at time zone 'UTC'
        order by o.observed_at desc, o.id desc limit 1`,
      p.values,
    );
    return rows[0]?.id ?? null;
  },

  /** Observations per vendor and time bucket: the `maxVendors` vendors with most observations, over
   * the latest `maxBuckets` buckets, each cell with its newest observation. */
  async heatmap(
    db: Db,
    f: PriceFilter,
    bucket: TimeBucket,
    bounds: { maxVendors: number; maxBuckets: number },
    options: ViewOptions = {},
  ): Promise<HeatmapCellDb[]> {
    // A literal of our own list, not a parameter: the planner then knows the groups it makes
    // (migration 0014's statistics).
    const unit = `'${BUCKETS[bucket]}'`;
    // Unfiltered or by vendor, from the rollup per vendor and day (migration 0020).
    const fromRollup = options.rollup !== false && !f.search && !f.currency && !f.category && !f.priceType;
    if (fromRollup && options.compact !== false) await compactVendorDays(db);
    if (fromRollup && !f.vendorId && options.compact !== false) {
      const bounded = await heatmapBounded(db, unit, bounds);
      if (bounded) return bounded;
    }
    const p = sqlParams();
    const cells = fromRollup
      ? `select r.vendor_id, date_trunc(${unit}, r.day::timestamp) as at, sum(r.rows) as n, max(r.newest) as newest
           from vendor_day_rollup r where ${f.vendorId ? `r.vendor_id = ${p.add(f.vendorId, 'uuid')}` : 'true'}
          group by 1, 2 having sum(r.rows) > 0`
      : (() => {
          const { conditions, readsVendor } = priceFilterSql(f, p);
          return `select o.vendor_id, date_trunc(${unit}, o.observed_at at time zone 'UTC') as at, count(*) as n,
                         max(o.observed_at) as newest
                    from ${readsVendor ? 'price_observations o join vendors v on v.id = o.vendor_id' : 'price_observations o'}
                   where ${conditions.length ? conditions.join(' and ') : 'true'} group by 1, 2`;
        })();
    return viewQuery<HeatmapCellDb>(
      db,
      `with cells as (
         ${cells}
       ), ranked as (
         select vendor_id, row_number() over (order by sum(n) desc, vendor_id) as rank from cells group by vendor_id
       ), buckets as (
         select at, row_number() over (order by at desc) as recent from (select distinct at from cells) b
       ), s as (
         select (select coalesce(sum(n), 0) from cells)::int as total, (select count(*) from ranked)::int as vendors_total,
                (select count(*) from buckets)::int as buckets_total
       )
       select s.total, s.vendors_total, s.buckets_total, k.vendor_id::text as vendor_id, vv.name as vendor_name,
              k.rank::int as vendor_rank, to_char(k.at, 'YYYY-MM-DD') as at, k.n::int as n, r.id::text as observation_id
         from s
         left join lateral (
           select c.*, t.rank from cells c join ranked t using (vendor_id) join buckets b using (at)
            where t.rank <= ${p.add(bounds.maxVendors, 'int')} and b.recent <= ${p.add(bounds.maxBuckets, 'int')}) k on true
         left join vendors vv on vv.id = k.vendor_id
         left join lateral (select o2.id from price_observations o2
                             where o2.observed_at = k.newest and o2.vendor_id = k.vendor_id limit 1) r on true
        order by k.rank, k.at`,
      p.values,
    );
  },

  /** The USD-priced rows whose id hashes lowest, up to `limit`: a uniform, repeatable sample (see
   * observationViewsRepository.scatter, also for why a filtered sample orders by the hash as a
   * bigint). */
  async scatter(db: Db, f: PriceFilter, limit: number): Promise<PriceScatterRowDb[]> {
    const { from, where, p } = scope(f);
    const hash = where === 'true' ? 'uuid_hash(o.id)' : 'uuid_hash(o.id)::bigint';
    return viewQuery<PriceScatterRowDb>(
      db,
      `select k.id::text as id, k.confidence_score::text as confidence_score, k.price_usd::text as price_usd,
              k.price_type, k.base_unit, k.offer_name, vv.name as vendor_name
         from (select o.id, o.vendor_id, o.confidence_score, o.price_usd, o.price_type, o.base_unit, o.offer_name,
                      ${hash} as h
                 from ${from} where ${where} and o.price_usd is not null
                order by ${hash}, o.id limit ${p.add(limit, 'int')}) k
         join vendors vv on vv.id = k.vendor_id
        order by k.h, k.id`,
      p.values,
    );
  },

  /** How many prices match the filters, and how many of them have a USD value: from the rollup
   * (migration 0015) unless the filters name a vendor or search text, which it does not keep. */
  async coverage(
    db: Db,
    f: PriceFilter,
    options: ViewOptions = {},
  ): Promise<{ total: number; priced: number }> {
    if (options.rollup !== false && !f.search && !f.vendorId) {
      if (options.compact !== false) await compactRollup(db);
      const { conditions, params } = priceFilterSql(f);
      const rows = await viewQuery<{ total: number; priced: number }>(
        db,
        `select coalesce(sum(o.rows), 0)::int as total, coalesce(sum(o.n_price), 0)::int as priced
           from observation_rollup o where ${conditions.length ? conditions.join(' and ') : 'true'}`,
        params,
      );
      return rows[0] ?? { total: 0, priced: 0 };
    }
    const { from, where, p } = scope(f);
    const rows = await viewQuery<{ total: number; priced: number }>(
      db,
      `select count(*)::int as total, count(o.price_usd)::int as priced from ${from} where ${where}`,
      p.values,
    );
    return rows[0] ?? { total: 0, priced: 0 };
  },
};

/** The unfiltered heatmap without grouping the whole rollup (110k vendor-day rows at 1M
 * observations): the vendors ranked by their own counts (vendors.price_count, migration 0007, the
 * same sums), the buckets from the days that have observations (a skip through the rollup's day
 * index, migration 0024: a probe per day), and only the kept vendors' rows of the kept buckets
 * grouped. The same answer as grouping everything once the rollup is merged; null while rows are
 * still appended (a day's rows might then cancel out), and the caller groups everything. */
async function heatmapBounded(
  db: Db,
  unit: string,
  bounds: { maxVendors: number; maxBuckets: number },
): Promise<HeatmapCellDb[] | null> {
  const p = sqlParams();
  const maxVendors = p.add(bounds.maxVendors, 'int');
  const maxBuckets = p.add(bounds.maxBuckets, 'int');
  const rows = await viewQuery<HeatmapCellDb & { merged: boolean }>(
    db,
    `with recursive d(day) as (
       (select day from vendor_day_rollup order by day limit 1)
       union all
       select (select r.day from vendor_day_rollup r where r.day > d.day order by r.day limit 1)
         from d where d.day is not null
     ), buckets as (
       select at, row_number() over (order by at desc) as recent
         from (select distinct date_trunc(${unit}, day::timestamp) as at from d where day is not null) b
     ), ranked as (
       select id as vendor_id, row_number() over (order by price_count desc, id) as rank
         from vendors where price_count > 0
     ), s as (
       select (select coalesce(sum(price_count), 0) from vendors)::int as total,
              (select count(*) from ranked)::int as vendors_total, (select count(*) from buckets)::int as buckets_total,
              not exists (select 1 from vendor_day_rollup where fresh) as merged
     ), kept as (
       select vendor_id, rank from ranked where rank <= ${maxVendors}
     ), recent as (
       select at from buckets where recent <= ${maxBuckets}
     ), cells as (
       -- Each kept vendor's days from the oldest kept bucket on, through the (vendor, day) index
       -- (offset 0 keeps the planner from joining the whole rollup instead).
       select t.vendor_id, date_trunc(${unit}, r.day::timestamp) as at, sum(r.rows) as n, max(r.newest) as newest
         from kept t
        cross join lateral (select r.day, r.rows, r.newest from vendor_day_rollup r
                             where r.vendor_id = t.vendor_id and r.day >= (select min(at) from recent)::date
                             offset 0) r
        group by 1, 2 having sum(r.rows) > 0
     )
     select s.total, s.vendors_total, s.buckets_total, s.merged, k.vendor_id::text as vendor_id,
            vv.name as vendor_name, k.rank::int as vendor_rank, to_char(k.at, 'YYYY-MM-DD') as at, k.n::int as n,
            r.id::text as observation_id
       from s
       left join lateral (select c.*, t.rank from cells c join kept t using (vendor_id) join recent b using (at)) k on true
       left join vendors vv on vv.id = k.vendor_id
       left join lateral (select o2.id from price_observations o2
                           where o2.observed_at = k.newest and o2.vendor_id = k.vendor_id limit 1) r on true
      order by k.rank, k.at`,
    p.values,
  );
  if (!rows[0]?.merged) return null;
  return rows.map(({ merged: _merged, ...r }) => r);
}
