import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createJobQueue } from '@preciofab/db/job-queue';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { alertRulesRepository } from '@preciofab/db/repositories/alert-rules.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import type { AlertRuleCreate } from '@preciofab/shared/contracts/alerts';
import {
  ALERTS_EVALUATE_JOB,
  benchmarkCalculatePayload,
  NOTIFICATIONS_CHANNEL,
  type AlertsEvaluatePayload,
} from '@preciofab/shared/contracts/jobs';
import { createPipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import { memoryLogger, createTestDb } from '../testing/test-db.ts';
import { benchmarkCalculateJob } from './benchmark-calculate.job.ts';
import { alertsEvaluateJob } from './alerts-evaluate.job.ts';
import type { JobContext } from './job-definition.ts';

let db: Db;
let drop: () => Promise<void>;
const pubsub = createLocalPubSub();
const signals: unknown[] = [];
let owner: string;
let other: string;
let vendor: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  pubsub.subscribe(NOTIFICATIONS_CHANNEL, (m) => signals.push(m));
  owner = (
    await one<{ id: string }>(
      "insert into users (email, name, role, password_hash) values ('op@example.com', 'Op', 'operator', 'x') returning id",
    )
  ).id;
  other = (
    await one<{ id: string }>(
      "insert into users (email, name, role, password_hash) values ('op2@example.com', 'Op2', 'operator', 'x') returning id",
    )
  ).id;
  vendor = (
    await one<{ id: string }>(
      "insert into vendors (name, type, region) values ('Fab', 'bureau', 'CDMX') returning id",
    )
  ).id;
});
afterAll(() => drop());

beforeEach(async () => {
  await db.query('delete from alert_rules');
  alertRulesRepository.forgetActiveKinds();
});

const ctx = (): JobContext =>
  ({
    db,
    pubsub,
    queue: createJobQueue(db, pubsub),
    log: memoryLogger(),
    job: { id: randomUUID() },
    workerId: 'test',
  }) as unknown as JobContext;

const evaluate = (payload: AlertsEvaluatePayload) => alertsEvaluateJob.handler(payload, ctx());

const addRule = (kind: AlertRuleCreate['kind'], fields: Partial<AlertRuleCreate>, ownerId = owner) =>
  alertRulesRepository.insert(db, ownerId, {
    name: `${kind} rule`,
    kind,
    active: true,
    vendor_id: null,
    category: null,
    subcategory: null,
    region: null,
    offer_id: null,
    change_percent: null,
    change_amount: null,
    change_currency: null,
    missed_crawls: null,
    failures: null,
    min_confidence: null,
    ...fields,
  });

const alertsOf = async (ruleId: string) =>
  (
    await db.query<{ id: string; kind: string; data: Record<string, unknown> }>(
      'select id, kind, data from alerts where rule_id = $1 order by created_at',
      [ruleId],
    )
  ).rows;
const notificationsOf = async (userId: string) =>
  (await db.query<{ alert_id: string }>('select alert_id from notifications where user_id = $1', [userId]))
    .rows;
const queuedEvaluations = async () =>
  (
    await db.query<{ payload: AlertsEvaluatePayload }>(
      "select payload from jobs where name = $1 and state = 'queued' order by created_at",
      [ALERTS_EVALUATE_JOB],
    )
  ).rows.map((r) => r.payload);

async function newOffer(key: string): Promise<string> {
  return (
    await one<{ id: string }>(
      "insert into offers (vendor_id, offer_key, name, category) values ($1, $2, $2, 'additive_manufacturing') returning id",
      [vendor, key],
    )
  ).id;
}

async function observe(
  offerId: string,
  price: number,
  daysAgo: number,
  extra: { targetId?: string; confidence?: number } = {},
): Promise<string> {
  return (
    await one<{ id: string }>(
      `insert into price_observations (offer_id, vendor_id, crawl_target_id, offer_name, category, subcategory,
         price, currency, unit, region, confidence_score, observed_at)
       values ($1, $2, $3, 'PLA', 'additive_manufacturing', 'FDM', $4, 'MXN', 'cm3', 'CDMX', $5,
               now() - make_interval(days => $6)) returning id`,
      [offerId, vendor, extra.targetId ?? null, price, extra.confidence ?? 0.8, daysAgo],
    )
  ).id;
}

