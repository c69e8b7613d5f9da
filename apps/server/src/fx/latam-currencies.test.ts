import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@preciofab/db/testing/test-db';
import { createTestAppWithWorker, type TestAppWithWorker } from '../testing/test-app-with-worker.ts';

// Issue 12, as an operator meets it through the API: rates for the currencies of Colombia, Chile,
// Argentina, Brazil and Peru; prices in pesos of three countries read back in USD at their date's
// rate; a currency with no rate stored and shown as not convertible until one arrives; and a LATAM
// benchmark over the three countries' vendors, in net USD with each country's own VAT.

let t: TestAppWithWorker;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Vendors by country: Colombia, Chile, Argentina. */
const vendors: Record<'CO' | 'CL' | 'AR', string> = { CO: '', CL: '', AR: '' };

beforeAll(async () => {
  t = await createTestAppWithWorker();
  const places = {
    CO: { name: 'Manufactura Andina', country: 'Colombia', city: 'Medellín' },
    CL: { name: 'Impresión Austral', country: 'Chile', city: 'Santiago' },
    AR: { name: 'Taller Porteño 3D', country: 'Argentina', city: 'Buenos Aires' },
  } as const;
  for (const [code, place] of Object.entries(places) as [keyof typeof places, (typeof places)['CO']][]) {
    const res = await t.call('POST', '/api/v1/vendors', {
      body: { ...place, capabilities: ['fdm_printing'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ country_code: code, region: 'LATAM' });
    vendors[code] = res.json().id;
  }
});
afterAll(() => t.stopAll());

const post = (vendor: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/prices', {
    token: t.users.operator.token,
    body: {
      vendor_id: vendor,
      category: 'additive_manufacturing',
      subcategory: 'FDM',
      service_name: 'Impresión FDM',
      unit: 'cm³',
      ...body,
    },
  });

describe('every currency of Latin America, end to end', () => {
  it('sets rates for COP, CLP, ARS, BRL and PEN through the API, by date', async () => {
    const old = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: day(-40), rates: { COP: 3900, CLP: 900, ARS: 800, BRL: 5, PEN: 3.7 } },
    });
    expect(old.statusCode).toBe(200);
    const current = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: day(-3), rates: { COP: 4000, CLP: 950, ARS: 1000, BRL: 5.5, PEN: 3.75 } },
    });
    expect(current.statusCode).toBe(200);
    // A rate that starts tomorrow is not today's.
    const future = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: day(1), rates: { COP: 9999, CLP: 9999, ARS: 9999 } },
    });
    expect(future.statusCode).toBe(200);

    const inForce = await t.call('GET', '/api/v1/fx-rates', { query: { date: day(0) } });
    const rates = Object.fromEntries(
      (inForce.json().data as { currency: string; units_per_usd: number }[]).map((r) => [
        r.currency,
        r.units_per_usd,
      ]),
    );
    expect(rates).toMatchObject({ COP: 4000, CLP: 950, ARS: 1000, BRL: 5.5, PEN: 3.75, USD: 1 });
    const history = await t.call('GET', '/api/v1/fx-rates', { query: { currency: 'ARS', limit: 2 } });
    expect(history.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(history.json().data.map((r: { effective_date: string }) => r.effective_date)).toEqual([
      day(1),
      day(-3),
    ]);
  });

  it('stores prices in COP, CLP and ARS as observed and reads them back in USD at their date’s rate', async () => {
    const cases = [
      { vendor: vendors.CO, price: 1200, currency: 'COP', usd: 0.3 }, // 1 200 / 4 000
      { vendor: vendors.CL, price: 285, currency: 'CLP', usd: 0.3 }, // 285 / 950
      { vendor: vendors.AR, price: 450, currency: 'ARS', usd: 0.45 }, // 450 / 1 000
    ];
    for (const c of cases) {
      const res = await post(c.vendor, { price: c.price, currency: c.currency, includes_tax: false });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        price: c.price,
        currency: c.currency,
        price_usd: c.usd,
        base_unit: 'cm3',
        usd_status: 'converted',
      });
      const list = await t.call('GET', '/api/v1/prices', { query: { currency: c.currency } });
      expect(list.json().data).toHaveLength(1);
      expect(list.json().data[0]).toMatchObject({ currency: c.currency, price_usd: c.usd });
      const detail = await t.call('GET', `/api/v1/observations/${res.json().id}`);
      expect(detail.json().normalized).toMatchObject({ fx_date: day(-3), price_usd: c.usd });
    }
  });

  it('lists the currencies the stored prices are in, for the currency filter', async () => {
    const res = await t.call('GET', '/api/v1/prices/currencies', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: ['ARS', 'CLP', 'COP'] });
  });

  it('refuses an unknown code with a 400 on currency', async () => {
    const res = await post(vendors.CO, { price: 10, currency: 'XCO' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'currency', code: 'custom' })]);
    const rate = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: day(0), rates: { COP: 4000, XCO: 2 } },
    });
    expect(rate.statusCode).toBe(400);
    expect(rate.json().errors.map((e: { field: string }) => e.field)).toEqual(['rates.XCO']);
  });

  it('keeps a price with no rate as "not convertible", and converts it when a rate arrives', async () => {
    const res = await post(vendors.AR, { price: 52_000, currency: 'PYG', includes_tax: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'PYG', price_usd: null, usd_status: 'no_rate' });
    const id = res.json().id;
    // A rate dated after the price does not convert it: it was not in force on its date.
    await t.call('PUT', '/api/v1/fx-rates', { body: { effective_date: day(1), rates: { PYG: 7000 } } });
    const still = await t.call('GET', `/api/v1/observations/${id}`);
    expect(still.json().normalized).toMatchObject({ price_usd: null, usd_status: 'no_rate' });
    // One on or before its date does.
    const put = await t.call('PUT', '/api/v1/fx-rates', {
      body: { effective_date: day(-10), rates: { PYG: 8000 } },
    });
    expect(put.statusCode).toBe(200);
    const after = await t.call('GET', `/api/v1/observations/${id}`);
    expect(after.json().normalized).toMatchObject({
      fx_rate: 8000,
      fx_date: day(-10),
      price_usd: 6.5,
      usd_status: 'converted',
    });
  });

  it('sorts prices in different currencies by USD per base unit, unconvertible last', async () => {
    await post(vendors.CL, { price: 190, currency: 'CLP', includes_tax: false }); // 0.2
    const ask = async (sort: string) =>
      (await t.call('GET', '/api/v1/prices', { query: { sort, limit: 2 } })).json();
    const cheap = await ask('price_usd_asc');
    expect(cheap.data.map((r: { price_usd: number }) => r.price_usd)).toEqual([0.2, 0.3]);
    const next = await t.call('GET', '/api/v1/prices', {
      query: { sort: 'price_usd_asc', limit: 2, cursor: cheap.next_cursor },
    });
    expect(next.json().data.map((r: { price_usd: number }) => r.price_usd)).toEqual([0.3, 0.45]);
    const dear = await ask('price_usd_desc');
    expect(dear.data.map((r: { price_usd: number }) => r.price_usd)).toEqual([6.5, 0.45]);
  });

  it('computes a LATAM benchmark over the three countries’ vendors in net USD, each with its own VAT', async () => {
    // With tax: Colombia's IVA is 19 %, Chile's 19 %, Argentina's 21 %.
    const taxed = [
      await post(vendors.CO, {
        service_name: 'FDM con IVA',
        price: 1428,
        currency: 'COP',
        includes_tax: true,
      }),
      await post(vendors.CL, {
        service_name: 'FDM con IVA',
        price: 452.2,
        currency: 'CLP',
        includes_tax: true,
      }),
      await post(vendors.AR, {
        service_name: 'FDM con IVA',
        price: 605,
        currency: 'ARS',
        includes_tax: true,
      }),
    ];
    for (const r of taxed) expect(r.statusCode).toBe(201);
    const nets = await Promise.all(
      taxed.map(async (r) => (await t.call('GET', `/api/v1/observations/${r.json().id}`)).json().normalized),
    );
    expect(nets.map((n) => [n.tax_rate, n.price_net_usd])).toEqual([
      [0.19, 0.3], // 1428 / 4000 / 1.19
      [0.19, 0.4], // 452.2 / 950 / 1.19
      [0.21, 0.5], // 605 / 1000 / 1.21
    ]);

    const calc = await t.call('POST', '/api/v1/benchmarks/calculate', {
      body: { region: 'LATAM', time_window_days: 30, min_observations: 3 },
    });
    expect(calc.statusCode).toBe(202);
    await waitFor(async () => (await t.ctx.queue.get(calc.json().job_id))?.state === 'completed', {
      timeoutMs: 20_000,
      what: 'the LATAM calculation',
    });
    const list = (
      await t.call('GET', '/api/v1/benchmarks', { query: { region: 'LATAM', time_window: 30 } })
    ).json().data as Record<string, number | string>[];
    expect(list).toHaveLength(1);
    // Net USD per cm³ of every convertible price: 0.3, 0.3, 0.45, 0.2, 0.3, 0.4, 0.5 and PYG 6.5.
    const values = [0.2, 0.3, 0.3, 0.3, 0.4, 0.45, 0.5, 6.5];
    expect(list[0]).toMatchObject({
      region: 'LATAM',
      base_unit: 'cm3',
      currency: 'USD',
      tax_basis: 'net',
      observation_count: values.length,
      vendor_count: 3,
    });
    expect(list[0]!.price_p50 as number).toBeCloseTo(0.35, 6);
    expect(list[0]!.price_mean as number).toBeCloseTo(values.reduce((a, v) => a + v, 0) / values.length, 6);
  });
});
