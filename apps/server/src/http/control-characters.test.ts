import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterErrors } from '@preciofab/shared/validation';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Issue 13, item 8: a NUL byte (or any control character) in a text field, and a price smaller than
// the column holds, answered 500. Each is now a 400 naming the field, and nothing is stored.

let t: TestApp;
let vendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  vendorId = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Limpio', capabilities: ['fdm_printing'] },
    })
  ).json().id;
});
afterAll(() => t.close());

const fields = (res: { json: () => { errors: { field: string; message: string }[] } }) =>
  res.json().errors.map((e) => [e.field, e.message]);
const CONTROL = 'Remove the control characters (such as NUL) from this field';

describe('control characters and out-of-range numbers', () => {
  it('refuses a NUL or other control character in any text field with a 400 naming it', async () => {
    const price = {
      vendor_id: vendorId,
      service_name: 'Impresión FDM',
      category: 'additive_manufacturing',
      unit: 'cm3',
      price: 2.5,
    };
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/v1/vendors', { name: 'Taller\u0000', capabilities: ['fdm_printing'] }, 'name'],
      [
        'POST',
        '/api/v1/vendors',
        { name: 'Taller B', description: 'línea\u0007', capabilities: ['fdm_printing'] },
        'description',
      ],
      ['POST', '/api/v1/prices', { ...price, material: 'PLA\u0000' }, 'material'],
      [
        'POST',
        '/api/v1/users',
        { email: 'x@example.com', name: 'X\u001b[31m', password: 'a-long-pass-1', role: 'viewer' },
        'name',
      ],
      [
        'POST',
        '/api/v1/vendors/import',
        { rows: [{ name: 'Ok', capabilities: [] }, { name: '\u0000' }] },
        'rows.1.name',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.call(method as 'POST', url, { body });
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(fields(res), `${url} ${field}`).toEqual([[field, CONTROL]]);
    }
    // A signed-out login and a search text too.
    const login = await t.call('POST', '/api/v1/auth/login', {
      token: null,
      body: { email: 'admin\u0000@example.com', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(400);
    expect(fields(login)).toEqual([['email', CONTROL]]);
    const search = await t.call('GET', '/api/v1/prices', { query: { search: 'pla\u0000' } });
    expect(search.statusCode).toBe(400);
    expect(fields(search)).toEqual([['search', CONTROL]]);
    // In the reader's language.
    const es = await t.call('POST', '/api/v1/vendors', {
      lang: 'es',
      body: { name: 'Taller\u0000', capabilities: [] },
    });
    expect(fields(es)).toEqual([['name', 'Quita los caracteres de control (como NUL) de este campo']]);
    // Nothing was stored.
    const stored = await t.db.query<{ n: number }>(
      "select count(*)::int as n from vendors where name like 'Taller%'",
    );
    expect(stored.rows[0]!.n).toBe(1);
  });

  it('keeps tabs and line breaks, which multi-line fields hold', async () => {
    const res = await t.call('POST', '/api/v1/vendors', {
      body: {
        name: 'Taller Dos',
        description: 'Primera línea\r\nSegunda\tcolumna',
        capabilities: ['fdm_printing'],
      },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a price the column would store as 0', async () => {
    for (const value of [1e-320, 0.00001]) {
      const res = await t.call('POST', '/api/v1/prices', {
        body: { vendor_id: vendorId, service_name: 'X', category: 'materials', unit: 'kg', price: value },
      });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual([['price', 'The price must be at least 0.0001']]);
    }
  });
});

describe('controlCharacterErrors', () => {
  it('walks nested values and keys without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterErrors({ a: deep })).toHaveLength(1);
    expect(controlCharacterErrors({ 'k\u0001': 1, ok: 'fine\n' })).toEqual([
      { field: 'k\u0001', message: 'validation.control_characters' },
    ]);
    expect(controlCharacterErrors('DEL\u007f')).toEqual([
      { field: '', message: 'validation.control_characters' },
    ]);
  });
});
