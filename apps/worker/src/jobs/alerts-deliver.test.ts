import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createJobQueue } from '@preciofab/db/job-queue';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import {
  planAlertDeliveries,
  planAlertsOfTransaction,
  requeueOverdueDeliveries,
  sweepUnplannedAlerts,
} from '@preciofab/db/repositories/delivery-planner';
import { startServer, type LocalServer } from '@preciofab/fetch/test-servers';
import { DELIVERY_MAX_ATTEMPTS } from '@preciofab/shared/contracts/alert-channels';
import type { JobQueue } from '@preciofab/shared/contracts/jobs';
import {
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@preciofab/shared/webhook-signature';
import type { ChannelSettings } from '../channels/channel-settings.ts';
import { createMailer, type Mailer } from '../channels/mailer.ts';
import { createScheduler } from '../scheduler/scheduler.ts';
import {
  decodeMail,
  insertAlert,
  insertRule,
  insertUser,
  priceChangeData,
  subscribe,
} from '../testing/alert-fixtures.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtp-test-server.ts';
import { createTestDb, memoryLogger, type TestDb } from '../testing/test-db.ts';
import { alertsDeliverJob } from './alerts-deliver.job.ts';
import { deliver, type DeliverDeps } from './alerts-deliver.ts';
import { localClock, runDigests } from './alerts-digest.ts';
import type { JobContext } from './job-definition.ts';

let t: TestDb;
let db: Db;
let queue: JobQueue<Db>;
let smtp: SmtpTestServer;
let mailer: Mailer;
let receiver: LocalServer;
type Received = { path: string; headers: IncomingMessage['headers']; body: string };
const received: Received[] = [];
const settings: ChannelSettings = {
  smtpUrl: 'set in beforeAll',
  mailFrom: 'PrecioFab <alertas@preciofab.test>',
  publicUrl: 'https://precios.example',
};

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  queue = createJobQueue(db, createLocalPubSub());
  smtp = await startSmtpTestServer();
  settings.smtpUrl = smtp.url;
  mailer = createMailer({ smtpUrl: smtp.url, from: settings.mailFrom, timeoutMs: 5000 });
  receiver = await startServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 204);
      res.writeHead(status);
      res.end();
    });
  });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await receiver.close();
  await t.drop();
});
beforeEach(async () => {
  smtp.refuseWith(null);
  // Each test sees only its own endpoints and jobs.
  await db.query('delete from webhook_endpoints');
  await db.query('delete from alert_deliveries');
  await db.query("delete from jobs where name like 'alerts.%'");
});

const deps = (over: Partial<DeliverDeps> = {}): DeliverDeps => ({
  db,
  queue,
  settings,
  mailer,
  allowedHosts: ['127.0.0.1'],
  random: () => 0,
  ...over,
});

async function deliveriesOf(alertId: string) {
  const r = await db.query<{
    id: string;
    channel: string;
    user_id: string | null;
    endpoint_id: string | null;
    mode: string;
    status: string;
    last_error: string | null;
    attempts: number;
  }>(
    'select id, channel, user_id, endpoint_id, mode, status, last_error, attempts from alert_deliveries where alert_id = $1 order by channel, mode',
    [alertId],
  );
  return r.rows;
}

async function deliverJobs() {
  const r = await db.query<{
    payload: { kind: string; delivery_id?: string; digest_id?: string };
    run_at: Date;
  }>(
    "select payload, run_at from jobs where name = 'alerts.deliver' and state = 'queued' order by created_at",
  );
  return r.rows;
}

async function endpoint(
  path: string,
  opts: { allRules?: boolean; ruleIds?: string[]; active?: boolean } = {},
) {
  const r = await db.query<{ id: string }>(
    `insert into webhook_endpoints (name, url, secret, active, all_rules) values ('Receptor', $1, 'whsec_test', $2, $3)
     returning id`,
    [`${receiver.origin}${path}`, opts.active ?? true, opts.allRules ?? true],
  );
  const id = r.rows[0]!.id;
  for (const rule of opts.ruleIds ?? []) {
    await db.query('insert into webhook_endpoint_rules (endpoint_id, rule_id) values ($1, $2)', [id, rule]);
  }
  return id;
}

