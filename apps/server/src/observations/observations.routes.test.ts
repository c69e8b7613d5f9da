import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let roma: string;
let norte: string;
const ids: Record<string, string> = {};

type Row = { id: string; vendor_name: string; price: number; price_usd: number | null; observed_at: string };

async function price(key: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/v1/prices', { body });
  expect(res.statusCode).toBe(201);
  ids[key] = res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  roma = (
    await t.call('POST', '/api/v1/vendors', {
      body: {
        name: 'Impresiones Roma',
        type: 'bureau',
        website: 'https://roma.example.mx',
        city: 'Ciudad de México',
        capabilities: ['fdm_printing'],
        trust_score: 0.9,
      },
    })
  ).json().id;
  norte = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Láser Norte', type: 'manufacturer', city: 'Monterrey', capabilities: ['laser_cutting'] },
    })
  ).json().id;
  const am = { category: 'additive_manufacturing', currency: 'MXN', unit: 'cm3' };
  await price('fdm', {
    ...am,
    vendor_id: roma,
    service_name: 'FDM PLA',
    subcategory: 'FDM',
    material: 'PLA',
    price: 2.5,
  });
  await price('sla', {
    ...am,
    vendor_id: roma,
    service_name: 'SLA resina',
    subcategory: 'SLA',
    material: 'Resin',
    price: 8,
  });
  await price('fdm2', {
    ...am,
    vendor_id: norte,
    service_name: 'FDM 50%_off',
    subcategory: 'FDM',
    price: 3.4,
  });
  await price('laser', {
    vendor_id: norte,
    service_name: 'Corte acrílico',
    category: 'laser_cutting',
    subcategory: 'CO2 Laser',
    price: 120,
    currency: 'USD',
    unit: 'm2',
    includes_tax: true,
  });
  // A crawled observation with evidence, as the crawler will store it.
  await t.db.query(
    `update price_observations set screenshot_path = 'evidence/a.png', html_snapshot_path = 'evidence/a.html',
            source_url = 'https://roma.example.mx/precios', captured_at = '2025-03-01T10:00:00Z', volume_cm3 = 12.5,
            extraction_selectors = '{"price": ".precio", "offer_name": "h2.titulo"}',
            extraction_confidence = '{"price": 0.97, "offer_name": 0.8}',
            metadata = metadata || '{"currency_evidence": {"basis": "domain", "mark": "$", "detail": "roma.example.mx"}}'
      where id = $1`,
    [ids.sla],
  );
});
afterAll(() => t.close());

