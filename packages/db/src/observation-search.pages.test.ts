import { observationSearchBody } from '@preciofab/shared/contracts/observations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import {
  buildObservationSearch,
  paramList,
  runObservationSearch,
  searchFilterSql,
} from './observation-search.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

// The page of a search, whichever way it is read (a bounded walk of the sort key's index, the
// matching rows sorted, or the plain statement), is the page a plain ORDER BY over the matching rows
// gives: the key in the asked direction with rows without a value last, ties broken by the id in
// the same direction. 6,000 observations, more than a walk reaches for a first page, so that walks
// succeed and fail, with the correlations that make a walk fail (machining is the dearest and has
// its own technologies, prices in MXN are 17 times those in USD), many ties (three currencies, a
// few technologies and materials, prices and confidences on a coarse grid) and nulls (technology,
// material, USD price).

const ROWS = 6_000;
let t: TestDb;
/** Every statement the search sent, to check that each way of reading a page was taken. */
const sent: string[] = [];
let db: Db;

beforeAll(async () => {
  t = await createTestDb();
  const inner = t.db;
  db = {
    ...inner,
    kind: inner.kind,
    query: (sql, params) => {
      sent.push(sql);
      return inner.query(sql, params);
    },
  };
  await inner.query(
    `insert into vendors (name, type, region)
     select 'Proveedor ' || chr(64 + i), 'bureau', 'Mexico' from generate_series(1, 6) i`,
  );
  await inner.query(
    `insert into offers (vendor_id, offer_key, name, category, unit)
     select id, 'oferta', 'Oferta', 'materials', 'piece' from vendors`,
  );
  await inner.query(
    `insert into price_observations (offer_id, vendor_id, offer_name, category, technology, material, price,
       currency, unit, price_usd, confidence_score, observed_at)
     select f.id, f.vendor_id, g.name, g.category, g.technology, g.material, g.price, g.currency, 'piece',
            case when i % 7 = 0 then null else round(g.price / g.fx, 2) end,
            round(((i * 37) % 40) / 40.0, 4),
            timestamptz '2026-03-01T00:00:00Z' - make_interval(hours => (i * 13) % 2000)
       from generate_series(1, ${ROWS}) i
       cross join lateral (
         select case when i % 10 < 3 then 'cnc_machining' when i % 10 < 7 then 'additive_manufacturing'
                     when i % 10 < 9 then 'laser_cutting' else 'materials' end as category) c
       cross join lateral (
         select c.category,
                case c.category when 'cnc_machining' then (array['Milling', 'Turning'])[1 + i % 2]
                                when 'additive_manufacturing' then (array['fdm', 'sla', 'FDM'])[1 + i % 3]
                                when 'laser_cutting' then 'laser' end as technology,
                case when i % 11 = 0 then null
                     else (array['pla', 'metal', 'acrylic', 'Metal', 'resin'])[1 + (i / 3) % 5] end as material,
                case when c.category = 'cnc_machining' then 400 + (i % 50) * 10 else 1 + (i % 30) end
                  * case (i / 7) % 3 when 0 then 17 when 1 then 1 else 0.92 end as price,
                case (i / 7) % 3 when 0 then 17 when 1 then 1 else 0.92 end as fx,
                (array['MXN', 'USD', 'EUR'])[1 + (i / 7) % 3] as currency,
                (array['Impresión PLA', 'Fresado', 'Corte láser', 'Lámina'])[1 + i % 4] as name) g
       join (select o.id, o.vendor_id, row_number() over (order by o.id) - 1 as k from offers o) f
         on f.k = (i * 7) % 6`,
  );
  await inner.exec('analyze');
});
afterAll(() => t.drop());