const plan = (ids: string[]) => db.transaction((tx) => planAlertDeliveries(tx, queue, ids));

describe('planning deliveries', () => {
  it('follows each subscription, once per alert and recipient, and enqueues only immediate ones', async () => {
    const owner = await insertUser(db);
    const immediate = await insertUser(db);
    const digest = await insertUser(db);
    const off = await insertUser(db);
    const inactive = await insertUser(db, { active: false });
    const rule = await insertRule(db, owner);
    const otherRule = await insertRule(db, owner, 'Otra');
    await subscribe(db, immediate, rule, 'immediate');
    await subscribe(db, digest, rule, 'digest');
    await subscribe(db, off, rule, 'off');
    await subscribe(db, inactive, rule, 'immediate');
    const all = await endpoint('/status/204');
    const chosen = await endpoint('/status/204', { allRules: false, ruleIds: [otherRule] });
    await endpoint('/status/204', { active: false });
    const alert = await insertAlert(db, rule);

    const first = await plan([alert]);
    expect(first).toEqual({ alerts: 1, deliveries: 3, enqueued: 2 });
    const rows = await deliveriesOf(alert);
    // The owner (in-app only by default), the 'off' and the inactive user get no email; the endpoint
    // for another rule and the inactive endpoint get nothing.
    expect(rows.map((r) => [r.channel, r.user_id ?? r.endpoint_id, r.mode, r.status])).toEqual([
      ['email', digest, 'digest', 'queued'],
      ['email', immediate, 'immediate', 'queued'],
      ['webhook', all, 'immediate', 'queued'],
    ]);
    expect(rows.some((r) => r.endpoint_id === chosen)).toBe(false);
    expect((await deliverJobs()).map((j) => j.payload.delivery_id).sort()).toEqual(
      rows
        .filter((r) => r.mode === 'immediate')
        .map((r) => r.id)
        .sort(),
    );

    // Planning again (a repeated job, the sweep) adds nothing.
    expect(await plan([alert])).toEqual({ alerts: 0, deliveries: 0, enqueued: 0 });
    expect(await deliveriesOf(alert)).toHaveLength(3);
    expect(await deliverJobs()).toHaveLength(2);
  });

  it('plans the alerts of the calling transaction, and only those', async () => {
    const owner = await insertUser(db);
    const reader = await insertUser(db);
    const rule = await insertRule(db, owner);
    await subscribe(db, reader, rule, 'immediate');
    const before = await insertAlert(db, rule);
    const [mine, result] = await db.transaction(async (tx) => {
      const ids = [await insertAlert(tx, rule), await insertAlert(tx, rule)];
      return [ids, await planAlertsOfTransaction(tx, queue)] as const;
    });
    expect(result).toEqual({ alerts: 2, deliveries: 2, enqueued: 2 });
    for (const id of mine) expect(await deliveriesOf(id)).toHaveLength(1);
    expect(await deliveriesOf(before)).toHaveLength(0);
  });

  it('sweeps alerts nobody planned after a minute, and only those', async () => {
    const owner = await insertUser(db);
    const reader = await insertUser(db);
    const rule = await insertRule(db, owner);
    await subscribe(db, reader, rule, 'immediate');
    const now = new Date();
    const old = await insertAlert(db, rule, priceChangeData(), new Date(now.getTime() - 120_000));
    const fresh = await insertAlert(db, rule, priceChangeData(), new Date(now.getTime() - 10_000));
    const planned = await insertAlert(db, rule, priceChangeData(), new Date(now.getTime() - 120_000));
    await plan([planned]);

    const scheduler = createScheduler({ db, queue, log: memoryLogger(), crawls: false });
    const tick = await scheduler.tick(now);
    expect(tick.swept).toBe(1);
    expect(await deliveriesOf(old)).toHaveLength(1);
    expect(await deliveriesOf(fresh)).toHaveLength(0);
    expect(await deliveriesOf(planned)).toHaveLength(1);
    expect((await sweepUnplannedAlerts(db, queue, now)).alerts).toBe(0);
  });
});

