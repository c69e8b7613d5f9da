import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { translate } from '@preciofab/shared/i18n/messages';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createPipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import { createJobQueue, type JobRow } from '@preciofab/db/job-queue';
import { testCrawler } from '../testing/fixture-web.ts';
import { createTestDb } from '../testing/test-db.ts';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { benchmarkCalculatePayload, type BenchmarkCalculatePayload } from '@preciofab/shared/contracts/jobs';
import { benchmarkCalculateJob } from './benchmark-calculate.job.ts';
import type { JobContext } from './job-definition.ts';

let db: Db;
let drop: () => Promise<void>;
const pubsub = createLocalPubSub();
const queue = () => createJobQueue(db, pubsub);
const events: PipelineEvent[] = [];
const silent = { info: () => undefined, error: () => undefined };
let runner: WorkerRunner;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  pubsub.subscribe(PIPELINE_CHANNEL, (m) => events.push(m as PipelineEvent));
  // Laser cutting in CDMX from three vendors, plus a CNC group from three vendors in LATAM.
  const groups: [string, string, string, string, number[]][] = [
    ['laser_cutting', 'CO2 Laser', 'minute', 'CDMX', [1, 2, 3]],
    ['cnc_machining', 'Milling', 'hour', 'LATAM', [20, 30, 40]],
  ];
  for (const [category, subcategory, unit, region, prices] of groups) {
    for (const [i, usd] of prices.entries()) {
      const v = await db.query<{ id: string }>(
        "insert into vendors (name, type) values ($1, 'bureau') returning id",
        [`${category} vendor ${i}`],
      );
      const vendorId = v.rows[0]!.id;
      const offer = await db.query<{ id: string }>(
        'insert into offers (vendor_id, offer_key, name) values ($1, $2, $3) returning id',
        [vendorId, `${category}-${i}`, subcategory],
      );
      await db.query(
        `insert into price_observations (offer_id, vendor_id, offer_name, category, subcategory, price, currency,
           unit, region, base_unit, price_usd, price_net_usd, confidence_score, observed_at)
         values ($1, $2, $3, $4, $3, $5, 'USD', $6, $7, $6, $5, $5, 0.6, now() - interval '2 days')`,
        [offer.rows[0]!.id, vendorId, subcategory, category, usd, unit, region],
      );
    }
  }
  runner = createWorkerRunner({
    db,
    pubsub,
    definitions: [benchmarkCalculateJob],
    concurrency: 1,
    log: silent,
    pollMs: 50,
  });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await pubsub.close();
  await drop();
});

async function runJob(payload: BenchmarkCalculatePayload, maxAttempts = 3): Promise<JobRow> {
  const id = (await queue().enqueue('benchmark.calculate', payload, { maxAttempts }))!;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await queue().get(id);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stored = async () =>
  (
    await db.query<{ calculation_id: string; region: string; category: string }>(
      'select calculation_id, region, category from benchmarks order by region, category, calculation_id',
    )
  ).rows;

describe('benchmark.calculate', () => {
  it('computes the one region asked for', async () => {
    const job = await runJob({ region: 'LATAM', time_window_days: 30 });
    expect(job.state).toBe('completed');
    const rows = (await stored()).filter((r) => r.calculation_id === job.id);
    expect(rows.map((r) => `${r.region}:${r.category}`)).toEqual([
      'LATAM:cnc_machining',
      'LATAM:laser_cutting',
    ]);
    const mine = events.filter((e) => e.details.job_id === job.id);
    expect(mine.map((e) => e.message_key)).toEqual([
      'pipeline.benchmark.started',
      'pipeline.benchmark.region',
      'pipeline.benchmark.completed',
    ]);
    expect(mine[1]!.values).toEqual({ region: 'LATAM' });
  });

  it('computes all four scopes of one category when no region is given', async () => {
    const job = await runJob({ category: 'laser_cutting' });
    const rows = (await stored()).filter((r) => r.calculation_id === job.id);
    expect(rows.map((r) => r.region)).toEqual(['CDMX', 'Global', 'LATAM', 'Mexico']);
    expect(rows.every((r) => r.category === 'laser_cutting')).toBe(true);
    expect(job.result).toMatchObject({ count: 4 });
  });

  it('computes several windows in one calculation, 180 days included (the automatic refresh)', async () => {
    const job = await runJob({ category: 'laser_cutting', region: 'Global', time_windows: [30, 180] });
    expect(job.state).toBe('completed');
    const windows = await db.query<{ time_window_days: number }>(
      'select time_window_days from benchmarks where calculation_id = $1 order by time_window_days',
      [job.id],
    );
    expect(windows.rows.map((r) => r.time_window_days)).toEqual([30, 180]);
    expect(job.result).toMatchObject({ count: 2 });
  });

  it('is idempotent: a redelivered job replaces what its first attempt stored', async () => {
    const job = { id: randomUUID(), attempts: 1, max_attempts: 3 } as JobRow;
    const ctx: JobContext = {
      db,
      pubsub,
      queue: queue(),
      pipeline: createPipelinePublisher(pubsub),
      log: silent,
      job,
      workerId: 'test',
      crawler: testCrawler(),
    };
    const payload = benchmarkCalculatePayload.parse({ region: 'CDMX' });
    await benchmarkCalculateJob.handler(payload, ctx);
    await benchmarkCalculateJob.handler(payload, ctx);
    const rows = (await stored()).filter((r) => r.calculation_id === job.id);
    expect(rows).toHaveLength(1);
    // The calculation's copy of the prices it read is gone with it.
    const scratch = await db.query("select relname from pg_class where relname like 'benchmark_scratch%'");
    expect(scratch.rows).toEqual([]);
  });

  it('on failure stores nothing of the run, logs it and publishes the failed stage', async () => {
    const before = await stored();
    // The Global scope is computed last: make only its insert fail, after three scopes succeeded.
    await db.exec("alter table benchmarks add constraint no_global check (region <> 'Global') not valid");
    try {
      const job = await runJob({}, 1);
      expect(job.state).toBe('failed');
      expect(job.last_error).toMatch(/no_global/);
      expect(await stored()).toEqual(before);
      const log = await db.query<{ details: Record<string, string> }>(
        "select details from activity_log where action = 'benchmark_failed' and entity_id = $1",
        [job.id],
      );
      // The database refused the write: a code each reader gets in words, its text the detail.
      expect(log.rows[0]!.details).toMatchObject({
        error_code: 'database_error',
        error: expect.stringMatching(/no_global/),
      });
      expect(translate('es', 'activity.benchmark_failed', log.rows[0]!.details)).toBe(
        'Falló el cálculo de referencias de mercado: la base de datos rechazó una operación',
      );
      const last = events.filter((e) => e.details.job_id === job.id).at(-1);
      expect(last).toMatchObject({
        stage: 'benchmark_calculation',
        status: 'failed',
        message_key: 'pipeline.benchmark.failed',
        values: { reason_key: 'failures.database_error' },
      });
      expect(translate('en', last!.message_key, last!.values)).toBe(
        'Benchmark calculation failed: the database refused an operation',
      );
      const completed = await db.query(
        "select 1 from activity_log where action = 'benchmark_completed' and entity_id = $1",
        [job.id],
      );
      expect(completed.rowCount).toBe(0);
    } finally {
      await db.exec('alter table benchmarks drop constraint no_global');
    }
  });
});