const f = (field: string, operator: string, value: unknown) => ({ field, operator, value });
const FILTERS = {
  category: f('category', 'eq', 'additive_manufacturing'),
  technology: f('technology', 'eq', 'fdm'),
  material: f('material', 'eq', 'metal'),
  vendor: f('vendor_name', 'eq', 'Proveedor C'),
  currency: f('currency', 'eq', 'USD'),
  price: f('price_usd', 'between', [2, 20]),
  dates: f('observed_at', 'between', ['2026-01-10', '2026-02-20']),
  confidence: f('confidence', 'gte', 0.5),
  text: f('offer_name', 'contains', 'pla'),
};
const SETS: (keyof typeof FILTERS)[][] = [
  ['category'],
  ['technology'],
  ['material'],
  ['vendor'],
  ['currency'],
  ['price'],
  ['dates'],
  ['confidence'],
  ['text'],
  ['category', 'currency'],
  ['category', 'price'],
  ['technology', 'confidence'],
  ['material', 'dates'],
  ['vendor', 'text'],
];
const SORTS = [
  'price_usd',
  'price',
  'observed_at',
  'vendor_name',
  'currency',
  'technology',
  'material',
  'confidence_score',
].flatMap((field) => [
  { field, order: 'asc' as const },
  { field, order: 'desc' as const },
]);
const KEY: Record<string, string> = {
  price_usd: 'o.price_usd',
  price: 'o.price',
  observed_at: 'o.observed_at',
  vendor_name: 'v.name',
  currency: 'o.currency',
  technology: 'o.technology',
  material: 'o.material',
  confidence_score: 'o.confidence_score',
};

/** The ids of a page by a plain ORDER BY over the matching rows. */
async function plainPage(
  filters: ReturnType<typeof f>[],
  sort: (typeof SORTS)[number],
  offset: number,
  limit: number,
): Promise<string[]> {
  const p = paramList();
  const { conditions } = searchFilterSql(filters, p);
  const key = KEY[sort.field]!;
  const r = await t.db.query<{ id: string }>(
    `select o.id from price_observations o join vendors v on v.id = o.vendor_id
      where ${conditions.join(' and ')}
      order by (${key}) is null, ${key} ${sort.order}, o.id ${sort.order}
      limit ${limit} offset ${offset}`,
    p.params,
  );
  return r.rows.map((row) => row.id);
}

async function searchPage(filters: ReturnType<typeof f>[], sort: (typeof SORTS)[number], offset: number) {
  const req = observationSearchBody.parse({ filters, sort, offset, limit: 50 });
  return runObservationSearch(db, buildObservationSearch(req));
}

describe('the page of a search equals a plain ORDER BY over the matching rows', () => {
  it('for every filter alone and in pairs, under every sort, first and deep pages', async () => {
    let pages = 0;
    for (const set of SETS) {
      const filters = set.map((name) => FILTERS[name]);
      for (const sort of SORTS) {
        const label = `${set.join(' + ')} by ${sort.field} ${sort.order}`;
        const first = await searchPage(filters, sort, 0);
        expect(
          first.rows.map((r) => r.id),
          label,
        ).toEqual(await plainPage(filters, sort, 0, 50));
        // A deep page, within the matching rows when there are enough.
        const deep = Math.max(0, Math.min(900, Math.floor((first.total - 50) / 50) * 50));
        const page = await searchPage(filters, sort, deep);
        expect(
          page.rows.map((r) => r.id),
          `${label} at ${deep}`,
        ).toEqual(await plainPage(filters, sort, deep, 50));
        pages += 2;
      }
    }
    expect(pages).toBe(SETS.length * SORTS.length * 2);
    // Every way of reading a page was taken, and answered as the plain statement does: a walk that
    // held the page (bounded by the row it reached), one that did not (the rows sorted instead), and
    // the plain statement (the vendor's name has no walk).
    expect(sent.some((sql) => /\(o\.\w+, o\.id\) (<=|>=) \(\$\d+::\w+, \$\d+::uuid\)/.test(sql))).toBe(true);
    expect(sent.some((sql) => /order by \(o\.\w+ (\+ 0|\|\| '')\)/.test(sql))).toBe(true);
    expect(sent.some((sql) => /order by v\.name/.test(sql) && !/\+ 0|\|\| ''/.test(sql))).toBe(true);
  });

  it('continues by cursor exactly where the offset pages continue', async () => {
    for (const set of [['category'], ['currency'], ['price'], ['material', 'dates']] as const) {
      const filters = set.map((name) => FILTERS[name]);
      for (const sort of SORTS) {
        const label = `${set.join(' + ')} by ${sort.field} ${sort.order}`;
        const before = await searchPage(filters, sort, 950);
        if (!before.nextCursor) continue;
        const req = observationSearchBody.parse({ filters, sort, cursor: before.nextCursor, limit: 50 });
        const next = await runObservationSearch(db, buildObservationSearch(req));
        expect(
          next.rows.map((r) => r.id),
          label,
        ).toEqual(await plainPage(filters, sort, 1_000, 50));
      }
    }
  });
});
