import { AppError } from '@preciofab/shared/errors';
import type { Db } from '../client.ts';
import { runSteps, type Step } from '../steps.ts';

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
  base_unit: string | null;
  volume_cm3: string | null;
};

/** Columns of PriceRowDb over `price_observations o join vendors v`. */
export const PRICE_ROW_COLUMNS = `o.id, o.vendor_id, v.name as vendor_name, v.type as vendor_type, o.offer_id,
  o.offer_name, o.price, o.currency, o.unit, o.quantity, o.price_type, o.confidence_score, o.observed_at,
  o.tax_state, o.includes_shipping, o.source_url, o.category, o.subcategory, o.technology, o.material, o.price_usd,
  o.base_unit, o.volume_cm3`;

export const PRICE_ROW_FROM = 'price_observations o join vendors v on v.id = o.vendor_id';

export type PriceListFilter = {
  search?: string | undefined;
  currency?: string | undefined;
  vendorId?: string | undefined;
  category?: string | undefined;
  priceType?: string | undefined;
  /** Newest first (the default), or by USD per base unit; prices with no USD value come last. */
  sort?: PriceListSort | undefined;
  limit: number;
  offset: number;
  /** Keyset paging: the page after this cursor (offset is then ignored). */
  cursor?: string | undefined;
};

// ---- Keyset cursors ----
// A cursor is the sort key and id of the last row of a page, as base64url JSON, plus the sort it
// belongs to: a page after it is `where (key, id) after (cursor)`, which an index serves at any
// depth, where an offset reads and drops every row before the page.