describe('alerts.evaluate: prices stored', () => {
  it('queues nothing while no rule of a kind the event raises is active', async () => {
    const offer = await newOffer('quiet');
    const obs = await observe(offer, 100, 0);
    await db.query('delete from jobs');
    await addRule('benchmark_move', { change_percent: 5 });
    await alertTriggers.observationsStored(db, [obs]);
    expect(await queuedEvaluations()).toEqual([]);
    const rule = await addRule('price_change', { change_percent: 5 });
    await db.query('update alert_rules set active = false where id = $1', [rule]);
    alertRulesRepository.forgetActiveKinds();
    await alertTriggers.observationsStored(db, [obs]);
    expect(await queuedEvaluations()).toEqual([]);
  });

  it('raises a price change once, from the queued event, and notifies the owner only', async () => {
    const offer = await newOffer('pla');
    const first = await observe(offer, 100, 2);
    const second = await observe(offer, 115, 0);
    const hit = await addRule('price_change', { change_percent: 15, vendor_id: vendor });
    const miss = await addRule('price_change', { change_percent: 15.5 });
    const elsewhere = await addRule('price_change', { change_percent: 1, region: 'LATAM' });
    await db.query('delete from jobs');
    await alertTriggers.observationsStored(db, [second]);
    const [payload] = await queuedEvaluations();
    expect(payload).toEqual({ event: 'observations_stored', observation_ids: [second] });

    signals.length = 0;
    await evaluate(payload!);
    const [alert] = await alertsOf(hit);
    expect(alert?.data).toMatchObject({
      old_price: 100,
      new_price: 115,
      change_percent: 15,
      observation_id: second,
      previous_observation_id: first,
      basis: 'observed',
    });
    expect(await alertsOf(miss)).toEqual([]);
    expect(await alertsOf(elsewhere)).toEqual([]);
    expect((await notificationsOf(owner)).map((n) => n.alert_id)).toContain(alert!.id);
    expect(await notificationsOf(other)).toEqual([]);
    expect(signals).toEqual([{ user_ids: [owner] }]);

    // Delivered again (queues deliver at least once): nothing new, no one notified again.
    signals.length = 0;
    const before = (await notificationsOf(owner)).length;
    await evaluate(payload!);
    expect(await alertsOf(hit)).toHaveLength(1);
    expect(await notificationsOf(owner)).toHaveLength(before);
    expect(signals).toEqual([]);
  });

  it('raises a new offer on its first reading only, and skips a reading held for review', async () => {
    const rule = await addRule('new_offer', { category: 'additive_manufacturing' });
    const offer = await newOffer('brand-new');
    const first = await observe(offer, 50, 1);
    const second = await observe(offer, 80, 0);
    await evaluate({ event: 'observations_stored', observation_ids: [first, second] });
    const alerts = await alertsOf(rule);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({ observation_id: first, price: 50 });

    const change = await addRule('price_change', { change_percent: 1 });
    const held = await observe(offer, 200, 0);
    await db.query("insert into observation_reviews (observation_id, status) values ($1, 'pending')", [held]);
    await evaluate({ event: 'observations_stored', observation_ids: [held] });
    expect(await alertsOf(change)).toEqual([]);
  });

  it('measures a change from the last reading that counts, not from a held or rejected one', async () => {
    const offer = await newOffer('misread');
    await observe(offer, 100, 3);
    const misread = await observe(offer, 10, 2);
    await db.query("insert into observation_reviews (observation_id, status) values ($1, 'rejected')", [
      misread,
    ]);
    const again = await observe(offer, 104, 1);
    const rule = await addRule('price_change', { change_percent: 5, vendor_id: vendor });
    await evaluate({ event: 'observations_stored', observation_ids: [again] });
    // 100 -> 104 is 4 %: no alert (from the misread 10 it would have been +940 %).
    expect(await alertsOf(rule)).toEqual([]);
    const moved = await observe(offer, 110, 0);
    await evaluate({ event: 'observations_stored', observation_ids: [moved] });
    expect((await alertsOf(rule)).map((a) => a.data)).toEqual([
      expect.objectContaining({ previous_observation_id: again, old_price: 104, new_price: 110 }),
    ]);
  });
});

