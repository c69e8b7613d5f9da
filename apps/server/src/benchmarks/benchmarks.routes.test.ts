import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkCalculateJob } from '@preciofab/worker/jobs/benchmark-calculate.job';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let runner: WorkerRunner | null = null;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await runner?.stop();
  await t.close();
});

/** Observations straight into the tables, already normalized to USD per base unit. */
async function seed(
  rows: { vendor: string; region: string; usd: number; daysAgo: number; subcategory?: string }[],
) {
  const vendorIds = new Map<string, string>();
  for (const [i, row] of rows.entries()) {
    let vendorId = vendorIds.get(row.vendor);
    if (!vendorId) {
      const v = await t.db.query<{ id: string }>(
        "insert into vendors (name, type) values ($1, 'bureau') returning id",
        [row.vendor],
      );
      vendorId = v.rows[0]!.id;
      vendorIds.set(row.vendor, vendorId);
    }
    const offer = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name, category, unit)
       values ($1, $2, 'FDM print', 'additive_manufacturing', 'cm3') returning id`,
      [vendorId, `fdm-${i}`],
    );
    await t.db.query(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, subcategory, price, currency, unit,
         region, base_unit, price_usd, price_net_usd, confidence_score, observed_at)
       values ($1, $2, 'FDM print', 'additive_manufacturing', $3, $4, 'USD', 'cm3', $5, 'cm3', $4, $4, 0.8,
               now() - make_interval(days => $6))`,
      [offer.rows[0]!.id, vendorId, row.subcategory ?? 'FDM', row.usd, row.region, row.daysAgo],
    );
  }
}

