import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsRepository } from '@preciofab/db/repositories/alerts.repository';
import { alertsEvaluateJob } from '@preciofab/worker/jobs/alerts-evaluate.job';
import type { JobContext } from '@preciofab/worker/jobs/job-definition';
import { PIPELINE_SOCKET_PATH } from '@preciofab/shared/api-routes';
import { NOTIFICATIONS_CHANNEL, type AlertsEvaluatePayload } from '@preciofab/shared/contracts/jobs';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let vendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  const v = await t.call('POST', '/api/v1/vendors', {
    body: { name: 'Fab CDMX', region: 'CDMX', capabilities: ['fdm_printing'] },
  });
  if (v.statusCode !== 201) throw new Error(v.body);
  vendorId = v.json().id;
});
afterAll(() => t.close());

const RULES = '/api/v1/alerts/rules';
const as = (role: 'admin' | 'operator' | 'viewer') => ({ token: t.users[role].token });
const createRule = (role: 'admin' | 'operator' | 'viewer', body: Record<string, unknown>) =>
  t.call('POST', RULES, { ...as(role), body });

/** Stores an alert of a rule for `userId`, as the evaluation job does, and returns its notification's id. */
async function notify(userId: string, ruleId: string, key: string): Promise<string> {
  await alertsRepository.insertMany(t.db, [
    {
      rule_id: ruleId,
      rule_name: 'R',
      dedupe_key: key,
      kind: 'target_failing',
      vendor_id: null,
      offer_id: null,
      target_id: null,
      observation_id: null,
      data: {
        target_id: null,
        target_url: 'https://fab.example',
        vendor_id: null,
        vendor_name: 'Fab',
        failures: 3,
        error_code: null,
        error: null,
        run_id: null,
      },
      notify: [userId],
    },
  ]);
  const r = await t.db.query<{ id: string }>(
    'select n.id from notifications n join alerts a on a.id = n.alert_id where a.dedupe_key = $1 and n.user_id = $2',
    [key, userId],
  );
  return r.rows[0]!.id;
}

describe('alert rules routes', () => {
  it('lets an operator create, read, change and delete their own rule', async () => {
    const created = await createRule('operator', {
      name: 'Laser prices',
      kind: 'price_change',
      change_percent: 10,
      vendor_id: vendorId,
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({
      kind: 'price_change',
      owner_id: t.users.operator.id,
      vendor_name: 'Fab CDMX',
      can_edit: true,
      alert_count: 0,
    });

    const changed = await t.call('PATCH', `${RULES}/${rule.id}`, {
      ...as('operator'),
      body: { change_percent: null, change_amount: 25, change_currency: 'MXN', active: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ change_percent: null, change_amount: 25, active: false });

    // The merged rule is checked: a price rule with neither threshold is refused.
    const emptied = await t.call('PATCH', `${RULES}/${rule.id}`, {
      ...as('operator'),
      body: { change_amount: null, change_currency: null },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors[0]).toMatchObject({ field: 'change_percent' });

    expect((await t.call('DELETE', `${RULES}/${rule.id}`, as('operator'))).statusCode).toBe(200);
    expect((await t.call('GET', `${RULES}/${rule.id}`, as('operator'))).statusCode).toBe(404);
  });

  it('lets viewers read rules but not write them, and only admins touch another’s', async () => {
    const rule = (
      await createRule('operator', { name: 'Gone', kind: 'offer_gone', missed_crawls: 2 })
    ).json();
    expect((await createRule('viewer', { name: 'X', kind: 'offer_gone', missed_crawls: 2 })).statusCode).toBe(
      403,
    );

    const seen = await t.call('GET', `${RULES}/${rule.id}`, as('viewer'));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().can_edit).toBe(false);
    const list = await t.call('GET', RULES, as('viewer'));
    expect(list.json().data.map((r: { id: string }) => r.id)).toContain(rule.id);

    expect(
      (await t.call('PATCH', `${RULES}/${rule.id}`, { ...as('viewer'), body: { name: 'Mine' } })).statusCode,
    ).toBe(403);
    const admin = (
      await createRule('admin', { name: 'Admin’s', kind: 'discovery_candidate', min_confidence: 0.5 })
    ).json();
    expect(
      (await t.call('PATCH', `${RULES}/${admin.id}`, { ...as('operator'), body: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `${RULES}/${admin.id}`, as('operator'))).statusCode).toBe(403);
    const byAdmin = await t.call('PATCH', `${RULES}/${rule.id}`, {
      ...as('admin'),
      body: { name: 'Renamed' },
    });
    expect(byAdmin.json()).toMatchObject({ name: 'Renamed', owner_id: t.users.operator.id, can_edit: true });

    const mine = await t.call('GET', RULES, { ...as('operator'), query: { mine: 'true' } });
    expect(mine.json().data.every((r: { owner_id: string }) => r.owner_id === t.users.operator.id)).toBe(
      true,
    );
  });

  it('refuses rules about unknown vendors, wrong fields for the kind, and says so in both languages', async () => {
    const unknown = await createRule('operator', {
      name: 'R',
      kind: 'new_offer',
      vendor_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({ field: 'vendor_id', message: 'This vendor does not exist' }),
    ]);
    const wrong = await t.call('POST', RULES, {
      ...as('operator'),
      lang: 'es',
      body: { name: 'R', kind: 'discovery_candidate', min_confidence: 0.5, failures: 3 },
    });
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ field: 'failures', message: 'Este tipo de regla no usa este campo' }),
    ]);
  });
});