async function crawl(targetId: string, status: 'done' | 'failed', hoursAgo: number): Promise<string> {
  const run = (
    await one<{ id: string }>(
      "insert into crawl_runs (type, status) values ('all', 'completed') returning id",
    )
  ).id;
  await db.query(
    `insert into crawl_run_targets (run_id, target_id, status, finished_at)
     values ($1, $2, $3, now() - make_interval(hours => $4))`,
    [run, targetId, status, hoursAgo],
  );
  return run;
}

async function newTarget(path: string): Promise<string> {
  return (
    await one<{ id: string }>(
      `insert into crawl_targets (vendor_id, url, domain, category)
       values ($1, $2, 'fab.example', 'laser_cutting') returning id`,
      [vendor, `https://fab.example/${path}`],
    )
  ).id;
}

describe('alerts.evaluate: crawl run finished', () => {
  it('raises an offer gone after N crawls of its target missed it, once', async () => {
    const target = await newTarget('gone');
    const offer = await newOffer('gone-offer');
    await observe(offer, 10, 5, { targetId: target });
    // Seen by the crawl 100 hours ago (captured just before it finished), then missed twice.
    await db.query("update offers set last_seen_at = now() - interval '100 hours 1 minute' where id = $1", [
      offer,
    ]);
    await crawl(target, 'done', 100);
    const missedOnce = await crawl(target, 'done', 50);
    await crawl(target, 'failed', 30); // A failed crawl read nothing: it does not count.
    const missedTwice = await crawl(target, 'done', 1);
    const two = await addRule('offer_gone', { missed_crawls: 2, vendor_id: vendor });
    const three = await addRule('offer_gone', { missed_crawls: 3 });

    await evaluate({ event: 'crawl_run_finished', run_id: missedOnce });
    expect(await alertsOf(two)).toEqual([]);
    await evaluate({ event: 'crawl_run_finished', run_id: missedTwice });
    await evaluate({ event: 'crawl_run_finished', run_id: missedTwice });
    const alerts = await alertsOf(two);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({ offer_id: offer, missed_crawls: 2, target_id: target });
    expect(await alertsOf(three)).toEqual([]);
  });

  it('raises a failing target when its streak reaches N, once per streak', async () => {
    const target = await newTarget('failing');
    const rule = await addRule('target_failing', { failures: 2, category: 'laser_cutting' });
    const otherCategory = await addRule('target_failing', { failures: 1, category: 'materials' });
    await crawl(target, 'done', 10);
    const firstFailure = await crawl(target, 'failed', 8);
    const secondFailure = await crawl(target, 'failed', 6);
    const thirdFailure = await crawl(target, 'failed', 4);
    await evaluate({ event: 'crawl_run_finished', run_id: firstFailure });
    expect(await alertsOf(rule)).toEqual([]);
    await evaluate({ event: 'crawl_run_finished', run_id: secondFailure });
    await evaluate({ event: 'crawl_run_finished', run_id: thirdFailure });
    const alerts = await alertsOf(rule);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({ failures: 2, target_id: target, run_id: secondFailure });
    expect(await alertsOf(otherCategory)).toEqual([]);

    // A success ends the streak; the next one alerts again.
    await crawl(target, 'done', 3);
    await crawl(target, 'failed', 2);
    const again = await crawl(target, 'failed', 1);
    await evaluate({ event: 'crawl_run_finished', run_id: again });
    expect(await alertsOf(rule)).toHaveLength(2);
  });
});

