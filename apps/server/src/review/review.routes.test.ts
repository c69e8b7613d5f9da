import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewGate } from '@preciofab/db/review-gate';
import { DEFAULT_REVIEW_SETTINGS } from '@preciofab/shared/review-hold';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The review queue through the API on a real database: what the price and import paths hold,
// the decisions (approve, reject, correct, bulk) with their audit trail, the settings, and roles.

let t: TestApp;
let vendorId: string;
let otherVendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  vendorId = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Revisión', city: 'CDMX', capabilities: ['fdm_printing'], trust_score: 0.8 },
    })
  ).json().id;
  otherVendorId = (
    await t.call('POST', '/api/v1/vendors', {
      body: { name: 'Taller Importado', city: 'Puebla', capabilities: ['fdm_printing'], trust_score: 0.8 },
    })
  ).json().id;
});
afterAll(() => t.close());

const fdm = { category: 'additive_manufacturing', subcategory: 'FDM', unit: 'cm3', currency: 'MXN' };

const post = async (body: Record<string, unknown>, vendor = vendorId) => {
  const res = await t.call('POST', '/api/v1/prices', {
    token: t.users.operator.token,
    body: { vendor_id: vendor, ...fdm, ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

const reviewOf = async (id: string) =>
  (
    await t.db.query<{ status: string; reasons: { code: string }[] }>(
      'select status, reasons from observation_reviews where observation_id = $1',
      [id],
    )
  ).rows[0];

const putSettings = (body: Record<string, unknown>, token = t.users.admin.token) =>
  t.call('PUT', '/api/v1/review-settings', { token, body: { ...DEFAULT_REVIEW_SETTINGS, ...body } });

const refreshQueued = async () =>
  (
    await t.db.query<{ n: number }>(
      "select count(*)::int as n from jobs where singleton_key = 'benchmark:refresh' and state = 'queued'",
    )
  ).rows[0]!.n;

describe('holding new prices', () => {
  it('holds a posted price that jumps from the offer’s last one, and only that one', async () => {
    const first = await post({ service_name: 'Impresión PLA', price: 4 });
    const jump = await post({ service_name: 'Impresión PLA', price: 9 });
    const steady = await post({ service_name: 'Impresión PLA', price: 9.5 });
    expect(await reviewOf(first)).toBeUndefined();
    expect(await reviewOf(steady)).toBeUndefined();
    const held = await reviewOf(jump);
    expect(held).toMatchObject({ status: 'pending' });
    expect(held!.reasons).toEqual([
      {
        code: 'price_jump',
        previous_price: 4,
        price: 9,
        currency: 'MXN',
        jump_percent: 125,
        threshold_percent: 50,
      },
    ]);

    const one = await t.call('GET', `/api/v1/reviews/${jump}`, { token: t.users.viewer.token });
    expect(one.statusCode).toBe(200);
    const item = one.json();
    expect(item.observation).toMatchObject({
      id: jump,
      price: 9,
      currency: 'MXN',
      vendor_name: 'Taller Revisión',
    });
    expect(item.history.map((h: { price: number }) => h.price)).toEqual([9.5, 9, 4]);
    expect(item.history[1].review_status).toBe('pending');
    expect(item.evidence).toMatchObject({
      html_snapshot_url: null,
      screenshot_missing: 'entered_by_hand',
      currency_evidence: null,
    });
    expect(item.decisions).toEqual([]);
  });

  it('holds below the confidence threshold an admin sets, and an outlier of its group’s band', async () => {
    expect((await putSettings({ min_confidence: 0.99 }, t.users.operator.token)).statusCode).toBe(403);
    const set = await putSettings({ min_confidence: 0.99 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      min_confidence: 0.99,
      updated_by: t.users.admin.id,
      updated_by_name: expect.any(String),
    });
    const low = await post({ service_name: 'Impresión PETG', price: 5 });
    expect((await reviewOf(low))!.reasons.map((r) => r.code)).toEqual(['low_confidence']);
    expect((await putSettings({})).statusCode).toBe(200);

    // A band of 0.01–0.02 USD per cm³: 200 MXN per cm³ (about 10 USD) lies far above 2 × P90.
    await t.db.query(
      `insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days,
         price_p10, price_p25, price_p50, price_p75, price_p90, observation_count, vendor_count)
       values (gen_random_uuid(), 'additive_manufacturing', 'fdm', 'cm3', 'Global', 90,
         0.01, 0.012, 0.015, 0.018, 0.02, 10, 3)`,
    );
    reviewGate.invalidate(t.db);
    const outlier = await post({ service_name: 'Impresión Nylon', price: 200 });
    const reasons = (await reviewOf(outlier))!.reasons;
    expect(reasons).toEqual([expect.objectContaining({ code: 'outlier', p10: 0.01, p90: 0.02, factor: 2 })]);
    await t.db.query('delete from benchmarks');
    reviewGate.invalidate(t.db);
  });

  it('holds an imported row that jumps, in the same transaction as the import', async () => {
    await post({ service_name: 'Resina estándar', price: 10 }, otherVendorId);
    const csv =
      'vendor_id,service_name,category,subcategory,price,currency,unit\n' +
      `${otherVendorId},Resina estándar,additive_manufacturing,FDM,30,MXN,cm3\n` +
      `${otherVendorId},Resina dental,additive_manufacturing,FDM,12,MXN,cm3\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prices/import',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${t.users.operator.token}` },
      payload: csv,
    });
    expect(res.json()).toMatchObject({ accepted: 2, rejected: 0 });
    const rows = (
      await t.db.query<{ offer_name: string; status: string | null; reasons: { code: string }[] | null }>(
        `select o.offer_name, r.status, r.reasons from price_observations o
           left join observation_reviews r on r.observation_id = o.id
          where o.origin = 'import' order by o.offer_name`,
      )
    ).rows;
    expect(rows.map((r) => [r.offer_name, r.status, r.reasons?.map((x) => x.code) ?? null])).toEqual([
      ['Resina dental', null, null],
      ['Resina estándar', 'pending', ['price_jump']],
    ]);
  });
});

describe('deciding', () => {
  it('lists the queue newest first with filters, reason counts and paging; viewers read it', async () => {
    const list = await t.call('GET', '/api/v1/reviews', { token: t.users.viewer.token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBe(4);
    expect(body.pending_by_reason).toEqual({
      currency_uncertain: 0,
      low_confidence: 1,
      outlier: 1,
      price_jump: 2,
      new_vendor: 0,
    });
    const created = body.data.map((d: { created_at: string }) => d.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const jumps = await t.call('GET', '/api/v1/reviews', { query: { reason: 'price_jump', limit: 1 } });
    expect(jumps.json()).toMatchObject({ total: 2, limit: 1 });
    expect(jumps.json().data).toHaveLength(1);
    const byVendor = await t.call('GET', '/api/v1/reviews', { query: { vendor_id: otherVendorId } });
    expect(
      byVendor.json().data.map((d: { observation: { offer_name: string } }) => d.observation.offer_name),
    ).toEqual(['Resina estándar']);
    const stats = await t.call('GET', '/api/v1/stats/dashboard');
    expect(stats.json().review_queue).toBe(4);
    const bad = await t.call('GET', '/api/v1/reviews', { query: { reason: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('approves (operators only, once) and queues a benchmark refresh', async () => {
    const id = await post({ service_name: 'Impresión ASA', price: 3 });
    const held = await post({ service_name: 'Impresión ASA', price: 30 });
    expect(await reviewOf(id)).toBeUndefined();
    await t.db.query("delete from jobs where singleton_key = 'benchmark:refresh'");

    const viewer = await t.call('POST', `/api/v1/reviews/${held}/approve`, {
      token: t.users.viewer.token,
      body: {},
    });
    expect(viewer.statusCode).toBe(403);
    const ok = await t.call('POST', `/api/v1/reviews/${held}/approve`, {
      token: t.users.operator.token,
      body: { note: 'Precio confirmado por teléfono' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', decided_by: t.users.operator.id });
    expect(ok.json().decisions).toEqual([
      expect.objectContaining({
        action: 'approve',
        actor_id: t.users.operator.id,
        note: 'Precio confirmado por teléfono',
        before: expect.objectContaining({ price: 30, currency: 'MXN', unit: 'cm3' }),
        after: null,
      }),
    ]);
    expect(await refreshQueued()).toBe(1);
    const activity = (await t.call('GET', '/api/v1/stats/dashboard', { lang: 'es' })).json().recent_activity;
    expect(activity[0]).toMatchObject({
      action: 'review_approved',
      description: '1 precio aprobado en revisión',
    });
    const again = await t.call('POST', `/api/v1/reviews/${held}/approve`, {
      token: t.users.operator.token,
      body: {},
    });
    expect(again.statusCode).toBe(409);
    const missing = await t.call('POST', `/api/v1/reviews/${id}/approve`, {
      token: t.users.operator.token,
      body: {},
    });
    expect(missing.statusCode).toBe(404);
  });

  it('hands an approved or corrected price to the alert rules, as a new price', async () => {
    const rule = await t.call('POST', '/api/v1/alerts/rules', {
      token: t.users.operator.token,
      body: { name: 'PC cambia', kind: 'price_change', change_percent: 10 },
    });
    expect(rule.statusCode).toBe(201);
    const evaluations = async () =>
      (
        await t.db.query<{ payload: { observation_ids?: string[] } }>(
          "select payload from jobs where name = 'alerts.evaluate' and state = 'queued'",
        )
      ).rows.flatMap((r) => r.payload.observation_ids ?? []);
    await post({ service_name: 'Impresión PC', price: 4 });
    const approved = await post({ service_name: 'Impresión PC', price: 40 });
    const corrected = await post({ service_name: 'Impresión PC', price: 400 });
    await t.db.query("delete from jobs where name = 'alerts.evaluate'");

    await t.call('POST', `/api/v1/reviews/${approved}/approve`, { token: t.users.operator.token, body: {} });
    expect(await evaluations()).toEqual([approved]);
    const res = await t.call('POST', `/api/v1/reviews/${corrected}/correct`, {
      token: t.users.operator.token,
      body: { price: 4, currency: 'MXN', unit: 'cm3', tax_state: 'excluded' },
    });
    expect(res.statusCode).toBe(201);
    expect(await evaluations()).toEqual([approved, res.json().correction_observation_id]);
    await t.call('DELETE', `/api/v1/alerts/rules/${rule.json().id}`, { token: t.users.operator.token });
  });

  it('rejects with a note; the observation stays stored', async () => {
    const held = await post({ service_name: 'Impresión TPU', price: 2 }).then(() =>
      post({ service_name: 'Impresión TPU', price: 20 }),
    );
    const res = await t.call('POST', `/api/v1/reviews/${held}/reject`, {
      token: t.users.operator.token,
      body: { note: 'Error de lectura' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      decisions: [{ action: 'reject', note: 'Error de lectura' }],
    });
    const stored = await t.db.query('select 1 from price_observations where id = $1', [held]);
    expect(stored.rowCount).toBe(1);
  });

  it('corrects: keeps the original, stores a normalized correction beside it, records the audit trail', async () => {
    await post({ service_name: 'Impresión HIPS', price: 5 });
    const held = await post({ service_name: 'Impresión HIPS', price: 500 });
    const body = { price: 5, currency: 'MXN', unit: 'cm3', tax_state: 'excluded', note: 'Punto decimal' };
    const wrongUnit = await t.call('POST', `/api/v1/reviews/${held}/correct`, {
      token: t.users.operator.token,
      body: { ...body, unit: 'm2' },
    });
    expect(wrongUnit.statusCode).toBe(400);
    const pin = await t.call('POST', `/api/v1/reviews/${held}/correct`, {
      token: t.users.operator.token,
      body: { ...body, pin_currency: true },
    });
    expect(pin.statusCode).toBe(400);
    expect(pin.json().errors).toEqual([expect.objectContaining({ field: 'pin_currency' })]);

    const res = await t.call('POST', `/api/v1/reviews/${held}/correct`, {
      token: t.users.operator.token,
      body,
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item.status).toBe('corrected');
    const correctionId = item.correction_observation_id as string;
    expect(correctionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.observation.price).toBe(500);
    expect(item.decisions).toEqual([
      expect.objectContaining({
        action: 'correct',
        note: 'Punto decimal',
        before: expect.objectContaining({ price: 500, tax_state: 'unknown' }),
        after: expect.objectContaining({ observation_id: correctionId, price: 5, tax_state: 'excluded' }),
        pinned: null,
      }),
    ]);
    const rows = (
      await t.db.query<{
        id: string;
        price: string;
        tax_state: string;
        price_net_usd: string | null;
        origin: string;
      }>(
        `select id, price::text, tax_state, price_net_usd::text, origin from price_observations where id = any($1::uuid[])`,
        [[held, correctionId]],
      )
    ).rows;
    const original = rows.find((r) => r.id === held)!;
    const correction = rows.find((r) => r.id === correctionId)!;
    expect(original.price).toBe('500.0000');
    expect(correction).toMatchObject({ price: '5.0000', tax_state: 'excluded', origin: 'manual' });
    expect(Number(correction.price_net_usd)).toBeGreaterThan(0);
    expect(await reviewOf(correctionId)).toBeUndefined();
  });

  it('decides up to the limit in bulk, with an outcome per id', async () => {
    await post({ service_name: 'Impresión PC', price: 1 });
    const a = await post({ service_name: 'Impresión PC', price: 10 });
    const b = await post({ service_name: 'Impresión PC', price: 100 });
    const decided = (await t.call('GET', '/api/v1/reviews', { query: { status: 'approved' } })).json().data[0]
      .id;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const viewer = await t.call('POST', '/api/v1/reviews/bulk', {
      token: t.users.viewer.token,
      body: { action: 'reject', ids: [a] },
    });
    expect(viewer.statusCode).toBe(403);
    const dup = await t.call('POST', '/api/v1/reviews/bulk', { body: { action: 'reject', ids: [a, a] } });
    expect(dup.statusCode).toBe(400);
    const res = await t.call('POST', '/api/v1/reviews/bulk', {
      token: t.users.operator.token,
      body: { action: 'reject', ids: [a, b, decided, unknown], note: 'Lote' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      done: 2,
      results: [
        { id: a, outcome: 'done' },
        { id: b, outcome: 'done' },
        { id: decided, outcome: 'already_decided' },
        { id: unknown, outcome: 'not_found' },
      ],
    });
    expect((await reviewOf(b))!.status).toBe('rejected');
    const audit = await t.db.query('select 1 from review_decisions where observation_id = any($1::uuid[])', [
      [a, b],
    ]);
    expect(audit.rowCount).toBe(2);
  });

  it('answers in the caller’s language', async () => {
    const id = (await t.call('GET', '/api/v1/reviews', { query: { status: 'rejected' } })).json().data[0].id;
    const es = await t.call('POST', `/api/v1/reviews/${id}/reject`, {
      token: t.users.operator.token,
      body: {},
      lang: 'es',
    });
    expect(es.statusCode).toBe(409);
    expect(es.json().detail).toBe('Alguien ya decidió sobre este precio');
    const en = await t.call('POST', `/api/v1/reviews/${id}/reject`, {
      token: t.users.operator.token,
      body: {},
    });
    expect(en.json().detail).toBe('Someone already decided on this price');
  });

  it('are all in the OpenAPI document, with their roles', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json();
    for (const path of [
      '/api/v1/reviews',
      '/api/v1/reviews/{id}/correct',
      '/api/v1/reviews/bulk',
      '/api/v1/review-settings',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const settings = doc.paths['/api/v1/review-settings'];
    expect([settings.get['x-access'], settings.put['x-access']]).toEqual(['viewer', 'admin']);
    expect(doc.paths['/api/v1/reviews/bulk'].post['x-access']).toBe('operator');
  });

  it('reads the settings for viewers', async () => {
    const res = await t.call('GET', '/api/v1/review-settings', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(DEFAULT_REVIEW_SETTINGS);
    const bad = await putSettings({ min_confidence: 2 });
    expect(bad.statusCode).toBe(400);
  });
});
