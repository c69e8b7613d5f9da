import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import { crawlRunsRepository, type CrawlRunInsert } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { translate } from '@preciofab/shared/i18n/messages';
import { createPipelinePublisher, PIPELINE_CHANNEL } from '../pipeline/pipeline-publisher.ts';
import { createJobQueue, type JobQueue } from '../queue/job-queue.ts';
import { createWorkerRunner } from '../queue/worker-runner.ts';
import { createTestDb, memoryLogger, waitFor, type TestDb } from '../testing/test-db.ts';
import { allJobs } from './all-jobs.ts';
import { crawlRunJob } from './crawl-run.job.ts';
import type { JobContext } from './job-definition.ts';

let t: TestDb;
let pubsub: PubSub;
let queue: JobQueue;
let events: PipelineEvent[];
let vendorA: string;
let vendorB: string;
const targets: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDb();
  pubsub = createLocalPubSub();
  queue = createJobQueue(t.db, pubsub);
  pubsub.subscribe(PIPELINE_CHANNEL, (m) => events.push(m as PipelineEvent));

  const vendor = async (name: string) =>
    (
      await t.db.query<{ id: string }>(
        `insert into vendors (name, type) values ($1, 'bureau') returning id`,
        [name],
      )
    ).rows[0]!.id;
  vendorA = await vendor('Impresiones Roma');
  vendorB = await vendor('Láser Norte');
  const target = async (key: string, vendorId: string, category: string, priority: number, active = true) => {
    targets[key] = await targetsRepository.insert(t.db, vendorId, {
      url: `https://${key}.example.mx/`,
      domain: `${key}.example.mx`,
      category,
      priority,
      frequency_hours: 24,
      active,
    });
  };
  await target('roma-fdm', vendorA, 'additive_manufacturing', 9);
  await target('roma-cnc', vendorA, 'cnc_machining', 5);
  await target('norte-laser', vendorB, 'laser_cutting', 8);
  await target('norte-paused', vendorB, 'laser_cutting', 10, false);
  // Crawled an hour ago, next crawl tomorrow: only a forced run takes it.
  await target('norte-later', vendorB, 'materials', 3);
  await t.db.query("update crawl_targets set next_crawl_at = now() + interval '1 day' where id = $1", [
    targets['norte-later'],
  ]);
});
beforeEach(() => {
  events = [];
});
afterAll(async () => {
  await pubsub.close();
  await t.drop();
});

async function newRun(r: Partial<CrawlRunInsert> = {}) {
  const runId = await crawlRunsRepository.insert(t.db, {
    type: 'all',
    force: false,
    parallel_workers: 4,
    vendor_id: null,
    category: null,
    requested_by: null,
    ...r,
  });
  const jobId = await queue.enqueue('crawl.run', { run_id: runId });
  await crawlRunsRepository.setJobId(t.db, runId, jobId);
  const job = (await queue.get(jobId!))!;
  const ctx: JobContext = {
    db: t.db,
    pubsub,
    queue,
    pipeline: createPipelinePublisher(pubsub),
    log: memoryLogger(),
    job,
    workerId: 'test-worker',
  };
  return { runId, jobId: jobId!, ctx };
}

const activity = async (runId: string) =>
  (
    await t.db.query<{ action: string; details: Record<string, unknown> }>(
      'select action, details from activity_log where entity_id = $1 order by id',
      [runId],
    )
  ).rows;

