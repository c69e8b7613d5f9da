import type { Db } from '../client.ts';
import { known, type Step } from '../steps.ts';

export type OfferRow = {
  id: string;
  vendor_id: string;
  vendor_name: string;
  offer_key: string;
  name: string;
  category: string | null;
  unit: string | null;
  source_url: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
};

export type OfferWrite = {
  vendorId: string;
  offerKey: string;
  name: string;
  category: string | null;
  unit: string | null;
  sourceUrl: string | null;
  seenAt: Date;
};

/** An offer as a crawl read it, for `upsertWithLatest`. */
export type OfferSeen = {
  vendorId: string;
  offerKey: string;
  name: string;
  category: string;
  unit: string;
  sourceUrl: string;
  seenAt: Date;
};

/** An offer and its latest stored price (null fields when it has none yet). Numerics as text. */
export type OfferLatest = {
  vendor_id: string;
  offer_key: string;
  offer_id: string;
  latest_id: string | null;
  price: string | null;
  currency: string | null;
  unit: string | null;
  quantity: string | null;
  tax_state: string | null;
};

/** Offers as the column arrays `unnest($1::uuid[], $2::text[], … $7::timestamptz[])` takes: vendor,
 * key, name, category, unit, source URL, time seen. */
const offerColumns = (offers: readonly (OfferWrite | OfferSeen)[]) => [
  offers.map((o) => o.vendorId),
  offers.map((o) => o.offerKey),
  offers.map((o) => o.name),
  offers.map((o) => o.category),
  offers.map((o) => o.unit),
  offers.map((o) => o.sourceUrl),
  offers.map((o) => o.seenAt),
];

/** Offers: one row per distinct thing a vendor sells (vendor + offer key); observations are its
 * price history. */
export const offersRepository = {
  /** Creates these offers, or marks seen again those the vendor already has with the key, in one
   * statement (a batch of prices posted together): an offer named twice is written once, first
   * seen at its earliest time and last seen at its latest; one of a vendor that does not exist (any
   * more) is left out. Written in key order, so two batches
   * lock shared offers in the same order and never deadlock. Returns each offer's id by
   * `vendor id|offer key`. */
  upsertManyStep(offers: readonly OfferWrite[]): Step<Map<string, string>> {
    if (offers.length === 0) return known(new Map());
    return {
      statement: {
        sql: `with seen as (
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           with ordinality as s(vendor_id, offer_key, name, category, unit, source_url, seen_at, n)),
       offer as (
         select distinct on (vendor_id, offer_key) vendor_id, offer_key, name, category, unit, source_url,
                min(seen_at) over w as first_seen, max(seen_at) over w as last_seen
           from seen where exists (select 1 from vendors v where v.id = seen.vendor_id)
         window w as (partition by vendor_id, offer_key)
          order by vendor_id, offer_key, n desc)
       insert into offers (vendor_id, offer_key, name, category, unit, source_url, first_seen_at, last_seen_at)
       select vendor_id, offer_key, name, category, unit, source_url, first_seen, last_seen from offer
       on conflict (vendor_id, offer_key) do update
         set name = excluded.name,
             category = coalesce(excluded.category, offers.category),
             source_url = coalesce(excluded.source_url, offers.source_url),
             first_seen_at = least(offers.first_seen_at, excluded.first_seen_at),
             last_seen_at = greatest(offers.last_seen_at, excluded.last_seen_at)
       returning vendor_id, offer_key, id`,
        params: offerColumns(offers),
      },
      read: (r) =>
        new Map(
          (r.rows as { vendor_id: string; offer_key: string; id: string }[]).map((row) => [
            `${row.vendor_id}|${row.offer_key}`,
            row.id,
          ]),
        ),
    };
  },

  async findById(db: Db, id: string): Promise<OfferRow | undefined> {
    const r = await db.query<OfferRow>(
      `select f.id, f.vendor_id, v.name as vendor_name, f.offer_key, f.name, f.category, f.unit, f.source_url,
              f.first_seen_at, f.last_seen_at
         from offers f join vendors v on v.id = f.vendor_id
        where f.id = $1`,
      [id],
    );
    return r.rows[0];
  },

  /** Creates these offers or marks them seen (one statement for a whole batch of pages) and returns
   * each with its latest stored price, so the caller can tell a new price from one seen again. */
  upsertWithLatestStep(offers: readonly OfferSeen[]): Step<OfferLatest[]> {
    if (offers.length === 0) return known([]);
    return {
      statement: {
        sql: `with seen as (
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           as s(vendor_id, offer_key, name, category, unit, source_url, seen_at)),
       o as (
         insert into offers (vendor_id, offer_key, name, category, unit, source_url, first_seen_at, last_seen_at)
         select distinct on (vendor_id, offer_key) vendor_id, offer_key, name, category, unit, source_url, seen_at, seen_at
           from seen order by vendor_id, offer_key, seen_at desc
         on conflict (vendor_id, offer_key) do update
           set name = excluded.name, source_url = excluded.source_url,
               last_seen_at = greatest(offers.last_seen_at, excluded.last_seen_at)
         returning id, vendor_id, offer_key)
       select o.vendor_id, o.offer_key, o.id as offer_id, l.id as latest_id, l.price::text as price, l.currency,
              l.unit, l.quantity::text as quantity, l.tax_state
         from o left join lateral (
           select id, price, currency, unit, quantity, tax_state from price_observations
            where offer_id = o.id order by observed_at desc, id desc limit 1) l on true`,
        params: offerColumns(offers),
      },
      read: (r) => r.rows as OfferLatest[],
    };
  },
};
