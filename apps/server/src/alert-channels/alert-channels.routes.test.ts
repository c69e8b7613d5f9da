import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAlertDeliveries } from '@preciofab/db/repositories/delivery-planner';
import { deliveriesRepository } from '@preciofab/db/repositories/deliveries.repository';
import { startServer, type LocalServer } from '@preciofab/fetch/test-servers';
import {
  verifyWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@preciofab/shared/webhook-signature';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let receiver: LocalServer;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  receiver = await startServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.url === '/down' ? 503 : 200);
      res.end('{}');
    });
  });
  t = await createTestApp({ CRAWLER_ALLOWED_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://precios.example/' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function rule(ownerId: string, name = 'Precios CDMX'): Promise<string> {
  const r = await t.db.query<{ id: string }>(
    "insert into alert_rules (owner_id, name, kind, change_percent) values ($1, $2, 'price_change', 5) returning id",
    [ownerId, name],
  );
  return r.rows[0]!.id;
}

async function alert(ruleId: string): Promise<string> {
  const data = {
    offer_id: null,
    offer_name: 'Corte láser',
    vendor_id: null,
    vendor_name: 'Taller',
    observation_id: '6f1c2d3e-0000-4000-8000-000000000003',
    previous_observation_id: '6f1c2d3e-0000-4000-8000-000000000004',
    basis: 'observed',
    old_price: 10,
    new_price: 12,
    currency: 'MXN',
    unit: 'piece',
    change_percent: 20,
    change_amount: 2,
    observed_at: '2026-11-20T10:00:00.000Z',
    source_url: null,
  };
  const r = await t.db.query<{ id: string }>(
    `insert into alerts (rule_id, rule_name, dedupe_key, kind, data) values ($1, 'Precios CDMX', $2, 'price_change', $3)
     returning id`,
    [ruleId, `obs:${Math.random()}`, JSON.stringify(data)],
  );
  return r.rows[0]!.id;
}

describe('subscriptions and settings', () => {
  it('lists every rule with the caller’s channels, owners in-app by default, and sets them', async () => {
    const own = await rule(t.users.operator.id, 'A mía');
    const other = await rule(t.users.admin.id, 'B ajena');
    const list = await t.call('GET', '/api/v1/alerts/subscriptions', { token: t.users.operator.token });
    expect(list.statusCode).toBe(200);
    const byRule = Object.fromEntries((list.json().data as { rule_id: string }[]).map((s) => [s.rule_id, s]));
    expect(byRule[own]).toMatchObject({ is_owner: true, explicit: false, in_app: true, email: 'off' });
    expect(byRule[other]).toMatchObject({
      is_owner: false,
      in_app: false,
      email: 'off',
      owner_name: 'Test admin',
    });

    const set = await t.call('PUT', `/api/v1/alerts/subscriptions/${other}`, {
      token: t.users.viewer.token,
      body: { email: 'digest' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ rule_id: other, explicit: true, in_app: false, email: 'digest' });
    const again = await t.call('PUT', `/api/v1/alerts/subscriptions/${other}`, {
      token: t.users.viewer.token,
      body: { in_app: true },
    });
    expect(again.json()).toMatchObject({ in_app: true, email: 'digest' });

    const bad = await t.call('PUT', `/api/v1/alerts/subscriptions/${other}`, {
      token: t.users.viewer.token,
      body: { email: 'weekly' },
    });
    expect(bad.statusCode).toBe(400);
    const empty = await t.call('PUT', `/api/v1/alerts/subscriptions/${other}`, {
      token: t.users.viewer.token,
      body: {},
    });
    expect(empty.statusCode).toBe(400);
    const missing = await t.call('PUT', '/api/v1/alerts/subscriptions/00000000-0000-4000-8000-000000000000', {
      token: t.users.viewer.token,
      body: { email: 'immediate' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps each user’s time zone and digest hour, and says email is not configured', async () => {
    const get = await t.call('GET', '/api/v1/alerts/channel-settings', { token: t.users.viewer.token });
    expect(get.json()).toEqual({
      email_address: 'viewer@example.com',
      time_zone: 'America/Mexico_City',
      digest_hour: 8,
      email_configured: false,
    });
    const put = await t.call('PUT', '/api/v1/alerts/channel-settings', {
      token: t.users.viewer.token,
      body: { time_zone: 'Europe/Madrid', digest_hour: 18 },
    });
    expect(put.json()).toMatchObject({ time_zone: 'Europe/Madrid', digest_hour: 18 });
    const bad = await t.call('PUT', '/api/v1/alerts/channel-settings', {
      token: t.users.viewer.token,
      body: { time_zone: 'Mars/Olympus', digest_hour: 24 },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { field: string; message: string }[]).map((e) => e.field).sort()).toEqual([
      'digest_hour',
      'time_zone',
    ]);
    expect(
      (bad.json().errors as { field: string; message: string }[]).find((e) => e.field === 'time_zone')
        ?.message,
    ).toBe('Choose a time zone such as America/Mexico_City');
    // Another user's settings are untouched.
    const admin = await t.call('GET', '/api/v1/alerts/channel-settings', { token: t.users.admin.token });
    expect(admin.json()).toMatchObject({ time_zone: 'America/Mexico_City', digest_hour: 8 });
  });
});

describe('with SMTP_URL set', () => {
  it('says email is configured', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const get = await smtp.call('GET', '/api/v1/alerts/channel-settings', {
        token: smtp.users.operator.token,
      });
      expect(get.json()).toMatchObject({ email_address: 'operator@example.com', email_configured: true });
    } finally {
      await smtp.close();
    }
  });
});

describe('webhook endpoints', () => {
  it('are admins’ only', async () => {
    for (const token of [t.users.viewer.token, t.users.operator.token]) {
      expect((await t.call('GET', '/api/v1/webhooks', { token })).statusCode).toBe(403);
      const create = await t.call('POST', '/api/v1/webhooks', {
        token,
        body: { name: 'x', url: 'https://hooks.example/x' },
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/v1/webhooks', { token: null })).statusCode).toBe(401);
  });

  it('show the secret once on create and on rotate, masked after; send a signed test', async () => {
    const created = await t.call('POST', '/api/v1/webhooks', {
      body: { name: 'Slack puente', url: `${receiver.origin}/hook` },
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(endpoint.secret_hint).toBe(`whsec_…${endpoint.secret.slice(-4)}`);
    const read = await t.call('GET', `/api/v1/webhooks/${endpoint.id}`);
    expect(read.json()).not.toHaveProperty('secret');
    expect(JSON.stringify((await t.call('GET', '/api/v1/webhooks')).json())).not.toContain(endpoint.secret);

    const test = await t.call('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(test.json()).toMatchObject({ ok: true, status: 200, error_code: null });
    const got = received.at(-1)!;
    expect(got.headers[WEBHOOK_EVENT_HEADER]).toBe('webhook.test');
    const sig = got.headers[WEBHOOK_SIGNATURE_HEADER] as string;
    const ts = got.headers[WEBHOOK_TIMESTAMP_HEADER] as string;
    expect(verifyWebhook(endpoint.secret, sig, ts, got.body)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({
      version: 1,
      event: 'webhook.test',
      alert: null,
      links: { notifications: 'https://precios.example/notifications' },
    });

    const rotated = await t.call('POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.json().secret).not.toBe(endpoint.secret);
    await t.call('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    const after = received.at(-1)!;
    const args = [
      after.headers[WEBHOOK_SIGNATURE_HEADER] as string,
      after.headers[WEBHOOK_TIMESTAMP_HEADER] as string,
      after.body,
    ] as const;
    expect(verifyWebhook(rotated.json().secret, ...args)).toBe(true);
    expect(verifyWebhook(endpoint.secret, ...args)).toBe(false);
  });

  it('answer the test with the failure when the receiver fails or the address is refused', async () => {
    const down = (
      await t.call('POST', '/api/v1/webhooks', { body: { name: 'Caído', url: `${receiver.origin}/down` } })
    ).json();
    expect((await t.call('POST', `/api/v1/webhooks/${down.id}/test`)).json()).toMatchObject({
      ok: false,
      status: 503,
      error_code: 'http_status',
      retryable: true,
    });
    const hidden = (
      await t.call('POST', '/api/v1/webhooks', { body: { name: 'Privado', url: 'http://10.20.30.40/hook' } })
    ).json();
    expect((await t.call('POST', `/api/v1/webhooks/${hidden.id}/test`)).json()).toMatchObject({
      ok: false,
      error_code: 'refused_address',
      retryable: false,
    });
  });

  it('take all rules or chosen ones, refuse unknown rules, and are deleted', async () => {
    const r1 = await rule(t.users.admin.id);
    const chosen = await t.call('POST', '/api/v1/webhooks', {
      body: { name: 'Elegidas', url: 'https://hooks.example/a', all_rules: false, rule_ids: [r1] },
    });
    expect(chosen.json()).toMatchObject({ all_rules: false, rule_ids: [r1] });
    const none = await t.call('POST', '/api/v1/webhooks', {
      body: { name: 'Nada', url: 'https://hooks.example/a', all_rules: false },
    });
    expect(none.statusCode).toBe(400);
    const unknown = await t.call('POST', '/api/v1/webhooks', {
      body: {
        name: 'X',
        url: 'https://hooks.example/a',
        all_rules: false,
        rule_ids: ['00000000-0000-4000-8000-000000000000'],
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({
      field: 'rule_ids',
      message: 'One of the chosen rules does not exist',
    });
    const badUrl = await t.call('POST', '/api/v1/webhooks', {
      body: { name: 'X', url: 'ftp://hooks.example' },
    });
    expect(badUrl.statusCode).toBe(400);

    const id = chosen.json().id as string;
    const patched = await t.call('PATCH', `/api/v1/webhooks/${id}`, {
      body: { all_rules: true, active: false },
    });
    expect(patched.json()).toMatchObject({ all_rules: true, active: false, rule_ids: [] });
    expect((await t.call('DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/webhooks/${id}`)).statusCode).toBe(404);
  });
});

describe('delivery log', () => {
  it('lists deliveries newest first with every attempt; non-admins see only their own email', async () => {
    const r = await rule(t.users.admin.id, 'Registro');
    await t.db.query(
      "insert into alert_subscriptions (user_id, rule_id, email) values ($1, $2, 'immediate'), ($3, $2, 'immediate')",
      [t.users.viewer.id, r, t.users.operator.id],
    );
    const ep = (
      await t.call('POST', '/api/v1/webhooks', { body: { name: 'Log', url: 'https://hooks.example/log' } })
    ).json();
    const a = await alert(r);
    await t.db.transaction((tx) => planAlertDeliveries(tx, t.ctx.queue, [a]));
    const hook = (
      await t.db.query<{ id: string }>('select id from alert_deliveries where endpoint_id = $1', [ep.id])
    ).rows[0]!.id;
    const now = new Date();
    await deliveriesRepository.recordAttempt(
      t.db,
      { deliveryId: hook },
      1,
      { outcome: 'retry', httpStatus: 502, errorCode: 'http_status', durationMs: 40 },
      now,
      new Date(now.getTime() + 30_000),
    );
    await deliveriesRepository.recordAttempt(
      t.db,
      { deliveryId: hook },
      2,
      { outcome: 'sent', httpStatus: 200, durationMs: 35 },
      new Date(now.getTime() + 30_000),
      null,
    );

    const log = await t.call('GET', `/api/v1/webhooks/${ep.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(log.json().data[0]).toMatchObject({
      id: hook,
      alert_id: a,
      alert_kind: 'price_change',
      rule_name: 'Precios CDMX',
      endpoint_name: 'Log',
      status: 'sent',
      attempt_log: [
        { attempt: 2, outcome: 'sent', http_status: 200, duration_ms: 35 },
        { attempt: 1, outcome: 'retry', http_status: 502, error_code: 'http_status', duration_ms: 40 },
      ],
    });

    const all = (await t.call('GET', '/api/v1/alerts/deliveries', { query: { limit: 100 } })).json();
    const ofAlert = (all.data as { id: string; alert_id: string; channel: string }[]).filter(
      (d) => d.alert_id === a,
    );
    // Both subscribers' emails, and every active endpoint's POST (the others of this file too).
    expect(ofAlert.filter((d) => d.channel === 'email')).toHaveLength(2);
    expect(ofAlert.map((d) => d.id)).toContain(hook);
    const mine = (
      await t.call('GET', '/api/v1/alerts/deliveries', {
        token: t.users.viewer.token,
        query: { user_id: t.users.operator.id },
      })
    ).json();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(
      (mine.data as { user_id: string; channel: string }[]).every(
        (d) => d.user_id === t.users.viewer.id && d.channel === 'email',
      ),
    ).toBe(true);
    const hooks = (
      await t.call('GET', '/api/v1/alerts/deliveries', {
        token: t.users.viewer.token,
        query: { channel: 'webhook' },
      })
    ).json();
    expect(hooks.data).toEqual([]);
    expect(
      (await t.call('GET', `/api/v1/webhooks/${ep.id}/deliveries`, { token: t.users.operator.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('unsubscribe', () => {
  async function subscription() {
    const r = await rule(t.users.admin.id, 'Baja');
    const s = await t.db.query<{ unsubscribe_token: string }>(
      "insert into alert_subscriptions (user_id, rule_id, email) values ($1, $2, 'immediate') returning unsubscribe_token",
      [t.users.viewer.id, r],
    );
    return { rule: r, token: s.rows[0]!.unsubscribe_token };
  }

  it('answers a mail client’s one-click POST (RFC 8058) without a session, turning that rule’s email off', async () => {
    const { rule: r, token } = await subscription();
    const a = await alert(r);
    await t.db.transaction((tx) => planAlertDeliveries(tx, t.ctx.queue, [a]));
    const peek = await t.call('GET', `/api/v1/unsubscribe/${token}`, { token: null });
    expect(peek.json()).toEqual({ rule_id: r, rule_name: 'Baja', email: 'immediate' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rule_id: r, rule_name: 'Baja', email: 'off' });
    const sub = await t.db.query('select email from alert_subscriptions where unsubscribe_token = $1', [
      token,
    ]);
    expect(sub.rows).toEqual([{ email: 'off' }]);
    // Its email still waiting is not sent.
    const queued = await t.db.query(
      "select status, last_error from alert_deliveries where alert_id = $1 and channel = 'email'",
      [a],
    );
    expect(queued.rows).toEqual([{ status: 'skipped', last_error: 'unsubscribed' }]);
    // Again (the console's page) is fine.
    expect((await t.call('POST', `/api/v1/unsubscribe/${token}`, { token: null })).json()).toMatchObject({
      email: 'off',
    });
  });

  it('refuses a malformed or unknown token, and forms anywhere else', async () => {
    expect((await t.call('GET', '/api/v1/unsubscribe/nope', { token: null })).statusCode).toBe(400);
    const unknown = await t.call('POST', `/api/v1/unsubscribe/${'a'.repeat(64)}`, { token: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This unsubscribe link is no longer valid');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: {
        authorization: `Bearer ${t.users.admin.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'name=x',
    });
    // Unsupported there: refused as an invalid request, and nothing is created.
    expect(form.statusCode).toBe(400);
    expect(
      (await t.call('GET', '/api/v1/webhooks')).json().data.some((e: { name: string }) => e.name === 'x'),
    ).toBe(false);
  });

  it('documents every channel operation in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json', { token: null })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/alerts/subscriptions',
        '/api/v1/alerts/subscriptions/{id}',
        '/api/v1/alerts/channel-settings',
        '/api/v1/alerts/deliveries',
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/rotate-secret',
        '/api/v1/webhooks/{id}/test',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/unsubscribe/{token}',
      ]),
    );
    expect(doc.paths['/api/v1/webhooks'].post['x-access']).toBe('admin');
  });
});