describe('notifications routes', () => {
  it('lists, counts and marks read only the caller’s own notifications', async () => {
    const rule = (
      await createRule('operator', { name: 'Failing', kind: 'target_failing', failures: 3 })
    ).json();
    const mineA = await notify(t.users.operator.id, rule.id, 'a');
    await notify(t.users.operator.id, rule.id, 'b');
    const theirs = await notify(t.users.viewer.id, rule.id, 'c');

    const list = await t.call('GET', '/api/v1/notifications', as('operator'));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, unread: 2 });
    expect(list.json().data[0]).toMatchObject({ kind: 'target_failing', rule_name: 'R', read_at: null });

    // Another's notification is not found, and stays unread.
    expect((await t.call('POST', `/api/v1/notifications/${theirs}/read`, as('operator'))).statusCode).toBe(
      404,
    );
    const read = await t.call('POST', `/api/v1/notifications/${mineA}/read`, as('operator'));
    expect(read.json()).toEqual({ unread: 1 });
    const unreadOnly = await t.call('GET', '/api/v1/notifications', {
      ...as('operator'),
      query: { unread: 'true' },
    });
    expect(unreadOnly.json().total).toBe(1);

    expect((await t.call('POST', '/api/v1/notifications/read-all', as('operator'))).json()).toEqual({
      unread: 0,
    });
    expect((await t.call('GET', '/api/v1/notifications/unread-count', as('viewer'))).json()).toEqual({
      unread: 1,
    });
    expect((await t.call('GET', '/api/v1/notifications/unread-count', { token: null })).statusCode).toBe(401);
  });
});

type Client = { messages: Record<string, unknown>[]; ws: { terminate(): void } };
async function connect(app: FastifyInstance, token: string): Promise<Client> {
  const messages: Record<string, unknown>[] = [];
  const ws = await app.injectWS(
    `${PIPELINE_SOCKET_PATH}?token=${token}`,
    {},
    {
      onInit: (socket) => {
        socket.on('message', (data: { toString(): string }) => messages.push(JSON.parse(data.toString())));
      },
    },
  );
  return { ws, messages };
}
const bells = (c: Client) => c.messages.filter((m) => m.type === 'notifications_update');
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('unread count over the pipeline socket', () => {
  it('sends the count on connecting and on each change, to that user’s sockets only', async () => {
    const rule = (
      await createRule('operator', { name: 'Socket', kind: 'target_failing', failures: 1 })
    ).json();
    await t.call('POST', '/api/v1/notifications/read-all', as('operator'));
    const operator = await connect(t.app, t.users.operator.token);
    const admin = await connect(t.app, t.users.admin.token);
    await until(() => bells(operator).length === 1 && bells(admin).length === 1, 'the first counts');
    expect(bells(operator)).toEqual([{ type: 'notifications_update', unread: 0 }]);

    const id = await notify(t.users.operator.id, rule.id, 'socket');
    await t.ctx.pubsub.publish(NOTIFICATIONS_CHANNEL, { user_ids: [t.users.operator.id] });
    await until(() => bells(operator).length === 2, 'the new count');
    expect(bells(operator)[1]).toEqual({ type: 'notifications_update', unread: 1 });

    // Read in another tab: this socket hears the new count too.
    await t.call('POST', `/api/v1/notifications/${id}/read`, as('operator'));
    await until(() => bells(operator).length === 3, 'the count after reading');
    expect(bells(operator)[2]).toEqual({ type: 'notifications_update', unread: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(bells(admin)).toHaveLength(1);
    operator.ws.terminate();
    admin.ws.terminate();
  });
});

describe('a posted price, end to end', () => {
  it('queues an evaluation with the price and raises the operator’s alert from it', async () => {
    const rule = (
      await createRule('operator', {
        name: 'PLA moves',
        kind: 'price_change',
        change_percent: 20,
        vendor_id: vendorId,
      })
    ).json();
    const price = (amount: number) =>
      t.call('POST', '/api/v1/prices', {
        ...as('operator'),
        body: {
          vendor_id: vendorId,
          service_name: 'PLA per cm3',
          category: 'additive_manufacturing',
          price: amount,
          currency: 'MXN',
          unit: 'cm3',
        },
      });
    expect((await price(10)).statusCode).toBe(201);
    const second = await price(12);
    expect(second.statusCode).toBe(201);
    const jobs = await t.db.query<{ payload: AlertsEvaluatePayload }>(
      "select payload from jobs where name = 'alerts.evaluate' order by created_at",
    );
    const ids = jobs.rows.flatMap((j) =>
      j.payload.event === 'observations_stored' ? j.payload.observation_ids : [],
    );
    expect(ids).toContain(second.json().id);

    const ctx = { db: t.db, pubsub: t.ctx.pubsub, log: { info: () => undefined }, job: { id: 'j' } };
    for (const j of jobs.rows) await alertsEvaluateJob.handler(j.payload, ctx as unknown as JobContext);
    const list = await t.call('GET', '/api/v1/notifications', {
      ...as('operator'),
      query: { kind: 'price_change' },
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        rule_id: rule.id,
        kind: 'price_change',
        data: expect.objectContaining({
          old_price: 10,
          new_price: 12,
          change_percent: 20,
          observation_id: second.json().id,
        }),
      }),
    ]);
  });
});