describe('overdue deliveries', () => {
  it('are enqueued again by the sweep when their job was lost, once', async () => {
    const owner = await insertUser(db);
    const reader = await insertUser(db);
    const rule = await insertRule(db, owner);
    await subscribe(db, reader, rule, 'immediate');
    const alert = await insertAlert(db, rule);
    await plan([alert]);
    const [delivery] = await deliveriesOf(alert);
    // A worker died within an attempt: its lease ran out, and no job waits.
    await db.query("delete from jobs where name = 'alerts.deliver'");
    await db.query(
      "update alert_deliveries set next_attempt_at = now() - interval '10 minutes', attempts = 1",
    );
    expect(await requeueOverdueDeliveries(db, queue)).toBe(1);
    expect((await deliverJobs()).map((j) => j.payload)).toEqual([
      { kind: 'delivery', delivery_id: delivery!.id },
    ]);
    expect(await requeueOverdueDeliveries(db, queue)).toBe(0);
    const result = await deliver(deps(), { kind: 'delivery', delivery_id: delivery!.id });
    expect(result).toMatchObject({ outcome: 'sent', attempt: 2 });
  });
});

describe('email', () => {
  async function immediateEmail(language: 'es' | 'en') {
    const owner = await insertUser(db);
    const reader = await insertUser(db, { language });
    const rule = await insertRule(db, owner, 'Impresión <CDMX>');
    const token = await subscribe(db, reader, rule, 'immediate');
    const alert = await insertAlert(db, rule);
    await plan([alert]);
    const [delivery] = await deliveriesOf(alert);
    return { delivery: delivery!, token };
  }

  it.each([
    ['es', /el precio subió 25\s?%, de MXN 1,200\.00 a MXN 1,500\.00 por hora/, 'Alerta de PrecioFab'],
    ['en', /price up 25%, from MXN 1,200\.00 to MXN 1,500\.00 per hour/, 'PrecioFab alert'],
  ] as const)(
    'sends the change in %s, with its evidence and unsubscribe links',
    async (lang, sentence, subject) => {
      const { delivery, token } = await immediateEmail(lang);
      const before = smtp.received.length;
      const result = await deliver(deps(), { kind: 'delivery', delivery_id: delivery.id });
      expect(result).toMatchObject({ outcome: 'sent', attempt: 1 });
      expect(smtp.received.length).toBe(before + 1);
      const mail = decodeMail(smtp.received.at(-1)!.raw);
      expect(mail).toMatch(sentence);
      expect(mail).toContain(subject);
      expect(mail).toContain(
        `https://precios.example/prices?observation=${priceChangeData().observation_id}&offer=${priceChangeData().offer_id}`,
      );
      expect(mail).toContain(`https://precios.example/unsubscribe?token=${token}`);
      expect(mail).toMatch(
        new RegExp(`^List-Unsubscribe:\\s+<https://precios.example/api/v1/unsubscribe/${token}>`, 'm'),
      );
      // Names reach the HTML escaped, never as markup.
      expect(mail).toContain('Impresión FDM &lt;PLA&gt; &amp; &quot;PETG&quot;');
      expect(mail).not.toContain('<PLA>"');
      expect(mail).toContain('Impresión &lt;CDMX&gt;');
      const row = await db.query('select status, attempts from alert_deliveries where id = $1', [
        delivery.id,
      ]);
      expect(row.rows[0]).toEqual({ status: 'sent', attempts: 1 });
      const log = await db.query(
        'select outcome, smtp_reply from alert_delivery_attempts where delivery_id = $1',
        [delivery.id],
      );
      expect(log.rows).toEqual([{ outcome: 'sent', smtp_reply: expect.stringMatching(/^250/) }]);
      // A second copy of the job sends nothing.
      expect(await deliver(deps(), { kind: 'delivery', delivery_id: delivery.id })).toEqual({
        outcome: 'not_due',
      });
      expect(smtp.received.length).toBe(before + 1);
    },
  );

  it('is skipped, with the reason, when SMTP_URL is unset', async () => {
    const { delivery } = await immediateEmail('es');
    const before = smtp.received.length;
    const result = await deliver(deps({ mailer: null, settings: { ...settings, smtpUrl: null } }), {
      kind: 'delivery',
      delivery_id: delivery.id,
    });
    expect(result).toMatchObject({ outcome: 'skipped', reason: 'smtp_not_configured' });
    const row = await db.query('select status, last_error from alert_deliveries where id = $1', [
      delivery.id,
    ]);
    expect(row.rows[0]).toEqual({ status: 'skipped', last_error: 'smtp_not_configured' });
    expect(smtp.received.length).toBe(before);
  });

  it('retries a 451 through the queue and fails a 550 at once', async () => {
    const { delivery } = await immediateEmail('en');
    const now = new Date('2030-01-01T00:00:00Z');
    smtp.refuseWith({ code: 451, message: 'try later' });
    const first = await deliver(deps({ now: () => now }), { kind: 'delivery', delivery_id: delivery.id });
    expect(first).toEqual({ outcome: 'retry', attempt: 1, nextAttemptAt: new Date(now.getTime() + 30_000) });
    smtp.refuseWith({ code: 550, message: 'no such user' });
    const second = await deliver(deps({ now: () => new Date(now.getTime() + 30_000) }), {
      kind: 'delivery',
      delivery_id: delivery.id,
    });
    expect(second).toMatchObject({ outcome: 'failed', attempt: 2, reason: 'smtp_550' });
    const log = await db.query<{ outcome: string; error_code: string }>(
      'select outcome, error_code from alert_delivery_attempts where delivery_id = $1 order by id',
      [delivery.id],
    );
    expect(log.rows).toEqual([
      { outcome: 'retry', error_code: 'smtp_451' },
      { outcome: 'failed', error_code: 'smtp_550' },
    ]);
  });
});