describe('alerts.evaluate: discovery and benchmarks', () => {
  it('raises one alert per discovery run with its candidates above the confidence', async () => {
    const rule = await addRule('discovery_candidate', { min_confidence: 0.6 });
    const high = await addRule('discovery_candidate', { min_confidence: 0.95 });
    const source = (
      await one<{ id: string }>(
        "insert into discovery_sources (name, type) values ('Search', 'search_engine') returning id",
      )
    ).id;
    await db.query('delete from jobs');
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into discovery_candidates (source_id, domain, url, confidence_score)
         values ($1, 'a.example', 'https://a.example', 0.9), ($1, 'b.example', 'https://b.example', 0.5)`,
        [source],
      );
      await alertTriggers.discoveryRunFinished(tx, source, 'job-1');
    });
    const [payload] = await queuedEvaluations();
    expect(payload).toMatchObject({ event: 'discovery_run_finished', source_id: source, run_key: 'job-1' });
    expect(payload?.event === 'discovery_run_finished' && payload.candidate_ids).toHaveLength(2);
    await evaluate(payload!);
    await evaluate(payload!);
    const alerts = await alertsOf(rule);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({
      count: 1,
      source_name: 'Search',
      candidates: [{ domain: 'a.example' }],
    });
    expect(await alertsOf(high)).toEqual([]);
  });

  it('raises a benchmark move against the group’s previous calculation', async () => {
    const rule = await addRule('benchmark_move', {
      change_percent: 30,
      category: 'laser_cutting',
      region: 'CDMX',
    });
    const tooHigh = await addRule('benchmark_move', { change_percent: 30.5 });
    const [before, after] = [randomUUID(), randomUUID()];
    const insert = (calc: string, median: number, hoursAgo: number) =>
      db.query(
        `insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days,
           price_p10, price_p25, price_p50, price_p75, price_p90, observation_count, vendor_count, calculated_at)
         values ($1, 'laser_cutting', 'CO2 Laser', 'minute', 'CDMX', 30, 1, 1, $2, 5, 5, 10, 3,
                 now() - make_interval(hours => $3))`,
        [calc, median, hoursAgo],
      );
    await insert(before, 2, 24);
    await insert(after, 2.6, 0);
    await evaluate({ event: 'benchmark_calculated', calculation_id: after });
    await evaluate({ event: 'benchmark_calculated', calculation_id: after });
    const alerts = await alertsOf(rule);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({
      old_median: 2,
      new_median: 2.6,
      change_percent: 30,
      previous_calculation_id: before,
    });
    expect(await alertsOf(tooHigh)).toEqual([]);
    // The first calculation has nothing to compare with.
    await evaluate({ event: 'benchmark_calculated', calculation_id: before });
    expect(await alertsOf(rule)).toHaveLength(1);
  });
});

describe('alerts.evaluate: recipients', () => {
  it('notifies whoever chose the rule in-app, and not an owner who opted out', async () => {
    const rule = await addRule('price_change', { change_percent: 1 });
    await db.query(
      `insert into alert_subscriptions (user_id, rule_id, in_app) values ($1, $3, false), ($2, $3, true)`,
      [owner, other, rule],
    );
    const offer = await newOffer('subscribed');
    await observe(offer, 10, 1);
    const changed = await observe(offer, 20, 0);
    await evaluate({ event: 'observations_stored', observation_ids: [changed] });
    const [alert] = await alertsOf(rule);
    expect((await notificationsOf(other)).map((n) => n.alert_id)).toEqual([alert!.id]);
    expect((await notificationsOf(owner)).map((n) => n.alert_id)).not.toContain(alert!.id);
  });
});

describe('the write paths’ hooks', () => {
  it('a benchmark calculation queues its evaluation when a benchmark rule is active', async () => {
    for (const [i, usd] of [1, 2, 3].entries()) {
      const v = await one<{ id: string }>(
        "insert into vendors (name, type, region) values ($1, 'bureau', 'CDMX') returning id",
        [`Laser ${i}`],
      );
      const o = await one<{ id: string }>(
        "insert into offers (vendor_id, offer_key, name) values ($1, 'cut', 'Cut') returning id",
        [v.id],
      );
      await db.query(
        `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit, region,
           base_unit, price_usd, price_net_usd, confidence_score, observed_at)
         values ($1, $2, 'Cut', 'laser_cutting', $3, 'USD', 'minute', 'CDMX', 'minute', $3, $3, 0.6, now() - interval '1 day')`,
        [o.id, v.id, usd],
      );
    }
    const calculate = async () => {
      const id = randomUUID();
      await benchmarkCalculateJob.handler(benchmarkCalculatePayload.parse({ category: 'laser_cutting' }), {
        ...ctx(),
        pipeline: createPipelinePublisher(pubsub),
        job: { id } as JobContext['job'],
      });
      return id;
    };
    await db.query('delete from jobs');
    await calculate();
    expect(await queuedEvaluations()).toEqual([]);

    await addRule('benchmark_move', { change_percent: 1 });
    const calculation = await calculate();
    expect(await queuedEvaluations()).toEqual([
      { event: 'benchmark_calculated', calculation_id: calculation },
    ]);
  });
});
