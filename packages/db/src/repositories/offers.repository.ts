import type { Db } from '../client.ts';

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

/** Offers: one row per distinct thing a vendor sells (vendor + offer key); observations are its
 * price history. */
export const offersRepository = {
  /** Creates the offer or, when the vendor already has one with this key, marks it seen again.
   * Returns its id. */
  async upsert(db: Db, o: OfferWrite): Promise<string> {
    const r = await db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name, category, unit, source_url, first_seen_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)
       on conflict (vendor_id, offer_key) do update
         set name = excluded.name,
             category = coalesce(excluded.category, offers.category),
             source_url = coalesce(excluded.source_url, offers.source_url),
             first_seen_at = least(offers.first_seen_at, excluded.first_seen_at),
             last_seen_at = greatest(offers.last_seen_at, excluded.last_seen_at)
       returning id`,
      [o.vendorId, o.offerKey, o.name, o.category, o.unit, o.sourceUrl, o.seenAt],
    );
    return r.rows[0]!.id;
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
};