describe('webhooks', () => {
  async function webhookDelivery(path: string) {
    const owner = await insertUser(db);
    const rule = await insertRule(db, owner);
    const ep = await endpoint(path);
    const alert = await insertAlert(db, rule);
    await plan([alert]);
    const row = (await deliveriesOf(alert)).find((d) => d.endpoint_id === ep)!;
    return { id: row.id, alert, rule };
  }

  it('POSTs a versioned JSON body the receiver verifies with the HMAC secret, through the job', async () => {
    const { id, alert, rule } = await webhookDelivery('/hook/status/200');
    const ctx = {
      db,
      queue,
      channels: settings,
      crawler: { settings: { allowedHosts: ['127.0.0.1'] } },
    } as unknown as JobContext;
    const outcome = await alertsDeliverJob.handler({ kind: 'delivery', delivery_id: id }, ctx);
    expect(outcome.status).toBe('success');
    const got = received.at(-1)!;
    expect(got.path).toBe('/hook/status/200');
    expect(
      verifyWebhook(
        'whsec_test',
        got.headers[WEBHOOK_SIGNATURE_HEADER] as string,
        got.headers[WEBHOOK_TIMESTAMP_HEADER] as string,
        got.body,
      ),
    ).toBe(true);
    expect(
      verifyWebhook(
        'whsec_other',
        got.headers[WEBHOOK_SIGNATURE_HEADER] as string,
        got.headers[WEBHOOK_TIMESTAMP_HEADER] as string,
        got.body,
      ),
    ).toBe(false);
    expect(got.headers['x-preciofab-delivery']).toBe(id);
    expect(JSON.parse(got.body)).toMatchObject({
      version: 1,
      event: 'alert.created',
      delivery_id: id,
      alert: { id: alert, kind: 'price_change', data: { new_price: 1500, currency: 'MXN' } },
      rule: { id: rule, name: 'Precios de impresión' },
      links: { evidence: expect.stringMatching(/^https:\/\/precios\.example\/prices\?observation=/) },
    });
    const log = await db.query(
      'select outcome, http_status from alert_delivery_attempts where delivery_id = $1',
      [id],
    );
    expect(log.rows).toEqual([{ outcome: 'sent', http_status: 200 }]);
  });

  it('retries with backoff through the queue’s run_at, logging each attempt, then fails after the last', async () => {
    const { id } = await webhookDelivery('/status/503');
    await db.query("delete from jobs where name = 'alerts.deliver'");
    let now = new Date('2030-01-01T00:00:00Z');
    const waits: number[] = [];
    for (let attempt = 1; attempt < DELIVERY_MAX_ATTEMPTS; attempt++) {
      const result = await deliver(deps({ now: () => now }), { kind: 'delivery', delivery_id: id });
      expect(result).toMatchObject({ outcome: 'retry', attempt });
      const [job] = await deliverJobs();
      expect(job!.payload).toEqual({ kind: 'delivery', delivery_id: id });
      waits.push(job!.run_at.getTime() - now.getTime());
      // Not due before its time: an early copy of the job does nothing.
      expect(
        await deliver(deps({ now: () => new Date(now.getTime() + 1000) }), {
          kind: 'delivery',
          delivery_id: id,
        }),
      ).toEqual({ outcome: 'not_due' });
      // The worker takes the job at its run_at.
      await db.query("delete from jobs where name = 'alerts.deliver'");
      now = job!.run_at;
    }
    expect(waits).toEqual([30_000, 120_000, 480_000, 1_920_000, 7_680_000]);
    const last = await deliver(deps({ now: () => now }), { kind: 'delivery', delivery_id: id });
    expect(last).toMatchObject({ outcome: 'failed', attempt: DELIVERY_MAX_ATTEMPTS, reason: 'http_status' });
    expect(await deliverJobs()).toEqual([]);
    const log = await db.query<{ attempt: number; outcome: string; http_status: number }>(
      'select attempt, outcome, http_status from alert_delivery_attempts where delivery_id = $1 order by id',
      [id],
    );
    expect(log.rows.map((r) => [r.attempt, r.outcome, r.http_status])).toEqual([
      [1, 'retry', 503],
      [2, 'retry', 503],
      [3, 'retry', 503],
      [4, 'retry', 503],
      [5, 'retry', 503],
      [6, 'failed', 503],
    ]);
    const row = await db.query(
      'select status, attempts, next_attempt_at from alert_deliveries where id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ status: 'failed', attempts: 6, next_attempt_at: null });
  });

  it('skips, logged, a delivery whose endpoint was switched off after planning', async () => {
    const { id } = await webhookDelivery('/status/200');
    await db.query('update webhook_endpoints set active = false');
    const before = received.length;
    expect(await deliver(deps(), { kind: 'delivery', delivery_id: id })).toMatchObject({
      outcome: 'skipped',
      reason: 'endpoint_inactive',
    });
    expect(received.length).toBe(before);
    const log = await db.query(
      'select outcome, error_code from alert_delivery_attempts where delivery_id = $1',
      [id],
    );
    expect(log.rows).toEqual([{ outcome: 'skipped', error_code: 'endpoint_inactive' }]);
  });

  it('does not retry a 4xx, and refuses a private address the allow-list does not name', async () => {
    const gone = await webhookDelivery('/status/410');
    expect(await deliver(deps(), { kind: 'delivery', delivery_id: gone.id })).toMatchObject({
      outcome: 'failed',
    });
    const refused = await webhookDelivery('/status/200');
    const before = received.length;
    const result = await deliver(deps({ allowedHosts: [] }), { kind: 'delivery', delivery_id: refused.id });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'refused_address' });
    expect(received.length).toBe(before);
  });
});

