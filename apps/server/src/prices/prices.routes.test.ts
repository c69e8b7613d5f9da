import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let vendorId: string;
let otherVendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  const v = await t.call('POST', '/api/v1/vendors', {
    body: {
      name: 'Impresiones Roma',
      city: 'Ciudad de México',
      capabilities: ['fdm_printing'],
      trust_score: 0.9,
    },
  });
  vendorId = v.json().id;
  const w = await t.call('POST', '/api/v1/vendors', {
    body: { name: 'Láser Norte', city: 'Monterrey', capabilities: ['laser_cutting'], trust_score: 0.6 },
  });
  otherVendorId = w.json().id;
});
afterAll(() => t.close());

const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

const fdm = () => ({
  vendor_id: vendorId,
  service_name: '  Impresión FDM  PLA ',
  category: 'additive_manufacturing',
  subcategory: 'FDM',
  material: 'PLA',
  price: 2.5,
  currency: 'MXN',
  unit: 'cm³',
  minimum_order: 10,
  lead_time_days: 3,
  includes_tax: true,
  includes_shipping: false,
  notes: 'Relleno 20%',
  valid_until: future,
});

const errorsOf = (body: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('POST /api/v1/prices', () => {
  let firstId: string;

  it('records a price: normalized to USD per cm3, scored, with the offer and region', async () => {
    const res = await t.call('POST', '/api/v1/prices', { token: t.users.operator.token, body: fdm() });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      vendor_id: vendorId,
      vendor_name: 'Impresiones Roma',
      offer_name: 'Impresión FDM  PLA',
      price: 2.5,
      currency: 'MXN',
      unit: 'cm3',
      quantity: 1,
      price_type: 'service_per_part',
      includes_tax: true,
      tax_state: 'included',
      includes_shipping: false,
      url: null,
      category: 'additive_manufacturing',
      subcategory: 'FDM',
      technology: 'fdm',
      material: 'pla',
      price_usd: 0.147059, // 2.5 / 17 (the default rate)
      // source 0.9 × (0.7 + 0.3 × 1/20) = 0.6435, all 9 fields, no similar prices, seen today
      confidence_score: 0.9109,
    });
    expect(Date.now() - Date.parse(row.observed_at)).toBeLessThan(60_000);
    firstId = row.id;

    const stored = await t.db.query<Record<string, unknown>>(
      `select origin, region, base_unit, unit_factor::text, fx_rate::text, fx_date::text, price_net_usd::text,
              price_gross_usd::text, confidence_source::text, confidence_completeness::text,
              confidence_consistency::text, confidence_freshness::text, confidence_factors, minimum_order,
              lead_time_days, notes, valid_until::text, created_by
         from price_observations where id = $1`,
      [firstId],
    );
    expect(stored.rows[0]).toEqual({
      origin: 'manual',
      region: 'CDMX',
      base_unit: 'cm3',
      unit_factor: '1.00000000',
      fx_rate: '17.00000000',
      fx_date: '2000-01-01',
      price_net_usd: '0.126775', // 2.5 / (17 × 1.16)
      price_gross_usd: '0.147059',
      confidence_source: '0.6435',
      confidence_completeness: '1.0000',
      confidence_consistency: '1.0000',
      confidence_freshness: '1.0000',
      confidence_factors: {
        vendor_observations: 1,
        required_fields: 9,
        present_fields: 9,
        similar_observations: 0,
        price_deviation: null,
        age_days: 0,
      },
      minimum_order: 10,
      lead_time_days: 3,
      notes: 'Relleno 20%',
      valid_until: future,
      created_by: t.users.operator.id,
    });
  });

  it('reuses the offer for the same service and unit, and compares with similar prices', async () => {
    const res = await t.call('POST', '/api/v1/prices', {
      body: { ...fdm(), service_name: 'impresión fdm pla', price: 3, includes_tax: false, unit: 'cm3' },
    });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row.tax_state).toBe('excluded');
    expect(row.includes_tax).toBe(false);
    const first = (await t.call('GET', `/api/v1/prices/${firstId}/history`)).json();
    expect(row.offer_id).toBe(first.offer.id);
    const f = await t.db.query<{ confidence_factors: Record<string, unknown> }>(
      'select confidence_factors from price_observations where id = $1',
      [row.id],
    );
    // net 3/17 = 0.176471 vs the median 0.126775: 39.2% off
    expect(f.rows[0]!.confidence_factors).toMatchObject({
      vendor_observations: 2,
      similar_observations: 1,
      price_deviation: 39.2,
    });
  });

  it('keeps the tax state unknown when includes_tax is absent, and takes the laser units', async () => {
    const res = await t.call('POST', '/api/v1/prices', {
      body: {
        vendor_id: otherVendorId,
        service_name: 'Corte láser acrílico 3 mm',
        category: 'laser_cutting',
        subcategory: 'CO2 Laser',
        material: 'Acrylic',
        price: 950,
        currency: 'USD',
        unit: 'm²',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      unit: 'm2',
      tax_state: 'unknown',
      includes_tax: null,
      technology: 'laser',
      material: 'acrylic',
      price_usd: 950,
      currency: 'USD',
    });
  });

  it('answers each spec §5 message as a field error, in the requested language', async () => {
    const res = await t.call('POST', '/api/v1/prices', {
      body: { service_name: '   ', category: 'additive_manufacturing', price: 0, unit: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json())).toEqual({
      vendor_id: 'Please select a vendor',
      service_name: 'Service name is required',
      price: 'Price must be greater than 0',
      unit: 'Please select a unit',
    });
    const more = await t.call('POST', '/api/v1/prices', {
      body: {
        ...fdm(),
        vendor_id: '',
        price: -5,
        minimum_order: -1,
        lead_time_days: 1.5,
        valid_until: yesterday,
      },
    });
    expect(errorsOf(more.json())).toEqual({
      vendor_id: 'Please select a vendor',
      price: 'Price must be greater than 0',
      minimum_order: 'Enter a whole number of 0 or more',
      lead_time_days: 'Enter a whole number of 0 or more',
      valid_until: 'The valid-until date cannot be before today',
    });
    const es = await t.call('POST', '/api/v1/prices', { lang: 'es', body: { ...fdm(), service_name: '' } });
    expect(es.json().errors).toEqual([
      { field: 'service_name', message: 'El nombre del servicio es obligatorio', code: 'too_small' },
    ]);
  });

  it('accepts today as valid-until, and no valid-until at all', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await t.call('POST', '/api/v1/prices', { body: { ...fdm(), valid_until: today } })).statusCode,
    ).toBe(201);
    expect((await t.call('POST', '/api/v1/prices', { body: { ...fdm(), valid_until: '' } })).statusCode).toBe(
      201,
    );
  });

  it('refuses a unit outside the category and a vendor that does not exist', async () => {
    const unit = await t.call('POST', '/api/v1/prices', { body: { ...fdm(), unit: 'kg' } });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().errors).toEqual([
      { field: 'unit', message: 'Choose one of: cm3, hour, piece', code: 'invalid_value' },
    ]);
    const vendor = await t.call('POST', '/api/v1/prices', {
      body: { ...fdm(), vendor_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(vendor.statusCode).toBe(400);
    expect(vendor.json().errors).toEqual([{ field: 'vendor_id', message: 'Vendor not found' }]);
  });

  it('answers 400 for a malformed vendor id, a bad currency and an unknown field', async () => {
    const bad = await t.call('POST', '/api/v1/prices', { body: { ...fdm(), vendor_id: 'v-1' } });
    expect(errorsOf(bad.json())).toEqual({ vendor_id: 'Invalid identifier' });
    const date = await t.call('POST', '/api/v1/prices', { body: { ...fdm(), valid_until: 'next week' } });
    expect(date.statusCode).toBe(400);
    expect(errorsOf(date.json())).toHaveProperty('valid_until');
    // Any active ISO 4217 code is taken; an unknown, withdrawn or lower-case one is a 400 on currency.
    for (const code of ['XYZ', 'HRK', 'mxn', 'US$']) {
      const currency = await t.call('POST', '/api/v1/prices', { body: { ...fdm(), currency: code } });
      expect(currency.statusCode).toBe(400);
      expect(errorsOf(currency.json())).toEqual({
        currency: 'Choose a valid currency: an upper-case ISO 4217 code such as MXN or USD',
      });
    }
    const unknown = await t.call('POST', '/api/v1/prices', { body: { ...fdm(), colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual({
      field: 'colour',
      message: 'Unknown field: colour',
      code: 'unrecognized_keys',
    });
  });

  it('needs a token, and forbids viewers to record prices', async () => {
    expect((await t.call('POST', '/api/v1/prices', { token: null, body: fdm() })).statusCode).toBe(401);
    const res = await t.call('POST', '/api/v1/prices', { token: t.users.viewer.token, body: fdm() });
    expect(res.statusCode).toBe(403);
  });

  it('writes price_created to the activity log', async () => {
    const r = await t.db.query<{ n: number }>(
      "select count(*)::int as n from activity_log where action = 'price_created' and entity_type = 'price_observation'",
    );
    const prices = await t.db.query<{ n: number }>('select count(*)::int as n from price_observations');
    expect(r.rows[0]!.n).toBe(prices.rows[0]!.n);
    expect(r.rows[0]!.n).toBeGreaterThanOrEqual(5);
  });

  it('queues one automatic benchmark refresh for all the prices recorded while it waits', async () => {
    const jobs = await t.db.query<{ state: string; payload: { trigger: string; time_windows: number[] } }>(
      "select state, payload from jobs where name = 'benchmark.calculate'",
    );
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0]).toMatchObject({
      state: 'queued',
      payload: { trigger: 'prices_changed', time_windows: [30, 90, 180, 365] },
    });
  });
});

describe('GET /api/v1/prices', () => {
  it('lists newest first with the total', async () => {
    const res = await t.call('GET', '/api/v1/prices', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 5, limit: 100, offset: 0 });
    const times = body.data.map((r: { observed_at: string }) => r.observed_at);
    expect([...times].sort().reverse()).toEqual(times);
    const page = (await t.call('GET', '/api/v1/prices', { query: { limit: 2, offset: 1 } })).json();
    expect(page.data.map((r: { id: string }) => r.id)).toEqual(
      body.data.slice(1, 3).map((r: { id: string }) => r.id),
    );
    expect(page.total).toBe(5);
  });

  it('searches vendor and offer names, case-insensitively, with wildcards as text', async () => {
    const byVendor = (await t.call('GET', '/api/v1/prices', { query: { search: 'NORTE' } })).json();
    expect(byVendor.data.map((r: { vendor_name: string }) => r.vendor_name)).toEqual(['Láser Norte']);
    const byOffer = (await t.call('GET', '/api/v1/prices', { query: { search: 'fdm' } })).json();
    expect(byOffer.total).toBe(4);
    expect((await t.call('GET', '/api/v1/prices', { query: { search: '%' } })).json().total).toBe(0);
    expect((await t.call('GET', '/api/v1/prices', { query: { search: 'Relleno_20' } })).json().total).toBe(0);
  });

  it('filters by currency, vendor, category and price type', async () => {
    const q = async (query: Record<string, string>) =>
      (await t.call('GET', '/api/v1/prices', { query })).json();
    expect((await q({ currency: 'USD' })).total).toBe(1);
    expect((await q({ currency: 'MXN' })).total).toBe(4);
    expect((await q({ vendor_id: otherVendorId })).total).toBe(1);
    expect((await q({ category: 'laser_cutting' })).data[0].unit).toBe('m2');
    expect((await q({ price_type: 'service_per_part' })).total).toBe(5);
    expect((await q({ price_type: 'purchase' })).total).toBe(0);
  });

  it('answers 400 for bad query values and 401 without a token', async () => {
    const bad: Record<string, string | number>[] = [
      { limit: 501 },
      { limit: 0 },
      { currency: 'XYZ' },
      { sort: 'price' },
      { vendor_id: 'x' },
      { colour: 'red' },
    ];
    for (const query of bad) {
      expect((await t.call('GET', '/api/v1/prices', { query })).statusCode).toBe(400);
    }
    expect((await t.call('GET', '/api/v1/prices', { token: null })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/prices/:id/history', () => {
  it('returns the offer and its observations oldest first', async () => {
    const list = (await t.call('GET', '/api/v1/prices', { query: { search: 'fdm' } })).json();
    const newest = list.data[0];
    const res = await t.call('GET', `/api/v1/prices/${newest.id}/history`, { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.offer).toMatchObject({
      id: newest.offer_id,
      vendor_id: vendorId,
      vendor_name: 'Impresiones Roma',
      name: 'Impresión FDM  PLA',
      unit: 'cm3',
    });
    expect(body.data).toHaveLength(4);
    expect(body.data.map((r: { price: number }) => r.price)).toEqual([2.5, 3, 2.5, 2.5]);
    expect(body.data[0]).toMatchObject({ currency: 'MXN', unit: 'cm3', price_usd: 0.147059 });
    expect(body.data.at(-1).id).toBe(newest.id);
    expect(Date.parse(body.offer.last_seen_at)).toBeGreaterThanOrEqual(
      Date.parse(body.data.at(-1).observed_at),
    );
  });

  it('answers 404 for an unknown observation and 400 for a malformed id', async () => {
    const res = await t.call('GET', '/api/v1/prices/00000000-0000-4000-8000-000000000000/history');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Price observation not found');
    expect((await t.call('GET', '/api/v1/prices/nope/history')).statusCode).toBe(400);
    expect(
      (await t.call('GET', '/api/v1/prices/00000000-0000-4000-8000-000000000000/history', { token: null }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/prices, many at once', () => {
  it('writes prices posted together in shared transactions, each answered as if posted alone', async () => {
    const before = await t.db.query<{ n: number; vendor: number }>(
      `select count(*)::int as n, count(*) filter (where vendor_id = $1)::int as vendor
         from price_observations`,
      [otherVendorId],
    );
    const transactions = vi.spyOn(t.db, 'transaction');
    const bodies = [
      // 12 prices of one new offer, 12 of twelve new offers, and one of a vendor that does not exist.
      ...Array.from({ length: 12 }, (_, i) => ({ ...fdm(), service_name: 'Corte en lote', price: 10 + i })),
      ...Array.from({ length: 12 }, (_, i) => ({
        ...fdm(),
        vendor_id: otherVendorId,
        service_name: `Pieza ${i}`,
        price: 20 + i,
      })),
      { ...fdm(), vendor_id: '00000000-0000-4000-8000-000000000001' },
    ];
    const answers = await Promise.all(bodies.map((body) => t.call('POST', '/api/v1/prices', { body })));
    const written = transactions.mock.calls.length;
    transactions.mockRestore();
    // Fewer transactions than prices: they were grouped.
    expect(written).toBeLessThan(bodies.length);
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(24).fill(201), 400]);
    expect(answers[24]!.json().errors).toEqual([{ field: 'vendor_id', message: 'Vendor not found' }]);

    const rows = answers.slice(0, 24).map((a) => a.json());
    // Each answer is its own price, stored once, with its own id.
    expect(new Set(rows.map((r) => r.id)).size).toBe(24);
    expect(rows.map((r) => r.price)).toEqual(bodies.slice(0, 24).map((b) => b.price));
    const stored = await t.db.query<{ id: string; price: string; offer_id: string }>(
      'select id, price::text, offer_id from price_observations where id = any($1::uuid[])',
      [rows.map((r) => r.id)],
    );
    expect(stored.rows).toHaveLength(24);
    for (const r of rows) {
      const row = stored.rows.find((s) => s.id === r.id)!;
      expect(Number(row.price)).toBe(r.price);
      expect(row.offer_id).toBe(r.offer_id);
    }
    // One offer for the twelve prices of one service, twelve for the others.
    expect(new Set(rows.slice(0, 12).map((r) => r.offer_id)).size).toBe(1);
    expect(new Set(rows.slice(12).map((r) => r.offer_id)).size).toBe(12);
    const offer = (await t.call('GET', `/api/v1/prices/${rows[0]!.id}/history`)).json();
    expect(offer.data).toHaveLength(12);
    expect(new Date(offer.offer.first_seen_at).getTime()).toBeLessThanOrEqual(
      Math.min(...offer.data.map((d: { observed_at: string }) => new Date(d.observed_at).getTime())),
    );
    // The vendor's count went up by one per price, as if they came one after another.
    const factors = await t.db.query<{ n: number }>(
      `select (confidence_factors->>'vendor_observations')::int as n from price_observations
        where vendor_id = $1 and id = any($2::uuid[]) order by 1`,
      [otherVendorId, rows.slice(12).map((r) => r.id)],
    );
    expect(factors.rows.map((f) => f.n)).toEqual(
      Array.from({ length: 12 }, (_, i) => before.rows[0]!.vendor + 1 + i),
    );
    // Each stored price has its activity entry, naming it.
    const activity = await t.db.query<{ entity_id: string }>(
      `select entity_id from activity_log where action = 'price_created' and entity_id = any($1::text[])`,
      [rows.map((r) => r.id)],
    );
    expect(activity.rows.map((a) => a.entity_id).sort()).toEqual(rows.map((r) => r.id).sort());
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from price_observations');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 24);
  });
});
