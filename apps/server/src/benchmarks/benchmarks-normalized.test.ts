import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichObservation } from '@preciofab/db/observation-enrichment';
import { waitFor } from '@preciofab/db/testing/test-db';
import { benchmarkCalculateJob } from '@preciofab/worker/jobs/benchmark-calculate.job';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// From prices as operators enter them (pesos, dollars and euros; with, without and of unknown
// IVA; per hour and, as a crawler may find them, per minute) to benchmarks in net USD per base
// unit, checked against figures computed here independently.

let t: TestApp;
let runner: WorkerRunner;
const vendors: string[] = [];

/** percentile_cont: linear interpolation between the two nearest ranks. */
function percentile(sorted: number[], p: number): number {
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

beforeAll(async () => {
  t = await createTestApp();
  const today = new Date().toISOString().slice(0, 10);
  const fx = await t.call('PUT', '/api/v1/fx-rates', {
    body: { effective_date: today, rates: { MXN: 20, EUR: 0.8 } },
  });
  expect(fx.statusCode).toBe(200);
  for (const name of ['Norte', 'Centro', 'Sur']) {
    const v = await t.call('POST', '/api/v1/vendors', {
      body: { name: `Taller ${name}`, city: 'CDMX', capabilities: ['fdm_printing', 'cnc_milling'] },
    });
    vendors.push(v.json().id);
  }
  runner = createWorkerRunner({
    db: t.db,
    pubsub: t.ctx.pubsub,
    definitions: [benchmarkCalculateJob],
    concurrency: 1,
    log: { info: () => undefined, error: () => undefined },
    pollMs: 50,
  });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const price = (vendor: number, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/prices', {
    token: t.users.operator.token,
    body: { vendor_id: vendors[vendor], ...body },
  });

describe('benchmarks from prices in several currencies, tax states and units', () => {
  it('compares like with like: net USD per base unit', async () => {
    const fdm = {
      category: 'additive_manufacturing',
      subcategory: 'FDM',
      service_name: 'Impresión FDM',
      unit: 'cm³',
    };
    const cnc = {
      category: 'cnc_machining',
      subcategory: 'Milling',
      service_name: 'Fresado CNC',
      unit: 'hour',
    };
    const created = [
      await price(0, { ...fdm, price: 40, currency: 'MXN', includes_tax: true }), // 40 / 1.16 / 20
      await price(1, { ...fdm, price: 3, currency: 'USD', includes_tax: false }), // 3
      await price(2, { ...fdm, price: 2, currency: 'EUR', includes_tax: false }), // 2 / 0.8
      await price(0, { ...fdm, service_name: 'FDM grande', price: 30, currency: 'MXN' }), // 30 / 20, tax unknown
      await price(0, { ...cnc, price: 600, currency: 'MXN' }), // 600 / 20 per hour
      await price(1, { ...cnc, price: 40, currency: 'USD', includes_tax: false }), // 40 per hour
    ];
    for (const r of created) expect(r.statusCode).toBe(201);

    // A crawler-found quote per minute, with IVA: 0.87 USD a minute = 52.2 gross = 45 net per hour.
    const e = await enrichObservation(t.db, {
      vendorId: vendors[2]!,
      trustScore: 0.5,
      price: '0.87',
      quantity: '1',
      unit: 'minuto',
      currency: 'USD',
      taxState: 'included',
      category: 'cnc_machining',
      fields: {},
      observedAt: new Date(),
    });
    expect(e).toMatchObject({ baseUnit: 'hour', priceNetUsd: '45.000000' });
    const offer = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, 'fresado|minute', 'Fresado') returning id`,
      [vendors[2]],
    );
    await t.db.query(
      `insert into price_observations (offer_id, vendor_id, origin, offer_name, category, subcategory, price, currency,
         unit, tax_state, region, base_unit, unit_factor, unit_factor_den, price_usd, price_net_usd, price_gross_usd)
       values ($1, $2, 'crawl', 'Fresado', 'cnc_machining', 'Milling', 0.87, 'USD', 'minute', 'included', 'CDMX',
               $3, $4, $5, $6, $7, $8)`,
      [
        offer.rows[0]!.id,
        vendors[2],
        e.baseUnit,
        e.unitFactor,
        e.unitFactorDen,
        e.priceUsd,
        e.priceNetUsd,
        e.priceGrossUsd,
      ],
    );

    const calc = await t.call('POST', '/api/v1/benchmarks/calculate', {
      body: { region: 'CDMX', time_window_days: 30, min_observations: 3 },
    });
    expect(calc.statusCode).toBe(202);
    await waitFor(async () => (await t.ctx.queue.get(calc.json().job_id))?.state === 'completed', {
      timeoutMs: 20_000,
      what: 'the calculation',
    });

    const list = (
      await t.call('GET', '/api/v1/benchmarks', { query: { region: 'CDMX', time_window: 30 } })
    ).json().data as Record<string, number | string>[];
    const expected = {
      'additive_manufacturing|cm3': [40 / 1.16 / 20, 3, 2 / 0.8, 30 / 20],
      'cnc_machining|hour': [600 / 20, 40, 45],
    };
    expect(list).toHaveLength(2);
    for (const [key, values] of Object.entries(expected)) {
      const [category, unit] = key.split('|');
      const b = list.find((x) => x.category === category)!;
      expect(b).toMatchObject({
        base_unit: unit,
        currency: 'USD',
        tax_basis: 'net',
        observation_count: values.length,
        vendor_count: 3,
      });
      const sorted = [...values].sort((x, y) => x - y);
      for (const [p, field] of [
        [0.1, 'price_p10'],
        [0.25, 'price_p25'],
        [0.5, 'price_p50'],
        [0.75, 'price_p75'],
        [0.9, 'price_p90'],
      ] as const) {
        expect(b[field] as number, `${key} ${field}`).toBeCloseTo(percentile(sorted, p), 5);
      }
      const mean = values.reduce((a, x) => a + x, 0) / values.length;
      expect(b.price_mean as number).toBeCloseTo(mean, 5);
    }
  });
});