describe('daily digest', () => {
  it('goes out at the user’s digest hour on their own clock, once per local day', async () => {
    const owner = await insertUser(db);
    const mx = await insertUser(db, { language: 'es', timeZone: 'America/Mexico_City', digestHour: 8 });
    const tokyo = await insertUser(db, { language: 'en', timeZone: 'Asia/Tokyo', digestHour: 8 });
    const rule = await insertRule(db, owner);
    await subscribe(db, mx, rule, 'digest');
    await subscribe(db, tokyo, rule, 'digest');
    const a1 = await insertAlert(db, rule, priceChangeData({ offer_name: 'Corte láser' }));
    const a2 = await insertAlert(
      db,
      rule,
      priceChangeData({ offer_name: 'Fresado CNC', change_percent: -12.5 }),
    );
    await plan([a1, a2]);
    expect(await deliverJobs()).toEqual([]);

    const digests = async () =>
      (
        await db.query<{ user_id: string; local_date: string }>(
          "select user_id, to_char(local_date, 'YYYY-MM-DD') as local_date from alert_digests order by created_at",
        )
      ).rows;
    // 13:00 UTC is 7:00 in Mexico City and 22:00 in Tokyo: nobody's hour.
    expect(localClock(new Date('2030-01-15T13:00:00Z'), 'America/Mexico_City')).toEqual({
      date: '2030-01-15',
      hour: 7,
    });
    expect(await runDigests(db, queue, new Date('2030-01-15T13:00:00Z'))).toEqual({ digests: 0 });
    // 14:00 UTC is 8:00 in Mexico City.
    expect(await runDigests(db, queue, new Date('2030-01-15T14:00:00Z'))).toEqual({ digests: 1 });
    expect(await digests()).toEqual([{ user_id: mx, local_date: '2030-01-15' }]);
    // The same hour again (a second scheduler, a repeated job): nothing more.
    expect(await runDigests(db, queue, new Date('2030-01-15T14:30:00Z'))).toEqual({ digests: 0 });
    // 23:00 UTC is 8:00 the next day in Tokyo.
    expect(await runDigests(db, queue, new Date('2030-01-15T23:00:00Z'))).toEqual({ digests: 1 });
    expect((await digests()).at(-1)).toEqual({ user_id: tokyo, local_date: '2030-01-16' });

    const jobs = await deliverJobs();
    expect(jobs.map((j) => j.payload.kind)).toEqual(['digest', 'digest']);
    const before = smtp.received.length;
    for (const j of jobs) {
      expect(await deliver(deps(), { kind: 'digest', digest_id: j.payload.digest_id! })).toMatchObject({
        outcome: 'sent',
      });
    }
    expect(smtp.received.length).toBe(before + 2);
    const es = decodeMail(smtp.received.at(-2)!.raw);
    expect(es).toContain('Resumen diario de PrecioFab: 2 alertas');
    expect(es).toContain('Corte láser');
    expect(es).toMatch(/Fresado CNC \(Taller Ñandú\): el precio bajó 12\.5\s?%/);
    const en = decodeMail(smtp.received.at(-1)!.raw);
    expect(en).toContain('PrecioFab daily digest: 2 alerts');
    const rows = await db.query('select status from alert_deliveries where alert_id = any($1::uuid[])', [
      [a1, a2],
    ]);
    expect(rows.rows.every((r) => (r as { status: string }).status === 'sent')).toBe(true);

    // A new item waits for the next local day's hour: once per day.
    const a3 = await insertAlert(db, rule);
    await plan([a3]);
    expect(await runDigests(db, queue, new Date('2030-01-15T14:45:00Z'))).toEqual({ digests: 0 });
    expect(await runDigests(db, queue, new Date('2030-01-16T14:00:00Z'))).toEqual({ digests: 1 });
    expect((await digests()).at(-1)).toEqual({ user_id: mx, local_date: '2030-01-16' });
  });

  it('is enqueued by the scheduler once an hour while items wait', async () => {
    const log = memoryLogger();
    const scheduler = createScheduler({ db, queue, log, crawls: false });
    const owner = await insertUser(db);
    const reader = await insertUser(db);
    const rule = await insertRule(db, owner);
    await subscribe(db, reader, rule, 'digest');
    await plan([await insertAlert(db, rule)]);
    const at = new Date('2030-02-01T10:00:05Z');
    expect((await scheduler.tick(at)).digests).toBe(1);
    expect((await scheduler.tick(new Date('2030-02-01T10:30:00Z'))).digests).toBe(0);
    const job = await db.query<{ payload: { at: string } }>(
      "select payload from jobs where name = 'alerts.digest'",
    );
    expect(job.rows.map((r) => r.payload.at)).toEqual([at.toISOString()]);
  });
});