describe('crawl.run job', () => {
  it('asks for a benchmark refresh when the run stored observations, and only then', async () => {
    const refreshes = async () =>
      (
        await t.db.query<{ n: number }>(
          "select count(*)::int as n from jobs where name = 'benchmark.calculate'",
        )
      ).rows[0]!.n;
    const quiet = await newRun({ force: true });
    await crawlRunJob.handler({ run_id: quiet.runId }, quiet.ctx);
    expect(await refreshes()).toBe(0);

    const busy = await newRun({ force: true });
    const offer = await t.db.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, 'fdm|cm3', 'FDM') returning id`,
      [vendorA],
    );
    await t.db.query(
      `insert into price_observations (offer_id, vendor_id, crawl_run_id, origin, offer_name, category, price, currency, unit)
       values ($1, $2, $3, 'crawl', 'FDM', 'additive_manufacturing', 3.5, 'MXN', 'cm3')`,
      [offer.rows[0]!.id, vendorA, busy.runId],
    );
    await crawlRunJob.handler({ run_id: busy.runId }, busy.ctx);
    expect(await refreshes()).toBe(1);
    await t.db.query("delete from jobs where name = 'benchmark.calculate'");
    await t.db.query('delete from price_observations where crawl_run_id = $1', [busy.runId]);
  });

  it('is registered under its name for every worker', () => {
    expect(allJobs.map((j) => j.name)).toContain('crawl.run');
    expect(crawlRunJob.name).toBe('crawl.run');
  });

  it('runs the stages over the due active targets, recording zero pages and observations', async () => {
    const { runId, jobId, ctx } = await newRun({ parallel_workers: 2 });
    const outcome = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(outcome).toEqual({
      status: 'success',
      result: { run_id: runId, targets: 3, pages: 0, observations: 0 },
    });

    const run = (await crawlRunsRepository.findById(t.db, runId))!;
    expect(run).toMatchObject({
      status: 'completed',
      stage: 'completed',
      progress: 100,
      targets_total: 3,
      targets_done: 3,
      pages_fetched: 0,
      observations_created: 0,
      errors: [],
    });
    expect(run.started_at).toBeInstanceOf(Date);
    expect(run.finished_at).toBeInstanceOf(Date);

    const stages = events.map((e) => e.stage);
    expect(stages[0]).toBe('vendor_processing');
    expect(stages.at(-1)).toBe('completed');
    expect([...new Set(stages)]).toEqual([
      'vendor_processing',
      'price_collection',
      'data_normalization',
      'completed',
    ]);
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.slice(0, -1).every((e) => e.status === 'running')).toBe(true);
    expect(events.at(-1)).toMatchObject({
      status: 'completed',
      progress: 100,
      message_key: 'pipeline.crawl.completed',
      values: { targets: 3, pages: 0, observations: 0 },
      details: { source: 'crawl', run_id: runId, job_id: jobId },
    });
    expect(events[0]!.values).toEqual({ targets: 3, vendors: 2 });
    const lastCollect = events.filter((e) => e.stage === 'price_collection').at(-1)!;
    expect(lastCollect.values).toEqual({ done: 3, total: 3 });
    // Every key it publishes exists in both catalogues.
    for (const e of events) {
      expect(translate('en', e.message_key, e.values)).not.toBe(e.message_key);
      expect(translate('es', e.message_key, e.values)).not.toBe(e.message_key);
    }
    expect(translate('es', events.at(-1)!.message_key, events.at(-1)!.values)).toBe(
      'Rastreo completado: 3 objetivos, 0 páginas, 0 observaciones nuevas',
    );

    expect((await activity(runId)).map((a) => a.action)).toEqual(['crawl_started', 'crawl_completed']);
    expect((await activity(runId))[1]!.details).toMatchObject({ name: 'all', count: 0 });
    const observations = await t.db.query('select 1 from price_observations');
    expect(observations.rows).toHaveLength(0);
  });

  it('is idempotent: a finished run is skipped when its job is delivered again', async () => {
    const { runId, ctx } = await newRun();
    await crawlRunJob.handler({ run_id: runId }, ctx);
    events = [];
    const again = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(again).toEqual({ status: 'skipped', reason: 'run already completed' });
    expect(events).toEqual([]);
    expect((await activity(runId)).map((a) => a.action)).toEqual(['crawl_started', 'crawl_completed']);
    const missing = await crawlRunJob.handler({ run_id: '00000000-0000-4000-8000-000000000000' }, ctx);
    expect(missing.status).toBe('skipped');
  });

  it('resumes a run whose worker died, without a second started entry', async () => {
    const { runId, ctx } = await newRun();
    await t.db.query("update crawl_runs set status = 'running', started_at = now() where id = $1", [runId]);
    const outcome = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(outcome.status).toBe('success');
    expect((await activity(runId)).map((a) => a.action)).toEqual(['crawl_completed']);
  });

  it.each([
    ['priority', {}, ['roma-fdm', 'norte-laser']],
    ['vendor', { vendor: 'B' }, ['norte-laser']],
    ['category', { category: 'cnc_machining' }, ['roma-cnc']],
    ['all', { force: true }, ['roma-fdm', 'roma-cnc', 'norte-laser', 'norte-later']],
  ] as const)('selects the targets of a %s run', async (type, opts, expected) => {
    const o = opts as { vendor?: 'A' | 'B'; category?: string; force?: boolean };
    const { runId, ctx } = await newRun({
      type,
      force: o.force ?? false,
      vendor_id: o.vendor === 'B' ? vendorB : null,
      category: o.category ?? null,
    });
    const outcome = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(outcome).toMatchObject({ status: 'success', result: { targets: expected.length } });
    expect((await crawlRunsRepository.findById(t.db, runId))!.targets_total).toBe(expected.length);
    const selected = await targetsRepository.selectForRun(t.db, {
      minPriority: type === 'priority' ? 8 : undefined,
      vendorId: o.vendor === 'B' ? vendorB : undefined,
      category: o.category,
      force: o.force ?? false,
    });
    expect(selected.map((s) => s.id).sort()).toEqual(expected.map((k) => targets[k]).sort());
  });

  it('on final failure marks the run failed, keeps the error and publishes a failed stage', async () => {
    const { runId, jobId, ctx } = await newRun();
    await crawlRunsRepository.markRunning(t.db, runId);
    await crawlRunsRepository.checkpoint(t.db, runId, { stage: 'price_collection', progress: 40 });
    await crawlRunJob.onFinalFailure!({ run_id: runId }, 'connection reset', ctx);

    const run = (await crawlRunsRepository.findById(t.db, runId))!;
    expect(run).toMatchObject({ status: 'failed', errors: [{ message: 'connection reset' }] });
    expect(run.finished_at).toBeInstanceOf(Date);
    expect(events).toEqual([
      expect.objectContaining({
        stage: 'price_collection',
        progress: 40,
        status: 'failed',
        message_key: 'pipeline.crawl.failed',
        values: { error: 'connection reset' },
        details: { source: 'crawl', run_id: runId, job_id: jobId },
      }),
    ]);
    expect(translate('en', 'pipeline.crawl.failed', { error: 'x' })).toBe('Crawl failed: x');
    const entries = await activity(runId);
    expect(entries.map((a) => a.action)).toEqual(['crawl_failed']);
    expect(entries[0]!.details).toMatchObject({ name: 'connection reset' });
  });

  it('runs through a worker from the queue, end to end', async () => {
    const { runId, jobId } = await newRun({ type: 'vendor', vendor_id: vendorA, force: true });
    const runner = createWorkerRunner({
      db: t.db,
      pubsub,
      definitions: allJobs,
      concurrency: 1,
      log: memoryLogger(),
      pollMs: 20,
    });
    await runner.start();
    try {
      const job = await waitFor(async () => {
        const j = await queue.get(jobId);
        return j?.state === 'completed' ? j : undefined;
      });
      expect(job.result).toEqual({ run_id: runId, targets: 2, pages: 0, observations: 0 });
      expect((await crawlRunsRepository.findById(t.db, runId))!.status).toBe('completed');
      expect((await activity(runId))[0]!.details).toMatchObject({ name: 'Impresiones Roma' });
    } finally {
      await runner.stop();
    }
  });
});