async function waitForJob(id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await t.ctx.queue.get(id);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const fieldErrors = (body: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('POST /api/v1/benchmarks/calculate', () => {
  it('queues a job with the defaults and logs it', async () => {
    const res = await t.call('POST', '/api/v1/benchmarks/calculate', {
      token: t.users.operator.token,
      body: {},
    });
    expect(res.statusCode).toBe(202);
    const { job_id, status } = res.json();
    expect(status).toBe('queued');
    const job = await t.ctx.queue.get(job_id);
    expect(job).toMatchObject({ name: 'benchmark.calculate', state: 'queued' });
    expect(job!.payload).toMatchObject({
      category: null,
      region: null,
      time_window_days: 30,
      min_observations: 3,
      force_recalculation: false,
      requested_by: t.users.operator.id,
    });
    const log = await t.db.query<{ action: string; actor_id: string }>(
      'select action, actor_id from activity_log where entity_id = $1',
      [job_id],
    );
    expect(log.rows).toEqual([{ action: 'benchmark_queued', actor_id: t.users.operator.id }]);
  });

  it('answers an identical request with the pending job, unless forced', async () => {
    const body = { category: 'cnc_machining', region: 'Mexico', time_window_days: 90, min_observations: 5 };
    const a = (await t.call('POST', '/api/v1/benchmarks/calculate', { body })).json();
    const b = (await t.call('POST', '/api/v1/benchmarks/calculate', { body })).json();
    expect(b).toEqual(a);
    const other = (
      await t.call('POST', '/api/v1/benchmarks/calculate', { body: { ...body, min_observations: 6 } })
    ).json();
    expect(other.job_id).not.toBe(a.job_id);
    const forced = await t.call('POST', '/api/v1/benchmarks/calculate', {
      body: { ...body, force_recalculation: true },
    });
    expect(forced.statusCode).toBe(202);
    expect(forced.json().job_id).not.toBe(a.job_id);
    const n = await t.db.query<{ n: number }>(
      "select count(*)::int as n from activity_log where action = 'benchmark_queued'",
    );
    expect(n.rows[0]!.n).toBe(4); // the first test's, a, other, forced: not b
  });

  it('accepts null for All', async () => {
    const res = await t.call('POST', '/api/v1/benchmarks/calculate', {
      body: { category: null, region: null, time_window_days: 7 },
    });
    expect(res.statusCode).toBe(202);
  });

  it('answers the spec §5 min_observations messages as field errors, in both languages', async () => {
    const low = await t.call('POST', '/api/v1/benchmarks/calculate', { body: { min_observations: 0 } });
    expect(low.statusCode).toBe(400);
    expect(fieldErrors(low.json())).toEqual({ min_observations: 'Minimum observations must be at least 1' });
    const high = await t.call('POST', '/api/v1/benchmarks/calculate', { body: { min_observations: 101 } });
    expect(fieldErrors(high.json())).toEqual({
      min_observations: 'Minimum observations must be at most 100',
    });
    const es = await t.call('POST', '/api/v1/benchmarks/calculate', {
      lang: 'es',
      body: { min_observations: 0 },
    });
    expect(es.json().errors[0].message).toBe('El mínimo de observaciones debe ser al menos 1');
  });

  it('rejects bad windows, regions, types and unknown fields', async () => {
    const cases = [
      { time_window_days: 14 },
      { time_window_days: 180 },
      { region: 'Global' },
      { category: 'woodwork' },
      { force_recalculation: 'yes' },
      { min_observations: 2.5 },
      { colour: 'red' },
    ];
    for (const body of cases) {
      const res = await t.call('POST', '/api/v1/benchmarks/calculate', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].field).toBe(Object.keys(body)[0]);
    }
  });

  it('needs a token and the operator role', async () => {
    expect((await t.call('POST', '/api/v1/benchmarks/calculate', { token: null, body: {} })).statusCode).toBe(
      401,
    );
    const res = await t.call('POST', '/api/v1/benchmarks/calculate', {
      token: t.users.viewer.token,
      body: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/v1/benchmarks', () => {
  it('is empty before any calculation, and checks its query', async () => {
    const res = await t.call('GET', '/api/v1/benchmarks', { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
    const queries: Record<string, string | number>[] = [
      { time_window: 45 },
      { region: 'Mars' },
      { category: 'x' },
      { colour: 'red' },
    ];
    for (const query of queries) {
      expect((await t.call('GET', '/api/v1/benchmarks', { query })).statusCode, JSON.stringify(query)).toBe(
        400,
      );
    }
    expect((await t.call('GET', '/api/v1/benchmarks', { token: null })).statusCode).toBe(401);
  });
});

describe('calculation end to end through the worker runner', () => {
  const events: PipelineEvent[] = [];
  let first: string;

  it('calculates every region scope from the stored observations', async () => {
    // Earlier tests queued jobs; only this test's job should run.
    await t.db.query("update jobs set state = 'cancelled' where state = 'queued'");
    await seed([
      { vendor: 'A', region: 'CDMX', usd: 0.1, daysAgo: 1 },
      { vendor: 'B', region: 'CDMX', usd: 0.2, daysAgo: 2 },
      { vendor: 'C', region: 'CDMX', usd: 0.3, daysAgo: 3 },
      { vendor: 'C', region: 'CDMX', usd: 0.4, daysAgo: 4 },
      { vendor: 'D', region: 'Mexico', usd: 1.0, daysAgo: 5 },
      { vendor: 'E', region: 'Global', usd: 2.0, daysAgo: 6 },
      { vendor: 'A', region: 'CDMX', usd: 50, daysAgo: 45 }, // outside 30 days
      { vendor: 'A', region: 'CDMX', usd: 5, daysAgo: 1, subcategory: 'SLA' }, // one vendor only
    ]);
    t.ctx.pubsub.subscribe(PIPELINE_CHANNEL, (m) => events.push(m as PipelineEvent));
    runner = createWorkerRunner({
      db: t.db,
      pubsub: t.ctx.pubsub,
      definitions: [benchmarkCalculateJob],
      concurrency: 1,
      log: { info: () => undefined, error: () => undefined },
      pollMs: 50,
    });
    await runner.start();

    const res = await t.call('POST', '/api/v1/benchmarks/calculate', {
      token: t.users.operator.token,
      body: {},
    });
    first = res.json().job_id;
    const job = await waitForJob(first);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ count: 4, by_region: { CDMX: 1, Mexico: 1, LATAM: 1, Global: 1 } });

    const list = (await t.call('GET', '/api/v1/benchmarks', { token: t.users.viewer.token })).json().data;
    expect(list.map((b: { region: string }) => b.region).sort()).toEqual([
      'CDMX',
      'Global',
      'LATAM',
      'Mexico',
    ]);
    const cdmx = list.find((b: { region: string }) => b.region === 'CDMX');
    expect(cdmx).toMatchObject({
      category: 'additive_manufacturing',
      subcategory: 'FDM',
      base_unit: 'cm3',
      time_window_days: 30,
      currency: 'USD',
      tax_basis: 'net',
      observation_count: 4,
      vendor_count: 3,
      average_confidence: 0.8,
    });
    // 0.1, 0.2, 0.3, 0.4 interpolated
    expect(cdmx.price_p10).toBeCloseTo(0.13, 6);
    expect(cdmx.price_p25).toBeCloseTo(0.175, 6);
    expect(cdmx.price_p50).toBeCloseTo(0.25, 6);
    expect(cdmx.price_p75).toBeCloseTo(0.325, 6);
    expect(cdmx.price_p90).toBeCloseTo(0.37, 6);
    expect(cdmx.price_mean).toBeCloseTo(0.25, 6);
    expect(cdmx.price_stddev).toBeCloseTo(Math.sqrt(0.05 / 3), 6);
    const global = list.find((b: { region: string }) => b.region === 'Global');
    expect(global).toMatchObject({ observation_count: 6, vendor_count: 5 });

    const log = await t.db.query<{ details: { count: number } }>(
      "select details from activity_log where action = 'benchmark_completed' and entity_id = $1",
      [first],
    );
    expect(log.rows[0]!.details.count).toBe(4);

    const mine = events.filter((e) => e.details.job_id === first);
    expect(mine[0]).toMatchObject({ stage: 'benchmark_calculation', status: 'running', progress: 0 });
    expect(mine.at(-1)).toMatchObject({
      stage: 'completed',
      status: 'completed',
      progress: 100,
      message_key: 'pipeline.benchmark.completed',
      values: { count: 4 },
      details: { source: 'benchmark' },
    });
    const progress = mine.map((e) => e.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('keeps history: the list shows the latest calculation, history every one', async () => {
    await seed([{ vendor: 'F', region: 'CDMX', usd: 0.5, daysAgo: 1 }]);
    const res = await t.call('POST', '/api/v1/benchmarks/calculate', { body: { region: 'CDMX' } });
    const second = res.json().job_id;
    expect((await waitForJob(second)).state).toBe('completed');

    const list = (
      await t.call('GET', '/api/v1/benchmarks', {
        query: { category: 'additive_manufacturing', region: 'CDMX', time_window: 30 },
      })
    ).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ observation_count: 5, vendor_count: 4 });
    expect(list[0].price_p50).toBeCloseTo(0.3, 6);

    const history = await t.call('GET', '/api/v1/benchmarks/history', {
      token: t.users.viewer.token,
      query: {
        category: 'additive_manufacturing',
        subcategory: 'FDM',
        base_unit: 'cm3',
        region: 'CDMX',
        time_window: 30,
      },
    });
    expect(history.statusCode).toBe(200);
    const rows = history.json().data;
    expect(rows.map((r: { observation_count: number }) => r.observation_count)).toEqual([4, 5]);
    expect(Date.parse(rows[0].calculated_at)).toBeLessThanOrEqual(Date.parse(rows[1].calculated_at));

    const other = await t.call('GET', '/api/v1/benchmarks', { query: { time_window: 90 } });
    expect(other.json().data).toEqual([]);
    const mexico = await t.call('GET', '/api/v1/benchmarks', { query: { region: 'Mexico' } });
    expect(mexico.json().data[0].observation_count).toBe(5);
  });

  it('history without a subcategory is the group without one; missing keys are 400', async () => {
    const none = await t.call('GET', '/api/v1/benchmarks/history', {
      query: { category: 'additive_manufacturing', base_unit: 'cm3', region: 'CDMX', time_window: 30 },
    });
    expect(none.json().data).toEqual([]);
    const missing = await t.call('GET', '/api/v1/benchmarks/history', {
      query: { category: 'additive_manufacturing', region: 'CDMX', time_window: 30 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('base_unit');
    expect((await t.call('GET', '/api/v1/benchmarks/history', { token: null })).statusCode).toBe(401);
  });
});
