import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_IMPORT_MAX_BYTES } from '@preciofab/shared/contracts/prices';
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

type Body = string | Buffer | Readable;
const post = (body: Body, type: string, options: { token?: string | null; lang?: string } = {}) => {
  const token = options.token === undefined ? t.users.operator.token : options.token;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/prices/import',
    headers: {
      'content-type': type,
      'accept-language': options.lang ?? 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
};

const count = async (origin = 'import') =>
  (
    await t.db.query<{ n: number }>('select count(*)::int as n from price_observations where origin = $1', [
      origin,
    ])
  ).rows[0]!.n;

const stored = (name: string) =>
  t.db.query<Record<string, unknown>>(
    `select offer_name, price::text, currency, unit, tax_state, includes_shipping, technology, material, price_type,
            price_usd::text, region, origin, notes, minimum_order, created_by
       from price_observations where offer_name = $1 order by price`,
    [name],
  );

describe('POST /api/v1/prices/import', () => {
  it('stores a CSV (BOM, CRLF, quoted commas, quotes and line breaks) normalized like a price typed by hand', async () => {
    const csv =
      '\uFEFFvendor_id,service_name,category,subcategory,material,price,currency,unit,includes_tax,includes_shipping,notes,minimum_order\r\n' +
      `${vendorId},"Impresión FDM, PLA",additive_manufacturing,FDM,PLA,2.5,MXN,cm³,true,no,"Relleno ""20%""\r\ncapas 0,2 mm",10\r\n` +
      `${vendorId},"Impresión FDM, PLA",additive_manufacturing,FDM,PLA,3,MXN,cm3,false,sí,,\r\n` +
      `${otherVendorId},Corte láser acrílico,laser_cutting,CO2 Laser,Acrylic,950,USD,m²,,,,\r\n`;
    const before = (await t.call('GET', '/api/v1/stats/dashboard')).json();
    const res = await post(csv, 'text/csv; charset=utf-8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: 3, accepted: 3, rejected: 0, errors: [] });
    const fdm = await stored('Impresión FDM, PLA');
    expect(fdm.rows).toEqual([
      {
        offer_name: 'Impresión FDM, PLA',
        price: '2.5000',
        currency: 'MXN',
        unit: 'cm3',
        tax_state: 'included',
        includes_shipping: false,
        technology: 'fdm',
        material: 'pla',
        price_type: 'service_per_part',
        price_usd: '0.147059', // 2.5 / 17, as POST /api/v1/prices stores it
        region: 'CDMX',
        origin: 'import',
        notes: 'Relleno "20%"\r\ncapas 0,2 mm',
        minimum_order: 10,
        created_by: t.users.operator.id,
      },
      expect.objectContaining({
        price: '3.0000',
        tax_state: 'excluded',
        includes_shipping: true,
        notes: null,
      }),
    ]);
    // Both rows of the same service and unit share one offer.
    const offers = await t.db.query<{ n: number }>(
      "select count(distinct offer_id)::int as n from price_observations where offer_name = 'Impresión FDM, PLA'",
    );
    expect(offers.rows[0]!.n).toBe(1);
    expect((await stored('Corte láser acrílico')).rows[0]).toMatchObject({
      unit: 'm2',
      tax_state: 'unknown',
      technology: 'laser',
      material: 'acrylic',
      price_usd: '950.000000',
    });
    // The counts the dashboard reads follow, and the activity names the import.
    const after = (await t.call('GET', '/api/v1/stats/dashboard')).json();
    expect(after.total_price_observations).toBe(before.total_price_observations + 3);
    const activity = await t.db.query<{ details: Record<string, unknown> }>(
      "select details from activity_log where action = 'prices_imported' order by occurred_at desc limit 1",
    );
    expect(activity.rows[0]!.details).toEqual({ count: 3, rejected: 0 });
  });

  it('stores JSON lines sent in small chunks, and reports each rejected row with its row, line and reasons', async () => {
    const before = await count();
    const lines = [
      JSON.stringify({
        vendor_id: vendorId,
        service_name: 'Resina estándar',
        category: 'materials',
        price: 40,
        currency: 'USD',
        unit: 'liter',
      }),
      '',
      JSON.stringify({
        vendor_id: vendorId,
        service_name: '',
        category: 'materials',
        price: -1,
        unit: 'liter',
      }),
      '{"vendor_id": "not json',
      JSON.stringify({
        vendor_id: '0b9f3c1e-0000-4000-8000-000000000000',
        service_name: 'X',
        category: 'materials',
        price: 1,
        unit: 'kg',
      }),
      JSON.stringify({
        vendor_id: otherVendorId,
        service_name: 'Corte MDF',
        category: 'laser_cutting',
        price: 12,
        unit: 'minute',
        color: 'red',
      }),
      JSON.stringify({
        vendor_id: otherVendorId,
        service_name: 'Corte MDF',
        category: 'laser_cutting',
        price: 12,
        unit: 'minute',
      }),
    ].join('\n');
    const chunks = Buffer.from(lines)
      .toString('latin1')
      .match(/[\s\S]{1,7}/g)!
      .map((c) => Buffer.from(c, 'latin1'));
    const res = await post(Readable.from(chunks), 'application/x-ndjson', { lang: 'es' });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ rows: 6, accepted: 2, rejected: 4 });
    expect(report.errors).toEqual([
      {
        row: 2,
        line: 3,
        errors: [
          { field: 'service_name', message: 'El nombre del servicio es obligatorio', code: 'too_small' },
          { field: 'price', message: 'El precio debe ser mayor que 0', code: 'too_small' },
        ],
      },
      { row: 3, line: 4, errors: [{ field: 'row', message: 'Esta línea no es un objeto JSON' }] },
      { row: 4, line: 5, errors: [{ field: 'vendor_id', message: expect.stringMatching(/proveedor/i) }] },
      { row: 5, line: 6, errors: [expect.objectContaining({ field: 'color' })] },
    ]);
    expect(await count()).toBe(before + 2);
    expect((await stored('Resina estándar')).rows).toHaveLength(1);
  });

  it('reports CSV rows by number, in English, and stores only the valid ones', async () => {
    const before = await count();
    const csv =
      'vendor_id;service_name;category;price;unit\n' +
      `${vendorId};Fresado;cnc_machining;barato;hour\n` +
      `${vendorId};Fresado;cnc_machining;55,5;hour\n` +
      `${vendorId};Fresado;cnc_machining\n` +
      `${vendorId};Torneado;cnc_machining;40;hour`;
    const res = await post(csv, 'text/csv');
    expect(res.json()).toEqual({
      rows: 4,
      accepted: 2,
      rejected: 2,
      errors: [
        {
          row: 1,
          line: 2,
          errors: [{ field: 'price', message: 'Price must be greater than 0', code: 'invalid_type' }],
        },
        { row: 3, line: 4, errors: [{ field: 'row', message: 'Expected 5 columns, found 3' }] },
      ],
    });
    expect(await count()).toBe(before + 2);
    expect((await stored('Fresado')).rows.map((r) => r.price)).toEqual(['55.5000']);
  });

  it('refuses a header with unknown or missing columns, and an empty import, storing nothing', async () => {
    const before = await count();
    const bad = await post(
      `vendor_id,service_name,categoria,price,unit\n${vendorId},A,materials,1,kg\n`,
      'text/csv',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'categoria', message: 'Unknown field: categoria' },
      { field: 'category', message: 'The header has no category column' },
    ]);
    const empty = await post('\n\n', 'application/x-ndjson');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'body', message: 'The import holds no prices' }]);
    const json = await post('{}', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a body over the size limit without storing any of it', async () => {
    const before = await count();
    const row = `${JSON.stringify({ vendor_id: vendorId, service_name: 'Grande', category: 'materials', price: 1, unit: 'kg', notes: 'x'.repeat(1500) })}\n`;
    const body = row.repeat(Math.ceil(PRICE_IMPORT_MAX_BYTES / row.length) + 10);
    const res = await post(body, 'application/x-ndjson');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body', message: 'The import is too large: at most 32 MB' }]);
    expect(await count()).toBe(before);
  });

  it('needs a signed-in operator', async () => {
    const csv = `vendor_id,service_name,category,price,unit\n${vendorId},A,materials,1,kg\n`;
    expect((await post(csv, 'text/csv', { token: null })).statusCode).toBe(401);
    expect((await post(csv, 'text/csv', { token: t.users.viewer.token })).statusCode).toBe(403);
    expect((await post(csv, 'text/csv', { token: t.users.admin.token })).statusCode).toBe(200);
  });

  it('keeps CSV and JSON lines bodies to the import route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prices',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${t.users.operator.token}` },
      payload: 'vendor_id\nx\n',
    });
    expect(res.statusCode).toBe(400);
    expect(await count('manual')).toBe(0);
  });
});
