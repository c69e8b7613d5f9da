import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { VENDOR_IMPORT_MAX, VENDOR_IMPORT_MAX_BYTES } from '@preciofab/shared/contracts/vendors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  name: '  Impresiones Roma  ',
  type: 'bureau',
  website: 'https://www.impresiones-roma.example.mx/precios',
  city: 'Ciudad de México',
  capabilities: ['fdm_printing', 'sla_printing'],
  contact_email: 'ventas@impresiones-roma.example.mx',
};

describe('vendors', () => {
  let id: string;

  it('creates a vendor, trimming the name and deriving country code and region', async () => {
    const res = await t.call('POST', '/api/v1/vendors', { token: t.users.operator.token, body: valid });
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      name: 'Impresiones Roma',
      // No country given: Mexico's, named in the product's language (readers see it in theirs).
      country: 'México',
      country_code: 'MX',
      region: 'CDMX',
      capabilities: ['fdm_printing', 'sla_printing'],
      price_count: 0,
    });
    id = v.id;
  });

  it('lists, searches and filters by type', async () => {
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Láser Norte', type: 'manufacturer', city: 'Monterrey', capabilities: ['laser_cutting'] },
    });
    const all = (await t.call('GET', '/api/v1/vendors', { query: { limit: 100 } })).json();
    expect(all.total).toBe(2);
    const search = (await t.call('GET', '/api/v1/vendors', { query: { search: 'roma' } })).json();
    expect(search.data.map((v: { name: string }) => v.name)).toEqual(['Impresiones Roma']);
    const typed = (await t.call('GET', '/api/v1/vendors', { query: { vendor_type: 'manufacturer' } })).json();
    expect(typed.data).toHaveLength(1);
    expect(typed.data[0].region).toBe('Mexico');
  });

  it("names a vendor's country after its code when only the code is given, and keeps a name given", async () => {
    const coded = await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Bogotá', city: 'Bogotá', country_code: 'co', capabilities: ['cnc_milling'] },
    });
    expect(coded.json()).toMatchObject({ country: 'Colombia', country_code: 'CO', region: 'LATAM' });
    const named = await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Lima', country: 'Perú', capabilities: ['cnc_milling'] },
    });
    expect(named.json()).toMatchObject({ country: 'Perú', country_code: 'PE' });
    // A new code without a name renames the country after it.
    const moved = await t.call('PATCH', `/api/v1/vendors/${named.json().id}`, {
      body: { country_code: 'US' },
    });
    expect(moved.json()).toMatchObject({ country: 'Estados Unidos', country_code: 'US', region: 'Global' });
    for (const v of [coded, named]) await t.call('DELETE', `/api/v1/vendors/${v.json().id}`);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const res = (await t.call('GET', '/api/v1/vendors', { query: { search: '%' } })).json();
    expect(res.total).toBe(0);
  });

  it('gets, patches and deletes', async () => {
    expect((await t.call('GET', `/api/v1/vendors/${id}`)).json().name).toBe('Impresiones Roma');
    const patched = await t.call('PATCH', `/api/v1/vendors/${id}`, {
      body: { trust_score: 0.91, city: 'Puebla' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      trust_score: 0.91,
      city: 'Puebla',
      region: 'Mexico',
      name: 'Impresiones Roma',
    });
    const del = await t.call('DELETE', `/api/v1/vendors/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/vendors/${id}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/v1/vendors/${id}`)).statusCode).toBe(404);
  });

  it('answers each spec §5 message as a field error, in the requested language', async () => {
    const res = await t.call('POST', '/api/v1/vendors', {
      body: { name: '   ', website: 'not a url', contact_email: 'a b@c.mx', capabilities: [] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    const byField = Object.fromEntries(
      body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      name: 'Vendor name is required',
      website: 'Please enter a valid URL',
      contact_email: 'Please enter a valid email address',
      capabilities: 'Select at least one capability',
    });
    expect(body.detail).toBe('The request is not valid');
    const es = await t.call('POST', '/api/v1/vendors', {
      lang: 'es',
      body: { name: '', capabilities: ['fdm_printing'] },
    });
    expect(es.json().errors[0]).toMatchObject({
      field: 'name',
      message: 'El nombre del proveedor es obligatorio',
    });
  });

  it('rejects unknown fields, naming them', async () => {
    const res = await t.call('POST', '/api/v1/vendors', { body: { ...valid, website: null, colour: 'red' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'colour',
      message: 'Unknown field: colour',
      code: 'unrecognized_keys',
    });
  });

  it('answers 409 for a second vendor with the same website', async () => {
    const body = { ...valid, name: 'Copia', website: 'https://impresiones-roma.example.mx/otra' };
    expect((await t.call('POST', '/api/v1/vendors', { body: valid })).statusCode).toBe(201);
    const dup = await t.call('POST', '/api/v1/vendors', { body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('A vendor with this website already exists');
  });

  it('needs a token, and forbids viewers to write', async () => {
    expect((await t.call('GET', '/api/v1/vendors', { token: null })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/vendors', { token: 'forged' })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/vendors', { token: t.users.viewer.token })).statusCode).toBe(200);
    const res = await t.call('POST', '/api/v1/vendors', { token: t.users.viewer.token, body: valid });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe("Access denied. You don't have permission for this action.");
  });

  it('answers 400 for a malformed id and for bad query values', async () => {
    expect((await t.call('GET', '/api/v1/vendors/not-a-uuid')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/vendors', { query: { vendor_type: 'wizard' } })).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', '/api/v1/vendors', { query: { limit: 0 } })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/vendors', { query: { unknown: 1 } })).statusCode).toBe(400);
  });

  it("counts each vendor's observations as they are added and removed (trigger-kept)", async () => {
    const v = (
      await t.call('POST', '/api/v1/vendors', { body: { name: 'Contador', capabilities: ['cnc_milling'] } })
    ).json();
    const offer = async (key: string) =>
      (
        await t.db.query<{ id: string }>(
          `insert into offers (vendor_id, offer_key, name) values ($1, $2, $2) returning id`,
          [v.id, key],
        )
      ).rows[0]!.id;
    const a = await offer('a');
    const b = await offer('b');
    await t.db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit)
       select o, $3, 'x', 'cnc_machining', 10, 'MXN', 'hour' from unnest(array[$1::uuid, $1::uuid, $2::uuid]) o`,
      [a, b, v.id],
    );
    const count = async () => (await t.call('GET', `/api/v1/vendors/${v.id}`)).json().price_count;
    expect(await count()).toBe(3);
    await t.db.query('delete from offers where id = $1', [a]);
    expect(await count()).toBe(1);
    const listed = (await t.call('GET', '/api/v1/vendors', { query: { search: 'Contador' } })).json().data[0];
    expect(listed.price_count).toBe(1);
  });

  it('writes every change to the activity log', async () => {
    const r = await t.db.query<{ action: string }>(
      "select action from activity_log where entity_type = 'vendor' order by id",
    );
    expect(r.rows.map((x) => x.action)).toEqual(
      expect.arrayContaining(['vendor_created', 'vendor_updated', 'vendor_deleted']),
    );
  });
});

describe('vendor import (CSV)', () => {
  const row = (name: string, website: string | null = null) => ({
    name,
    type: 'bureau',
    website,
    city: 'Puebla',
    capabilities: ['cnc_milling'],
  });
  const count = async () => (await t.call('GET', '/api/v1/vendors', { query: { limit: 500 } })).json().total;

  it('adds every row in one call and records one activity', async () => {
    const before = await count();
    const res = await t.call('POST', '/api/v1/vendors/import', {
      token: t.users.operator.token,
      body: { rows: [row('Import Uno', 'https://import-uno.example.mx'), row('Import Dos')] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 2 });
    expect(res.json().ids).toHaveLength(2);
    expect(await count()).toBe(before + 2);
    const dos = (await t.call('GET', '/api/v1/vendors', { query: { search: 'Import Dos' } })).json().data[0];
    expect(dos).toMatchObject({
      city: 'Puebla',
      country: 'México',
      country_code: 'MX',
      capabilities: ['cnc_milling'],
    });
  });

  it('adds none when a row is invalid, naming each bad row and field', async () => {
    const before = await count();
    const res = await t.call('POST', '/api/v1/vendors/import', {
      body: {
        rows: [
          row('Válido'),
          { ...row(''), contact_email: 'no es correo' },
          { ...row('Sin capacidades'), capabilities: [] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'rows.1.name: Vendor name is required',
        'rows.1.contact_email: Please enter a valid email address',
        'rows.2.capabilities: Select at least one capability',
      ]),
    );
    expect(await count()).toBe(before);
  });

  it('rolls back the whole file on a duplicate website, naming its row', async () => {
    const before = await count();
    const res = await t.call('POST', '/api/v1/vendors/import', {
      body: {
        rows: [
          row('Nuevo A', 'https://nuevo-a.example.mx'),
          row('Nuevo B', 'https://nuevo-b.example.mx'),
          row('Copia de Uno', 'https://import-uno.example.mx/otra'),
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { field: 'rows.2.website', message: 'A vendor with this website already exists' },
    ]);
    expect(await count()).toBe(before);
  });

  it('takes 1 to 1000 rows, from operators and admins only', async () => {
    const empty = await t.call('POST', '/api/v1/vendors/import', { body: { rows: [] } });
    expect(empty.statusCode).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => row(`V${i}`));
    expect((await t.call('POST', '/api/v1/vendors/import', { body: { rows: many } })).statusCode).toBe(400);
    const viewer = await t.call('POST', '/api/v1/vendors/import', {
      token: t.users.viewer.token,
      body: { rows: [row('Visor')] },
    });
    expect(viewer.statusCode).toBe(403);
  });

  it('takes a body as large as the biggest file the console reads, over the 1 MB default', async () => {
    const rows = Array.from({ length: VENDOR_IMPORT_MAX }, (_, i) => ({
      ...row(`Grande ${i}`),
      description: 'x'.repeat(1500),
    }));
    rows[VENDOR_IMPORT_MAX - 1]!.capabilities = [];
    const body = { rows };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const res = await t.call('POST', '/api/v1/vendors/import', { body });
    // Read and validated (one bad row), not refused for its size.
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      `rows.${VENDOR_IMPORT_MAX - 1}.capabilities`,
    ]);
    const huge = {
      rows: rows.map((r) => ({ ...r, description: 'x'.repeat(VENDOR_IMPORT_MAX_BYTES / 300) })),
    };
    const refused = await t.call('POST', '/api/v1/vendors/import', { body: huge });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('The request body is too large');
  });
});
