import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let ids: string[] = [];

// 3 vendors and 60 observations with many ties (price_usd takes 7 values, observed_at 12) and
// nulls (every fifth price_usd), so a cursor must break ties on the id and place nulls last.
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(
    `insert into vendors (name, type) values ('Alfa', 'bureau'), ('Beta', 'bureau'), ('Gama', 'makerspace')`,
  );
  await t.db.query(
    `insert into offers (vendor_id, offer_key, name, category, unit)
     select id, 'pla|cm3', 'Impresión PLA', 'additive_manufacturing', 'cm3' from vendors`,
  );
  await t.db.query(
    `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit,
       price_usd, observed_at)
     select f.id, f.vendor_id, 'Impresión PLA', 'additive_manufacturing', 1 + i % 4, 'MXN', 'cm3',
            case when i % 5 = 0 then null else (i % 7) * 0.5 end,
            timestamptz '2026-01-01T00:00:00.123456Z' + make_interval(days => i % 12)
       from generate_series(1, 60) i
       join (select o.id, o.vendor_id, row_number() over (order by o.id) - 1 as k from offers o) f on f.k = i % 3`,
  );
  ids = (await t.db.query<{ id: string }>('select id from price_observations')).rows.map((r) => r.id);
});
afterAll(() => t.close());

type Page = { data: { id: string }[]; total: number; next_cursor?: string };

async function walkSearch(body: Record<string, unknown>, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await t.call('POST', '/api/v1/observations/search', {
      body: { ...body, limit, ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page.total).toBe(60);
    seen.push(...page.data.map((r) => r.id));
    cursor = page.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the walk did not end');
}

async function allAtOnce(body: Record<string, unknown>): Promise<string[]> {
  const res = await t.call('POST', '/api/v1/observations/search', { body: { ...body, limit: 500 } });
  return res.json<Page>().data.map((r) => r.id);
}

describe('keyset paging of the observation search', () => {
  const sorts: [string, Record<string, unknown>][] = [
    ['default (newest first)', {}],
    ['price_usd asc, nulls last', { sort: { field: 'price_usd', order: 'asc' } }],
    ['price_usd desc, nulls last', { sort: { field: 'price_usd', order: 'desc' } }],
    [
      'vendor asc then price desc',
      {
        sort: [
          { field: 'vendor', order: 'asc' },
          { field: 'price', order: 'desc' },
        ],
      },
    ],
    ['observed_at asc (microseconds)', { sort: { field: 'observed_at', order: 'asc' } }],
    [
      'filtered and by technology (all null)',
      {
        filters: [{ field: 'price', operator: 'gte', value: 1 }],
        sort: { field: 'technology', order: 'desc' },
      },
    ],
  ];

  it.each(sorts)('visits every row once, in order: %s', async (_, body) => {
    const expected = await allAtOnce(body);
    expect(expected).toHaveLength(60);
    for (const limit of [1, 7, 60]) {
      expect(await walkSearch(body, limit)).toEqual(expected);
    }
    expect(new Set(expected)).toEqual(new Set(ids));
  });

  it('orders nulls last in both directions', async () => {
    const rows = async (order: string) =>
      (
        await t.call('POST', '/api/v1/observations/search', {
          body: { sort: { field: 'price_usd', order }, limit: 500 },
        })
      ).json<{ data: { price_usd: number | null }[] }>().data;
    for (const order of ['asc', 'desc']) {
      const values = (await rows(order)).map((r) => r.price_usd);
      expect(values.slice(-12).every((v) => v === null)).toBe(true);
      expect(values.slice(0, 48).every((v) => v !== null)).toBe(true);
    }
  });

  it('returns a cursor with offset paging too, and none on the last page', async () => {
    const first = (await t.call('POST', '/api/v1/observations/search', { body: { limit: 50 } })).json<Page>();
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = (
      await t.call('POST', '/api/v1/observations/search', { body: { limit: 50, cursor: first.next_cursor } })
    ).json<Page>();
    expect(rest.data).toHaveLength(10);
    expect(rest.next_cursor).toBeUndefined();
    const byOffset = (
      await t.call('POST', '/api/v1/observations/search', { body: { limit: 50, offset: 50 } })
    ).json<Page>();
    expect(byOffset.data.map((r) => r.id)).toEqual(rest.data.map((r) => r.id));
    expect(byOffset.next_cursor).toBeUndefined();
  });

  it('ignores the offset when a cursor is given', async () => {
    const first = (await t.call('POST', '/api/v1/observations/search', { body: { limit: 20 } })).json<Page>();
    const a = await t.call('POST', '/api/v1/observations/search', {
      body: { limit: 20, cursor: first.next_cursor },
    });
    const b = await t.call('POST', '/api/v1/observations/search', {
      body: { limit: 20, offset: 40, cursor: first.next_cursor },
    });
    expect(b.json<Page>().data).toEqual(a.json<Page>().data);
  });

  it('refuses a malformed cursor, or one of another sort, naming the cursor', async () => {
    const first = (await t.call('POST', '/api/v1/observations/search', { body: { limit: 5 } })).json<Page>();
    const bad = [
      'not-a-cursor',
      Buffer.from('{"s":"observed_at:desc","k":["yesterday"],"id":"x"}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
    ];
    for (const cursor of bad) {
      const res = await t.call('POST', '/api/v1/observations/search', { body: { cursor } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ field: 'cursor', message: expect.stringMatching(/page link/) }),
      ]);
    }
    const otherSort = await t.call('POST', '/api/v1/observations/search', {
      body: { cursor: first.next_cursor, sort: { field: 'price', order: 'asc' } },
    });
    expect(otherSort.statusCode).toBe(400);
  });
});

describe('keyset paging of the prices list', () => {
  it('visits every row once, newest first, and agrees with offset paging', async () => {
    const all = (await t.call('GET', '/api/v1/prices', { query: { limit: 500 } })).json<Page>();
    expect(all.total).toBe(60);
    expect(all.next_cursor).toBeUndefined();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await t.call('GET', '/api/v1/prices', { query: { limit: 7, ...(cursor ? { cursor } : {}) } })
      ).json<Page>();
      expect(page.total).toBe(60);
      seen.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.data.map((r) => r.id));
  });

  it('pages a filtered list by cursor', async () => {
    const vendor = (await t.db.query<{ id: string }>("select id from vendors where name = 'Beta'")).rows[0]!
      .id;
    const all = (
      await t.call('GET', '/api/v1/prices', { query: { vendor_id: vendor, limit: 500 } })
    ).json<Page>();
    expect(all.total).toBe(20);
    const first = (
      await t.call('GET', '/api/v1/prices', { query: { vendor_id: vendor, limit: 15 } })
    ).json<Page>();
    const second = (
      await t.call('GET', '/api/v1/prices', {
        query: { vendor_id: vendor, limit: 15, cursor: first.next_cursor ?? '' },
      })
    ).json<Page>();
    expect([...first.data, ...second.data].map((r) => r.id)).toEqual(all.data.map((r) => r.id));
    expect(second.next_cursor).toBeUndefined();
  });

  it('refuses a malformed cursor', async () => {
    const res = await t.call('GET', '/api/v1/prices', { query: { cursor: 'garbage' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'cursor' })]);
  });
});
