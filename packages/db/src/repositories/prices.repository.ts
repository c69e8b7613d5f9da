import type { Db } from '../client.ts';

/** A price observation as lists show it; numerics come back as text. */
export type PriceRowDb = {
  id: string;
  vendor_id: string;
  vendor_name: string;
  vendor_type: string;
  offer_id: string;
  offer_name: string;
  price: string;
  currency: string;
  unit: string;
  quantity: string;
  price_type: string;
  confidence_score: string;
  observed_at: Date;
  tax_state: string;
  includes_shipping: boolean;
  source_url: string | null;
  category: string;
  subcategory: string | null;
  technology: string | null;
  material: string | null;
  price_usd: string | null;
};

/** Columns of PriceRowDb over `price_observations o join vendors v`. */
export const PRICE_ROW_COLUMNS = `o.id, o.vendor_id, v.name as vendor_name, v.type as vendor_type, o.offer_id,
  o.offer_name, o.price, o.currency, o.unit, o.quantity, o.price_type, o.confidence_score, o.observed_at,
  o.tax_state, o.includes_shipping, o.source_url, o.category, o.subcategory, o.technology, o.material, o.price_usd`;

export const PRICE_ROW_FROM = 'price_observations o join vendors v on v.id = o.vendor_id';

export type PriceListFilter = {
  search?: string | undefined;
  currency?: string | undefined;
  vendorId?: string | undefined;
  category?: string | undefined;
  priceType?: string | undefined;
  limit: number;
  offset: number;
};

export type PriceHistoryRowDb = {
  id: string;
  price: string;
  currency: string;
  unit: string;
  price_usd: string | null;
  observed_at: Date;
  last_seen_at: Date;
};

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const pricesRepository = {
  async list(db: Db, f: PriceListFilter): Promise<{ rows: PriceRowDb[]; total: number }> {
    const where = `where ($1::text is null or v.name ilike $1 or o.offer_name ilike $1)
                     and ($2::text is null or o.currency = $2)
                     and ($3::uuid is null or o.vendor_id = $3)
                     and ($4::text is null or o.category = $4)
                     and ($5::text is null or o.price_type = $5)`;
    const params = [
      f.search ? `%${escapeLike(f.search)}%` : null,
      f.currency ?? null,
      f.vendorId ?? null,
      f.category ?? null,
      f.priceType ?? null,
    ];
    const [rows, count] = await Promise.all([
      db.query<PriceRowDb>(
        `select ${PRICE_ROW_COLUMNS} from ${PRICE_ROW_FROM} ${where}
          order by o.observed_at desc, o.id desc limit $6 offset $7`,
        [...params, f.limit, f.offset],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from ${PRICE_ROW_FROM} ${where}`, params),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },
  async findRow(db: Db, id: string): Promise<PriceRowDb | undefined> {
    const r = await db.query<PriceRowDb>(
      `select ${PRICE_ROW_COLUMNS} from ${PRICE_ROW_FROM} where o.id = $1`,
      [id],
    );
    return r.rows[0];
  },
  async offerIdOf(db: Db, observationId: string): Promise<string | undefined> {
    const r = await db.query<{ offer_id: string }>('select offer_id from price_observations where id = $1', [
      observationId,
    ]);
    return r.rows[0]?.offer_id;
  },
  /** All observations of an offer, oldest first. */
  async history(db: Db, offerId: string): Promise<PriceHistoryRowDb[]> {
    const r = await db.query<PriceHistoryRowDb>(
      `select id, price, currency, unit, price_usd, observed_at, last_seen_at
         from price_observations where offer_id = $1 order by observed_at, id`,
      [offerId],
    );
    return r.rows;
  },
};
