import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let vendorId: string;
let otherVendorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const make = async (name: string) =>
    (
      await t.call('POST', '/api/v1/vendors', {
        body: { name, capabilities: ['fdm_printing'] },
      })
    ).json().id as string;
  vendorId = await make('Impresiones Roma');
  otherVendorId = await make('Láser Norte');
});
afterAll(() => t.close());

const byField = (body: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('crawl targets', () => {
  let id: string;

  it('creates a target with the form defaults, deriving the domain, due at once', async () => {
    const before = Date.now();
    const res = await t.call('POST', '/api/v1/crawl-targets', {
      token: t.users.operator.token,
      body: { vendor_id: vendorId, url: '  https://WWW.Impresiones-Roma.example.mx/precios  ' },
    });
    expect(res.statusCode).toBe(201);
    const target = res.json();
    expect(target).toMatchObject({
      vendor_id: vendorId,
      vendor_name: 'Impresiones Roma',
      url: 'https://www.impresiones-roma.example.mx/precios',
      domain: 'impresiones-roma.example.mx',
      category: 'additive_manufacturing',
      priority: 5,
      frequency_hours: 24,
      crawl_frequency_days: 1,
      active: true,
      last_crawled_at: null,
      last_status: null,
      last_error: null,
      last_error_code: null,
      currency: null,
      consecutive_failures: 0,
    });
    expect(new Date(target.next_crawl_at).getTime()).toBeGreaterThanOrEqual(before - 5000);
    id = target.id;
  });

  it('creates a paused target with no next crawl, and lists highest priority first', async () => {
    const paused = await t.call('POST', '/api/v1/crawl-targets', {
      body: {
        vendor_id: otherVendorId,
        url: 'https://laser-norte.example.mx/corte',
        category: 'laser_cutting',
        frequency_hours: 168,
        priority: 9,
        active: false,
      },
    });
    expect(paused.statusCode).toBe(201);
    expect(paused.json()).toMatchObject({ active: false, next_crawl_at: null, crawl_frequency_days: 7 });
    await t.call('POST', '/api/v1/crawl-targets', {
      body: {
        vendor_id: vendorId,
        url: 'https://impresiones-roma.example.mx/cnc',
        category: 'cnc_machining',
        priority: 5,
        frequency_hours: 6,
      },
    });

    const list = await t.call('GET', '/api/v1/targets', { token: t.users.viewer.token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ total: 3, limit: 100, offset: 0 });
    // priority desc, then newest first among equals
    expect(body.data.map((x: { url: string }) => x.url)).toEqual([
      'https://laser-norte.example.mx/corte',
      'https://impresiones-roma.example.mx/cnc',
      'https://www.impresiones-roma.example.mx/precios',
    ]);
    expect(body.data[1].crawl_frequency_days).toBe(0.25);
  });

  it('filters by vendor, active and category, and pages', async () => {
    const q = async (query: Record<string, string | number>) =>
      (await t.call('GET', '/api/v1/targets', { query })).json();
    expect((await q({ vendor_id: otherVendorId })).total).toBe(1);
    expect((await q({ active: 'false' })).data.map((x: { domain: string }) => x.domain)).toEqual([
      'laser-norte.example.mx',
    ]);
    expect((await q({ active: 'true' })).total).toBe(2);
    expect((await q({ category: 'cnc_machining' })).total).toBe(1);
    const page = await q({ limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0].category).toBe('cnc_machining');
  });

  it('edits, pauses and activates a target', async () => {
    const edited = await t.call('PATCH', `/api/v1/crawl-targets/${id}`, {
      token: t.users.operator.token,
      body: { priority: 10, frequency_hours: 12, url: 'https://tienda.impresiones-roma.example.mx/' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      priority: 10,
      frequency_hours: 12,
      crawl_frequency_days: 0.5,
      domain: 'tienda.impresiones-roma.example.mx',
      active: true,
    });
    const paused = await t.call('PATCH', `/api/v1/crawl-targets/${id}`, { body: { active: false } });
    expect(paused.json().active).toBe(false);

    // A target created paused has no next crawl: activating it makes it due now.
    const created = (
      await t.call('GET', '/api/v1/targets', { query: { active: 'false', vendor_id: otherVendorId } })
    ).json().data[0];
    expect(created.next_crawl_at).toBeNull();
    const activated = await t.call('PATCH', `/api/v1/crawl-targets/${created.id}`, {
      body: { active: true },
    });
    expect(activated.json().active).toBe(true);
    expect(activated.json().next_crawl_at).not.toBeNull();
    const got = await t.call('GET', `/api/v1/crawl-targets/${created.id}`, { token: t.users.viewer.token });
    expect(got.json()).toMatchObject({ id: created.id, active: true });
  });

  it('answers each spec §5 message as a field error, in the requested language', async () => {
    const res = await t.call('POST', '/api/v1/crawl-targets', {
      body: { url: 'not a url', frequency_hours: 0, priority: 11 },
    });
    expect(res.statusCode).toBe(400);
    expect(byField(res.json())).toEqual({
      vendor_id: 'Vendor ID is required',
      url: 'Please enter a valid URL',
      frequency_hours: 'Frequency must be at least 1 hour',
      priority: 'Priority must be between 1 and 10',
    });
    const blank = await t.call('POST', '/api/v1/crawl-targets', {
      body: { vendor_id: '  ', url: 'ftp://files.example.mx/', priority: 0 },
    });
    expect(byField(blank.json())).toMatchObject({
      vendor_id: 'Vendor ID is required',
      url: 'Please enter a valid URL',
      priority: 'Priority must be between 1 and 10',
    });
    const es = await t.call('POST', '/api/v1/crawl-targets', { lang: 'es', body: { vendor_id: vendorId } });
    expect(byField(es.json()).url).toBe('Por favor ingresa una URL válida');
    const patch = await t.call('PATCH', `/api/v1/crawl-targets/${id}`, { body: { frequency_hours: 0.5 } });
    expect(patch.statusCode).toBe(400);
    expect(byField(patch.json())).toEqual({ frequency_hours: 'Frequency must be at least 1 hour' });
  });

  it('answers a field error for a vendor id that names no vendor', async () => {
    for (const vendor_id of ['00000000-0000-4000-8000-000000000000', 'impresiones-roma']) {
      const res = await t.call('POST', '/api/v1/crawl-targets', {
        body: { vendor_id, url: 'https://nuevo.example.mx/' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'vendor_id', message: 'Vendor not found' }]);
    }
  });

  it('answers 409 for the same URL twice, on create and on edit', async () => {
    const body = { vendor_id: otherVendorId, url: 'https://laser-norte.example.mx/corte' };
    const dup = await t.call('POST', '/api/v1/crawl-targets', { body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      detail: 'A crawl target with this URL already exists',
      errors: [{ field: 'url', message: 'A crawl target with this URL already exists' }],
    });
    const sameSpelledOtherwise = await t.call('POST', '/api/v1/crawl-targets', {
      body: { ...body, url: 'https://LASER-NORTE.example.mx/corte' },
    });
    expect(sameSpelledOtherwise.statusCode).toBe(409);
    const edit = await t.call('PATCH', `/api/v1/crawl-targets/${id}`, { body: { url: body.url } });
    expect(edit.statusCode).toBe(409);
  });

  it('rejects unknown fields and bad query values', async () => {
    const res = await t.call('POST', '/api/v1/crawl-targets', {
      body: { vendor_id: vendorId, url: 'https://x.example.mx/', colour: 'red' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'colour',
      message: 'Unknown field: colour',
      code: 'unrecognized_keys',
    });
    const patch = await t.call('PATCH', `/api/v1/crawl-targets/${id}`, { body: { vendor_id: vendorId } });
    expect(patch.statusCode).toBe(400);
    for (const query of [
      { limit: 0 },
      { limit: 501 },
      { active: 'maybe' },
      { category: 'woodwork' },
      { vendor_id: 'x' },
      { sort: 'url' },
    ] as Record<string, string | number>[]) {
      expect((await t.call('GET', '/api/v1/targets', { query })).statusCode).toBe(400);
    }
    expect((await t.call('GET', '/api/v1/targets', { query: { limit: 500 } })).statusCode).toBe(200);
    expect((await t.call('PATCH', '/api/v1/crawl-targets/not-a-uuid', { body: {} })).statusCode).toBe(400);
    expect((await t.call('DELETE', '/api/v1/crawl-targets/not-a-uuid')).statusCode).toBe(400);
  });

  it('needs a token, and forbids viewers to write', async () => {
    expect((await t.call('GET', '/api/v1/targets', { token: null })).statusCode).toBe(401);
    const body = { vendor_id: vendorId, url: 'https://viewer.example.mx/' };
    expect((await t.call('POST', '/api/v1/crawl-targets', { token: null, body })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/v1/crawl-targets', { token: t.users.viewer.token, body })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('PATCH', `/api/v1/crawl-targets/${id}`, {
          token: t.users.viewer.token,
          body: { active: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/v1/crawl-targets/${id}`, { token: t.users.viewer.token })).statusCode,
    ).toBe(403);
  });

  it('deletes, then answers 404', async () => {
    const del = await t.call('DELETE', `/api/v1/crawl-targets/${id}`, { token: t.users.operator.token });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PATCH', { active: true }],
      ['GET', undefined],
    ] as const) {
      const res = await t.call(method, `/api/v1/crawl-targets/${id}`, { body });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Crawl target not found');
    }
  });

  it('writes every change to the activity log, named by the domain', async () => {
    const r = await t.db.query<{ action: string; details: { name: string } }>(
      "select action, details from activity_log where entity_type = 'crawl_target' order by id",
    );
    const actions = r.rows.map((x) => x.action);
    expect(actions.filter((a) => a === 'target_created')).toHaveLength(3);
    expect(actions).toEqual(expect.arrayContaining(['target_updated', 'target_deleted']));
    expect(r.rows[0]!.details.name).toBe('impresiones-roma.example.mx');
    expect(r.rows.at(-1)).toMatchObject({
      action: 'target_deleted',
      details: { name: 'tienda.impresiones-roma.example.mx' },
    });
  });

  it("sets, keeps and clears a target's currency, and refuses what is not an ISO code", async () => {
    const created = await t.call('POST', '/api/v1/crawl-targets', {
      token: t.users.operator.token,
      body: { vendor_id: otherVendorId, url: 'https://tienda-usa.example.com/prices', currency: 'USD' },
    });
    expect(created.statusCode).toBe(201);
    const target = created.json();
    expect(target.currency).toBe('USD');
    const read = async () =>
      (await t.call('GET', `/api/v1/crawl-targets/${target.id}`, { token: t.users.viewer.token })).json();
    expect((await read()).currency).toBe('USD');

    // An edit that does not name the currency keeps it; another code replaces it; null clears it.
    await t.call('PATCH', `/api/v1/crawl-targets/${target.id}`, { body: { priority: 7 } });
    expect(await read()).toMatchObject({ priority: 7, currency: 'USD' });
    await t.call('PATCH', `/api/v1/crawl-targets/${target.id}`, { body: { currency: 'COP' } });
    expect((await read()).currency).toBe('COP');
    const cleared = await t.call('PATCH', `/api/v1/crawl-targets/${target.id}`, { body: { currency: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().currency).toBeNull();
    expect((await read()).currency).toBeNull();
    const listed = (await t.call('GET', '/api/v1/targets', { query: { vendor_id: otherVendorId } })).json();
    expect(listed.data.find((x: { id: string }) => x.id === target.id).currency).toBeNull();

    for (const currency of ['XYZ', 'usd', 'US', 42]) {
      const bad = await t.call('POST', '/api/v1/crawl-targets', {
        body: { vendor_id: vendorId, url: 'https://otra.example.com/', currency },
      });
      expect(bad.statusCode, String(currency)).toBe(400);
      expect(byField(bad.json())).toEqual({
        currency: 'Choose a valid currency: an upper-case ISO 4217 code such as MXN or USD',
      });
      const patch = await t.call('PATCH', `/api/v1/crawl-targets/${target.id}`, {
        lang: 'es',
        body: { currency },
      });
      expect(patch.statusCode).toBe(400);
      expect(byField(patch.json()).currency).toMatch(/^Elige una moneda válida/);
    }
    expect((await read()).currency).toBeNull();
    await t.call('DELETE', `/api/v1/crawl-targets/${target.id}`);
  });
});