/** How a sort key travels in a cursor: exact text, parsed back by a cast in SQL. */
export type CursorKind = 'number' | 'text' | 'uuid' | 'date';
export type PageCursor = { keys: (string | null)[]; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_FORMAT: Record<CursorKind, (v: string) => boolean> = {
  number: (v) => /^-?\d{1,20}(?:\.\d{1,20})?$/.test(v),
  text: (v) => v.length <= 1000,
  uuid: (v) => UUID.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
};

/** SQL giving a sort expression as the exact text its cursor carries: timestamps in UTC to the
 * microsecond (a JavaScript Date would lose the microseconds and skip or repeat rows). */
export function cursorKeySql(expr: string, kind: CursorKind): string {
  return kind === 'date'
    ? `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `(${expr})::text`;
}

export function encodeCursor(sort: string, keys: (string | null)[], id: string): string {
  return Buffer.from(JSON.stringify({ s: sort, k: keys, id })).toString('base64url');
}

/** Reads a cursor made by encodeCursor for the same sort; anything else is a 400 on `field`. */
export function decodeCursor(
  cursor: string,
  sort: string,
  kinds: readonly CursorKind[],
  field = 'cursor',
): PageCursor {
  const refuse = () =>
    new AppError('validation', 'errors.invalid_request', {
      errors: [{ field, message: 'validation.cursor_invalid' }],
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (typeof parsed !== 'object' || parsed === null) throw refuse();
  const { s, k, id } = parsed as { s?: unknown; k?: unknown; id?: unknown };
  if (
    s !== sort ||
    typeof id !== 'string' ||
    !UUID.test(id) ||
    !Array.isArray(k) ||
    k.length !== kinds.length
  ) {
    throw refuse();
  }
  const keys = k.map((v: unknown, i) => {
    if (v === null) return null;
    if (typeof v !== 'string' || !KEY_FORMAT[kinds[i]!](v)) throw refuse();
    return v;
  });
  return { keys, id };
}

export type PriceListSort = 'observed_at_desc' | 'price_usd_asc' | 'price_usd_desc';

/** The orders of the prices list: the expression, its direction, how its key travels in a cursor,
 * and whether it can be null (a price with no USD value; those come last either way). */
const LIST_SORTS: Record<
  PriceListSort,
  { expr: string; dir: 'asc' | 'desc'; kind: CursorKind; cast: string; nullable: boolean }
> = {
  observed_at_desc: {
    expr: 'o.observed_at',
    dir: 'desc',
    kind: 'date',
    cast: 'timestamptz',
    nullable: false,
  },
  price_usd_asc: { expr: 'o.price_usd', dir: 'asc', kind: 'number', cast: 'numeric', nullable: true },
  price_usd_desc: { expr: 'o.price_usd', dir: 'desc', kind: 'number', cast: 'numeric', nullable: true },
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

/** The filters of the prices screen (its list and its charts). */
export type PriceFilter = Pick<
  PriceListFilter,
  'search' | 'currency' | 'vendorId' | 'category' | 'priceType'
>;

/** Collects parameters and hands out their $n placeholders. */
export function sqlParams(values: unknown[] = []) {
  return {
    values,
    add(value: unknown, cast: string): string {
      values.push(value);
      return `$${values.length}::${cast}`;
    },
  };
}

/** The conditions of the filters that are set, over `o` (and `v`, the vendor, for the search by
 * vendor or offer name): one rule for the list and the charts. */
export function priceFilterSql(
  f: PriceFilter,
  p = sqlParams(),
): { conditions: string[]; readsVendor: boolean; params: unknown[] } {
  const conditions: string[] = [];
  if (f.search) {
    const like = p.add(`%${escapeLike(f.search)}%`, 'text');
    conditions.push(`(v.name ilike ${like} or o.offer_name ilike ${like})`);
  }
  if (f.currency) conditions.push(`o.currency = ${p.add(f.currency, 'text')}`);
  if (f.vendorId) conditions.push(`o.vendor_id = ${p.add(f.vendorId, 'uuid')}`);
  if (f.category) conditions.push(`o.category = ${p.add(f.category, 'text')}`);
  if (f.priceType) conditions.push(`o.price_type = ${p.add(f.priceType, 'text')}`);
  return { conditions, readsVendor: Boolean(f.search), params: p.values };
}

/** An offer a bulk import stores a price of: created, or marked seen at its end. */
export type ImportOffer = {
  vendorId: string;
  offerKey: string;
  name: string;
  category: string;
  unit: string;
};

/** What a new price needs of its vendor. */
export type PriceVendorRow = {
  id: string;
  name: string;
  trust_score: string;
  country_code: string;
  region: string;
  price_count: number;
};

export const pricesRepository = {
  /** The vendors an import names, with what a new price needs of each (one statement). */
  async importVendors(db: Db, ids: readonly string[]): Promise<PriceVendorRow[]> {
    const [rows] = await runSteps(db, [pricesRepository.priceVendorsStep(ids)] as const);
    return rows;
  },

  /** `importVendors` as a step, to send with other statements (a batch of new prices). */
  priceVendorsStep(ids: readonly string[]): Step<PriceVendorRow[]> {
    return {
      statement: {
        sql: `select id, name, trust_score::text, country_code, region, price_count from vendors where id = any($1::uuid[])`,
        params: [ids],
      },
      read: (r) => r.rows as PriceVendorRow[],
    };
  },

  /** The stored offers among an import's, each one's id by `vendorId|offerKey`, read without
   * locking them (the import's rows then take only the foreign-key checks' KEY SHARE, which blocks
   * no writer). The missing ones are created at the import's end (`applyImportOffersSteps`). */
  async importOfferIds(db: Db, offers: readonly ImportOffer[]): Promise<Map<string, string>> {
    const r = await db.query<{ vendor_id: string; offer_key: string; id: string }>(
      `select f.vendor_id, f.offer_key, f.id
         from offers f join unnest($1::uuid[], $2::text[]) as o(vendor_id, offer_key) using (vendor_id, offer_key)`,
      [offers.map((o) => o.vendorId), offers.map((o) => o.offerKey)],
    );
    return new Map(r.rows.map((row) => [`${row.vendor_id}|${row.offer_key}`, row.id]));
  },

  /** Makes this transaction's inserts of observations skip the vendor and offer counts (migration
   * 0030): the import applies them itself at its end, so the rows those counts lock stay locked for
   * its last statements and the commit instead of the whole import. */
  deferCountsStep(on: boolean): Step<void> {
    return {
      statement: {
        sql: `select set_config('preciofab.defer_counts', $1, true)`,
        params: [on ? 'on' : 'off'],
      },
      read: () => undefined,
    };
  },

  /** Rows inserted from now on in this transaction may name an offer that does not exist yet: it is
   * checked at commit (migration 0030), after `applyImportOffersSteps` created it. */
  deferOfferCheckStep(): Step<void> {
    return {
      statement: { sql: 'set constraints price_observations_offer_id_fkey deferred' },
      read: () => undefined,
    };
  },

  /** The end of an import, as one upsert of its offers in (vendor, offer key) order, the order every
   * writer of offers locks them in (offersRepository.upsertManyStep): the new ones created under the
   * id the import's rows already name, the stored ones renamed, recategorized and marked seen; each
   * with the prices it got (n, with a USD price p). Then each vendor's count, its rows locked in id
   * order. Returns the offers whose id is not the one asked for (created meanwhile by another
   * writer): the import's rows are moved to it (`moveImportRowsStep`). */
  applyImportOffersSteps(
    offers: readonly (ImportOffer & { id: string; n: number; p: number })[],
    vendors: readonly { id: string; n: number }[],
    seenAt: Date,
  ): [Step<{ from: string; to: string }[]>, Step<void>, Step<void>] {
    const asked = new Map(offers.map((o) => [`${o.vendorId}|${o.offerKey}`, o.id]));
    const vendorIds = vendors.map((v) => v.id);
    return [
      {
        statement: {
          sql: `insert into offers (id, vendor_id, offer_key, name, category, unit, source_url, first_seen_at,
                                    last_seen_at, price_count, priced_count)
                select o.id, o.vendor_id, o.offer_key, o.name, o.category, o.unit, null, $2, $2, o.n, o.p
                  from json_to_recordset($1::json)
                    as o(id uuid, vendor_id uuid, offer_key text, name text, category text, unit text, n int, p int)
                 order by o.vendor_id, o.offer_key
                on conflict (vendor_id, offer_key) do update
                  set name = excluded.name,
                      category = coalesce(excluded.category, offers.category),
                      first_seen_at = least(offers.first_seen_at, excluded.first_seen_at),
                      last_seen_at = greatest(offers.last_seen_at, excluded.last_seen_at),
                      price_count = offers.price_count + excluded.price_count,
                      priced_count = offers.priced_count + excluded.priced_count
                returning vendor_id, offer_key, id`,
          params: [
            JSON.stringify(
              offers.map((o) => ({
                id: o.id,
                vendor_id: o.vendorId,
                offer_key: o.offerKey,
                name: o.name,
                category: o.category,
                unit: o.unit,
                n: o.n,
                p: o.p,
              })),
            ),
            seenAt,
          ],
        },
        read: (r) =>
          (r.rows as { vendor_id: string; offer_key: string; id: string }[]).flatMap((row) => {
            const from = asked.get(`${row.vendor_id}|${row.offer_key}`);
            return from !== undefined && from !== row.id ? [{ from, to: row.id }] : [];
          }),
      },
      {
        statement: {
          sql: 'select 1 from vendors where id = any($1::uuid[]) order by id for no key update',
          params: [vendorIds],
        },
        read: () => undefined,
      },
      {
        statement: {
          sql: `update vendors v set price_count = v.price_count + d.n
                  from unnest($1::uuid[], $2::int[]) as d(id, n) where v.id = d.id`,
          params: [vendorIds, vendors.map((v) => v.n)],
        },
        read: () => undefined,
      },
    ];
  },

  /** The import's rows of an offer another writer created while it ran, moved to that offer. */
  moveImportRowsStep(moves: readonly { from: string; to: string }[]): Step<void> {
    return {
      statement: {
        sql: `update price_observations o set offer_id = m.to_id
                from unnest($1::uuid[], $2::uuid[]) as m(from_id, to_id) where o.offer_id = m.from_id`,
        params: [moves.map((m) => m.from), moves.map((m) => m.to)],
      },
      read: () => undefined,
    };
  },

  async list(
    db: Db,
    f: PriceListFilter,
  ): Promise<{ rows: PriceRowDb[]; total: number; nextCursor: string | null }> {
    const p = sqlParams();
    const { conditions, readsVendor } = priceFilterSql(f, p);
    const filterParams = [...p.values];
    const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
    const sortName = f.sort ?? 'observed_at_desc';
    const sort = LIST_SORTS[sortName];
    const after = f.cursor ? decodeCursor(f.cursor, sortName, [sort.kind]) : null;
    // The next page holds the rows after the last one in (key, id) order: for newest first a row
    // comparison the (observed_at desc, id desc) index serves directly. Rows with a null key come
    // last, so a page after a non-null key also takes them, and one after a null key only them.
    const cmp = sort.dir === 'asc' ? '>' : '<';
    const keyset: string[] = [];
    if (after) {
      const key = after.keys[0] ?? null;
      const id = () => p.add(after.id, 'uuid');
      keyset.push(
        key === null
          ? `${sort.expr} is null and o.id ${cmp} ${id()}`
          : `((${sort.expr}, o.id) ${cmp} (${p.add(key, sort.cast)}, ${id()})${sort.nullable ? ` or ${sort.expr} is null` : ''})`,
      );
    }
    const dataWhere = [...conditions, ...keyset];
    const limit = p.add(f.limit, 'int');
    const offset = p.add(after ? 0 : f.offset, 'int');
    const [rows, count] = await Promise.all([
      db.query<PriceRowDb & { k0: string | null }>(
        `select ${PRICE_ROW_COLUMNS}, ${cursorKeySql(sort.expr, sort.kind)} as k0 from ${PRICE_ROW_FROM}
          ${dataWhere.length ? `where ${dataWhere.join(' and ')}` : ''}
          order by ${sort.expr} ${sort.dir} nulls last, o.id ${sort.dir} limit ${limit} offset ${offset}`,
        p.values,
      ),
      // Without a filter the total is the trigger-kept count: no scan of the table; without the
      // search by name, no join to vendors (vendor_id is a non-null foreign key: it keeps every row).
      conditions.length === 0
        ? db.query<{ n: number }>(
            "select n::int as n from table_counts where table_name = 'price_observations'",
          )
        : db.query<{ n: number }>(
            `select count(*)::int as n from ${readsVendor ? PRICE_ROW_FROM : 'price_observations o'} ${where}`,
            filterParams,
          ),
    ]);
    const total = count.rows[0]?.n ?? 0;
    const last = rows.rows.at(-1);
    // A full page may have a successor; offset paging also knows the total.
    const more = rows.rows.length === f.limit && (after !== null || f.offset + f.limit < total);
    return {
      rows: rows.rows,
      total,
      nextCursor: more && last ? encodeCursor(sortName, [last.k0], last.id) : null,
    };
  },
  /** The distinct currencies of the stored prices. A skip scan over the (currency, observed_at)
   * index: one probe per currency, whatever the number of rows. */
  async currencies(db: Db): Promise<string[]> {
    const r = await db.query<{ currency: string }>(
      `with recursive c(currency) as (
         (select currency from price_observations order by currency limit 1)
         union all
         select (select o.currency from price_observations o where o.currency > c.currency
                  order by o.currency limit 1)
           from c where c.currency is not null)
       select currency from c where currency is not null`,
    );
    return r.rows.map((row) => row.currency.trim());
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