describe('GET /api/v1/observations/:id', () => {
  it('returns the observation with evidence, vendor, normalization and confidence breakdown', async () => {
    const res = await t.call('GET', `/api/v1/observations/${ids.sla}`, { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toEqual({
      id: ids.sla,
      vendor_id: roma,
      offer_id: expect.any(String),
      vendor_name: 'Impresiones Roma',
      offer_name: 'SLA resina',
      price: 8,
      currency: 'MXN',
      unit: 'cm3',
      quantity: 1,
      category: 'additive_manufacturing',
      subcategory: 'SLA',
      price_type: 'service_per_part',
      tax_state: 'unknown',
      confidence_score: expect.any(Number),
      observed_at: expect.any(String),
      metadata: { technology: 'sla', material: 'resin', volume_cm3: 12.5 },
      source: {
        screenshot_url: `/api/v1/observations/${ids.sla}/screenshot`,
        screenshot_missing: null,
        html_snapshot_url: `/api/v1/observations/${ids.sla}/snapshot`,
        source_url: 'https://roma.example.mx/precios',
        crawl_run_id: null,
        captured_at: '2025-03-01T10:00:00.000Z',
        extraction_selectors: { price: '.precio', offer_name: 'h2.titulo' },
        extraction_confidence: { price: 0.97, offer_name: 0.8 },
        currency_evidence: { basis: 'domain', mark: '$', detail: 'roma.example.mx' },
      },
      vendor: {
        name: 'Impresiones Roma',
        type: 'bureau',
        confidence_score: 0.9,
        url: 'https://roma.example.mx',
      },
      normalized: {
        base_unit: 'cm3',
        price_usd: 0.470588, // 8 / 17
        price_net_usd: 0.470588,
        price_gross_usd: 0.545882,
        fx_rate: 17,
        fx_date: '2000-01-01',
        tax_rate: 0.16,
        usd_status: 'converted',
      },
      confidence: {
        // 0.9 × (0.7 + 0.3 × 2/20)
        source_reliability: { score: 0.657, factors: { vendor_observations: 2 } },
        data_completeness: { score: 1, factors: { required_fields: 9, present_fields: 9 } },
        // net 0.470588 against the one earlier cm3 price, 0.147059: 220% off → 1 / (1 + 4.4)
        price_consistency: { score: 0.1852, factors: { similar_observations: 1, price_deviation: 220 } },
        temporal_relevance: { score: 1, factors: { age_days: 0 } },
      },
    });
    // 25 × 0.657 + 30 × 1 + 25 × 0.1852 + 20 × 1 = 71.055 %, rounded half up
    expect(o.confidence_score).toBe(0.7106);
  });

  it('has no evidence links for a manual price', async () => {
    const o = (await t.call('GET', `/api/v1/observations/${ids.fdm}`)).json();
    expect(o.source).toMatchObject({
      screenshot_url: null,
      screenshot_missing: 'entered_by_hand',
      html_snapshot_url: null,
      source_url: null,
      currency_evidence: null,
    });
    expect(o.confidence.price_consistency.factors).toEqual({
      similar_observations: 0,
      price_deviation: null,
    });
  });

  it('says why an observation has no screenshot, from how it was stored', async () => {
    const reason = async (set: string) => {
      await t.db.query(`update price_observations set ${set} where id = $1`, [ids.fdm2]);
      return (await t.call('GET', `/api/v1/observations/${ids.fdm2}`)).json().source.screenshot_missing;
    };
    const crawled = `origin = 'crawl', html_snapshot_path = 'evidence/b.html'`;
    const skipped = (why: string) => `${crawled}, metadata = metadata || '{"screenshot_skipped": "${why}"}'`;
    expect(await reason(`origin = 'demo'`)).toBe('demo_data');
    expect(await reason(`origin = 'import'`)).toBe('imported');
    expect(await reason(skipped('no_browser'))).toBe('no_browser');
    expect(await reason(skipped('capture_failed'))).toBe('capture_failed');
    expect(await reason(skipped('json_document'))).toBe('json_document');
    // Crawled before the crawler recorded why: a snapshot but no reason; before it kept evidence: neither.
    expect(await reason(`${crawled}, metadata = metadata - 'screenshot_skipped'`)).toBe('not_recorded');
    expect(await reason(`html_snapshot_path = null`)).toBe('evidence_not_kept');
    expect(await reason(`screenshot_path = 'evidence/b.png'`)).toBeNull();
    await reason(`origin = 'manual', screenshot_path = null`);
  });

  it('answers 404, 400 and 401', async () => {
    const missing = await t.call('GET', '/api/v1/observations/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Price observation not found');
    expect((await t.call('GET', '/api/v1/observations/abc')).statusCode).toBe(400);
    expect((await t.call('GET', `/api/v1/observations/${ids.fdm}`, { token: null })).statusCode).toBe(401);
  });
});

const search = (body: unknown, token: string | null = t.users.viewer.token) =>
  t.call('POST', '/api/v1/observations/search', { token, body });

describe('POST /api/v1/observations/search', () => {
  it('lets a viewer search; defaults to newest first, 50 a page, with the vendor type', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.aggregations).toEqual({});
    // The explorer's volume measure comes with each row.
    expect(body.data.find((r: Row) => r.id === ids.sla).volume_cm3).toBe(12.5);
    const times = body.data.map((r: Row) => r.observed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data.find((r: Row) => r.id === ids.laser)).toMatchObject({
      vendor_type: 'manufacturer',
      includes_tax: true,
      price_usd: 120,
      currency: 'USD',
      technology: 'laser',
      volume_cm3: null,
    });
  });

  it('filters with each operator', async () => {
    const q = async (filters: unknown[]) => {
      const res = await search({ filters });
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.map((r: Row) => r.id)
        .sort();
    };
    const sorted = (...k: string[]) => k.map((x) => ids[x]).sort();
    expect(await q([{ field: 'technology', operator: 'eq', value: 'FDM' }])).toEqual(sorted('fdm', 'fdm2'));
    expect(await q([{ field: 'technology', operator: 'neq', value: 'fdm' }])).toEqual(sorted('sla', 'laser'));
    expect(await q([{ field: 'currency', operator: 'in', value: ['USD'] }])).toEqual(sorted('laser'));
    expect(await q([{ field: 'vendor', operator: 'contains', value: 'ROMA' }])).toEqual(sorted('fdm', 'sla'));
    expect(await q([{ field: 'offer_name', operator: 'contains', value: '50%_' }])).toEqual(sorted('fdm2'));
    expect(await q([{ field: 'offer_name', operator: 'contains', value: '%' }])).toEqual(sorted('fdm2'));
    expect(await q([{ field: 'price', operator: 'between', value: [2, 4] }])).toEqual(sorted('fdm', 'fdm2'));
    expect(await q([{ field: 'price_usd', operator: 'gt', value: 100 }])).toEqual(sorted('laser'));
    expect(await q([{ field: 'material', operator: 'in', value: ['PLA', 'resin'] }])).toEqual(
      sorted('fdm', 'sla'),
    );
    expect(await q([{ field: 'vendor_id', operator: 'eq', value: norte }])).toEqual(sorted('fdm2', 'laser'));
    expect(await q([{ field: 'vendor_id', operator: 'in', value: [roma] }])).toEqual(sorted('fdm', 'sla'));
    expect(await q([{ field: 'price', operator: 'in', value: [2.5, '8'] }])).toEqual(sorted('fdm', 'sla'));
    expect(await q([{ field: 'subcategory', operator: 'neq', value: 'fdm' }])).toEqual(
      sorted('sla', 'laser'),
    );
    expect(await q([{ field: 'region', operator: 'eq', value: 'CDMX' }])).toEqual(sorted('fdm', 'sla'));
    expect(await q([{ field: 'tax_state', operator: 'eq', value: 'included' }])).toEqual(sorted('laser'));
    expect(await q([{ field: 'volume_cm3', operator: 'gte', value: 10 }])).toEqual(sorted('sla'));
    expect(await q([{ field: 'observed_at', operator: 'lt', value: '2000-01-01' }])).toEqual([]);
    expect(await q([{ field: 'observed_at', operator: 'gte', value: '2000-01-01T00:00:00Z' }])).toHaveLength(
      4,
    );
    expect(
      await q([
        { field: 'category', operator: 'eq', value: 'additive_manufacturing' },
        { field: 'confidence', operator: 'lt', value: 0.8 },
      ]),
    ).toEqual(sorted('sla', 'fdm2'));
  });

  it('sorts on the server, with pages', async () => {
    const asc = (await search({ sort: { field: 'price', order: 'asc' } }))
      .json()
      .data.map((r: Row) => r.price);
    expect(asc).toEqual([2.5, 3.4, 8, 120]);
    const multi = await search({
      sort: [
        { field: 'vendor', order: 'desc' },
        { field: 'price_usd', order: 'asc' },
      ],
      offset: 1,
      limit: 2,
    });
    // Láser Norte (fdm2 0.2 USD, laser 120 USD), then Impresiones Roma (fdm 0.147, sla 0.47)
    expect(multi.json().data.map((r: Row) => r.id)).toEqual([ids.laser, ids.fdm]);
    expect(multi.json().total).toBe(4);
  });

  it('aggregates over the whole filtered set, not the page', async () => {
    const res = await search({
      filters: [{ field: 'category', operator: 'eq', value: 'additive_manufacturing' }],
      limit: 1,
      aggregations: [
        { field: 'price', type: 'avg', alias: 'avg_price' },
        { field: 'price', type: 'sum', alias: 'sum_price' },
        { field: 'vendor', type: 'count', alias: 'count_vendor' },
        { field: 'volume_cm3', type: 'avg', alias: 'avg_volume_cm3' },
      ],
    });
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.total).toBe(3);
    expect(body.aggregations).toEqual({
      avg_price: { value: expect.closeTo(4.633333, 5) },
      sum_price: { value: 13.9 },
      count_vendor: { value: 3 },
      avg_volume_cm3: { value: 12.5 },
    });
    const none = await search({
      filters: [{ field: 'currency', operator: 'eq', value: 'EUR' }],
      aggregations: [{ field: 'price_usd', type: 'avg', alias: 'avg_price_usd' }],
    });
    expect(none.json()).toEqual({ data: [], total: 0, aggregations: { avg_price_usd: { value: null } } });
  });

  it('refuses a hostile field, naming it, and leaves the tables alone', async () => {
    const res = await search({ filters: [{ field: 'price; drop table vendors', operator: 'eq', value: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'filters.0.field', message: 'Unknown filter field: price; drop table vendors' },
    ]);
    const value = await search({
      filters: [{ field: 'vendor', operator: 'eq', value: "x'; drop table vendors; --" }],
    });
    expect(value.statusCode).toBe(200);
    expect(value.json().total).toBe(0);
    expect((await t.db.query('select count(*)::int as n from vendors')).rows[0]).toEqual({ n: 2 });
  });

  it('names each invalid part of a request in the requested language', async () => {
    const res = await search({
      filters: [
        { field: 'technology', operator: 'like', value: 'fdm' },
        { field: 'price', operator: 'contains', value: '2' },
        { field: 'price', operator: 'gt', value: 'cheap' },
      ],
      sort: { field: 'colour', order: 'asc' },
      aggregations: [
        { field: 'price', type: 'median', alias: 'median_price' },
        { field: 'nothing', type: 'avg', alias: 'avg_nothing' },
        { field: 'price', type: 'avg', alias: 'average' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'filters.0.operator', message: 'Unknown operator: like' },
      { field: 'filters.1.operator', message: 'Operator contains cannot be used on price' },
      { field: 'filters.2.value', message: 'Invalid value for price' },
      { field: 'sort.field', message: 'Unknown sort field: colour' },
      { field: 'aggregations.0.type', message: 'Unknown aggregation type: median' },
      { field: 'aggregations.1.field', message: 'Unknown aggregation field: nothing' },
      { field: 'aggregations.2.alias', message: 'The alias must be avg_price' },
    ]);
    const es = await t.call('POST', '/api/v1/observations/search', {
      lang: 'es',
      body: { filters: [{ field: 'colour', operator: 'eq', value: 1 }] },
    });
    expect(es.json().errors[0].field).toBe('filters.0.field');
    expect(es.json().errors[0].message).toContain('colour');
    expect(es.json().errors[0].message).not.toBe('Unknown filter field: colour');
  });

  it('answers 400 for a bad structure and 401 without a token', async () => {
    for (const body of [
      { limit: 501 },
      { limit: 0 },
      { offset: -1 },
      { colour: 1 },
      { sort: { field: 'price', order: 'up' } },
    ]) {
      expect((await search(body)).statusCode).toBe(400);
    }
    expect((await search({ filters: [{ field: 'price', operator: 'eq' }] })).json().errors).toEqual([
      { field: 'filters.0.value', message: 'This field is required', code: 'invalid_type' },
    ]);
    expect((await search({}, null)).statusCode).toBe(401);
  });
});
