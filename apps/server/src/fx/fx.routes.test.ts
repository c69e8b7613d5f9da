import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let mxnId: string;
let eurId: string;

type Rate = { currency: string; effective_date: string; units_per_usd: number; source: string };
const brief = (rows: Rate[]) => rows.map((r) => [r.currency, r.effective_date, r.units_per_usd, r.source]);

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const vendor = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Resinas MX', capabilities: ['materials_supply'] },
    })
  ).json().id;
  const base = { vendor_id: vendor, category: 'materials', subcategory: 'Resins', unit: 'kg' };
  mxnId = (
    await t.call('POST', '/api/v1/prices', {
      body: { ...base, service_name: 'Resina estándar', price: 1850, currency: 'MXN', includes_tax: true },
    })
  ).json().id;
  eurId = (
    await t.call('POST', '/api/v1/prices', {
      body: { ...base, service_name: 'Resina importada', price: 92, currency: 'EUR' },
    })
  ).json().id;
});
afterAll(() => t.close());

const normalized = async (id: string) =>
  (await t.call('GET', `/api/v1/observations/${id}`)).json().normalized as Record<string, unknown>;

describe('GET /api/v1/fx-rates', () => {
  it('starts with the default rates of migration 0002', async () => {
    const res = await t.call('GET', '/api/v1/fx-rates', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    expect(brief(res.json().data)).toEqual([
      ['EUR', '2000-01-01', 0.92, 'default'],
      ['MXN', '2000-01-01', 17, 'default'],
      ['USD', '2000-01-01', 1, 'default'],
    ]);
  });

  it('answers 400 for a bad date or unknown parameter and 401 without a token', async () => {
    expect((await t.call('GET', '/api/v1/fx-rates', { query: { date: '2025-13-01' } })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/fx-rates', { query: { day: '2025-01-01' } })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/fx-rates', { token: null })).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/fx-rates', () => {
  it('upserts the rates of a date with USD at 1, and re-normalizes the prices that use them', async () => {
    expect(await normalized(mxnId)).toMatchObject({
      fx_rate: 17,
      price_usd: 108.823529,
      price_net_usd: 93.813387,
    });
    const date = dayOffset(-10);
    const res = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: date, rates: { MXN: 18.5, EUR: 0.9 }, source: 'banxico' },
    });
    expect(res.statusCode).toBe(200);
    expect(brief(res.json().data)).toEqual([
      ['EUR', date, 0.9, 'banxico'],
      ['MXN', date, 18.5, 'banxico'],
      ['USD', date, 1, 'banxico'],
    ]);
    // 1850 / 18.5 = 100 gross; net 100 / 1.16
    expect(await normalized(mxnId)).toEqual({
      base_unit: 'kg',
      fx_rate: 18.5,
      fx_date: date,
      price_usd: 100,
      price_net_usd: 86.206897,
      price_gross_usd: 100,
      tax_rate: 0.16,
      usd_status: 'converted',
    });
    // 92 / 0.9 = 102.222222, unknown tax treated as net
    expect(await normalized(eurId)).toMatchObject({
      fx_rate: 0.9,
      price_usd: 102.222222,
      price_net_usd: 102.222222,
      price_gross_usd: 118.577778,
    });
    const list = (await t.call('GET', '/api/v1/prices', { query: { currency: 'MXN' } })).json();
    expect(list.data[0].price_usd).toBe(100);
  });

  it('changes a rate on a second PUT and leaves prices alone when the rate starts after them', async () => {
    const date = dayOffset(-10);
    const again = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: date, rates: { MXN: 20 } },
    });
    expect(brief(again.json().data)).toContainEqual(['MXN', date, 20, 'manual']);
    expect(brief(again.json().data)).toContainEqual(['EUR', date, 0.9, 'banxico']);
    expect(await normalized(mxnId)).toMatchObject({ fx_rate: 20, price_usd: 92.5 });
    await t.call('PUT', '/api/v1/fx-rates', { body: { effective_date: dayOffset(5), rates: { MXN: 30 } } });
    expect(await normalized(mxnId)).toMatchObject({ fx_rate: 20, price_usd: 92.5 });
  });

  it('lists the rate in force per currency on a date', async () => {
    const res = await t.call('GET', '/api/v1/fx-rates', { query: { date: dayOffset(0) } });
    expect(brief(res.json().data)).toEqual([
      ['EUR', dayOffset(-10), 0.9, 'banxico'],
      ['MXN', dayOffset(-10), 20, 'manual'],
      ['USD', dayOffset(-10), 1, 'manual'],
    ]);
    const old = await t.call('GET', '/api/v1/fx-rates', { query: { date: '2010-06-30' } });
    expect(brief(old.json().data).map((r) => r[1])).toEqual(['2000-01-01', '2000-01-01', '2000-01-01']);
    const all = (await t.call('GET', '/api/v1/fx-rates')).json().data as Rate[];
    expect(all).toHaveLength(8);
    expect(all[0]!.effective_date).toBe(dayOffset(5));
  });

  it('prices recorded after a rate change use the new rate', async () => {
    const first = (await t.call('GET', `/api/v1/observations/${mxnId}`)).json();
    const res = await t.call('POST', '/api/v1/prices', {
      body: {
        vendor_id: first.vendor_id,
        service_name: 'Resina estándar',
        category: 'materials',
        unit: 'kg',
        price: 2000,
        currency: 'MXN',
        includes_tax: false,
      },
    });
    expect(res.json().price_usd).toBe(100);
    expect(await normalized(res.json().id)).toMatchObject({
      fx_rate: 20,
      fx_date: dayOffset(-10),
      price_net_usd: 100,
      price_gross_usd: 116,
    });
    const history = (await t.call('GET', `/api/v1/prices/${mxnId}/history`)).json();
    expect(history.data.map((r: { price_usd: number }) => r.price_usd)).toEqual([92.5, 100]);
  });

  it("answers the spec's messages for invalid rates", async () => {
    const res = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: '2025-01-01', rates: { MXN: 0, EUR: -1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['rates.MXN', 'The rate must be greater than 0'],
      ['rates.EUR', 'The rate must be greater than 0'],
    ]);
    const es = await t.call('PUT', '/api/v1/fx-rates', {
      lang: 'es',
      body: { effective_date: '2025-01-01', rates: { MXN: 'x' } },
    });
    expect(es.json().errors[0].field).toBe('rates.MXN');
    expect(es.json().errors[0].message).not.toBe('validation.fx_rate_positive');
    for (const body of [
      { effective_date: '2025-01-01', rates: {} },
      { effective_date: '01/02/2025', rates: { MXN: 18 } },
      { effective_date: '2025-01-01', rates: { XYZ: 0.8 } },
      { effective_date: '2025-01-01', rates: { mxn: 18 } },
      { effective_date: '2025-01-01', rates: { USD: 2 } },
      { effective_date: '2025-01-01', rates: { MXN: 18 }, colour: 'red' },
    ]) {
      expect((await t.call('PUT', '/api/v1/fx-rates', { body })).statusCode).toBe(400);
    }
  });

  it('is for administrators only', async () => {
    const body = { effective_date: '2025-01-01', rates: { MXN: 18 } };
    expect(
      (await t.call('PUT', '/api/v1/fx-rates', { token: t.users.operator.token, body })).statusCode,
    ).toBe(403);
    expect((await t.call('PUT', '/api/v1/fx-rates', { token: t.users.viewer.token, body })).statusCode).toBe(
      403,
    );
    expect((await t.call('PUT', '/api/v1/fx-rates', { token: null, body })).statusCode).toBe(401);
  });

  it('writes fx_updated to the activity log with the number of re-normalized prices', async () => {
    const r = await t.db.query<{ entity_id: string; details: { name: string; count: number } }>(
      "select entity_id, details from activity_log where action = 'fx_updated' order by id",
    );
    expect(r.rows.map((x) => [x.details.name, x.details.count])).toEqual([
      [dayOffset(-10), 2],
      [dayOffset(-10), 1],
      [dayOffset(5), 0],
    ]);
  });
});
