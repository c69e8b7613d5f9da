import { connect, createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import { crawlRunsRepository, type CrawlRunInsert } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { PIPELINE_SOURCE_STAGES } from '@preciofab/shared/catalogue';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { translate } from '@preciofab/shared/i18n/messages';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createPipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import { createJobQueue, type JobQueue } from '@preciofab/db/job-queue';
import { createWorkerRunner } from '../queue/worker-runner.ts';
import { createTestDb, memoryLogger, waitFor, type TestDb } from '../testing/test-db.ts';
import { startFixtureWeb, testCrawler } from '../testing/fixture-web.ts';
import type { Crawler } from '../crawl/crawler.ts';
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
let web: Awaited<ReturnType<typeof startFixtureWeb>>;
let crawler: Crawler;

/** The vendors' pages: one price list, one page without prices, one that fails, one more list. */
const PAGES = {
  '/roma-fdm': {
    body: `<html lang="es"><head><title>Impresiones Roma: precios</title></head><body>
      <h1>Lista de precios</h1>
      <table><thead><tr><th>Servicio</th><th>Precio</th></tr></thead><tbody>
        <tr><td>Impresión 3D FDM en PLA</td><td>$3.50 MXN por cm³</td></tr>
        <tr><td>Impresión 3D SLA en resina</td><td>$8.00 MXN por cm³</td></tr>
      </tbody></table>
      <p>Precios más IVA. Tel. (55) 1234 5678. © 2025</p></body></html>`,
  },
  '/roma-cnc': {
    body: '<html><body><h1>Maquinado CNC</h1><p>Cotiza tu pieza por correo. Envío gratis en compras mayores a $999.</p></body></html>',
  },
  '/norte-laser': { status: 503, body: 'mantenimiento' },
  '/norte-later': {
    body: '<html><body><h2>Corte láser CO2</h2><ul><li>Corte láser de acrílico: $12.00 por minuto (IVA incluido)</li></ul></body></html>',
  },
};

beforeAll(async () => {
  t = await createTestDb();
  web = await startFixtureWeb({ ...PAGES });
  crawler = testCrawler();
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
      url: `${web.origin}/${key}`,
      domain: '127.0.0.1',
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
});
/** Each test starts from the same state: no prices, every active target due but norte-later. */
beforeEach(async () => {
  events = [];
  await t.db.query('delete from price_observations');
  await t.db.query('delete from offers');
  await t.db.query(
    `update crawl_targets set next_crawl_at = case when id = $1 then now() + interval '1 day' else now() - interval '1 minute' end,
       last_error = null, last_status = null, consecutive_failures = 0`,
    [targets['norte-later']],
  );
});
afterAll(async () => {
  await crawler.close();
  await web.close();
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
    crawler,
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
    // The CNC page states no price: nothing stored, nothing to refresh.
    const quiet = await newRun({ type: 'category', category: 'cnc_machining', force: true });
    await crawlRunJob.handler({ run_id: quiet.runId }, quiet.ctx);
    expect(await refreshes()).toBe(0);

    const busy = await newRun({ type: 'vendor', vendor_id: vendorA, force: true });
    await crawlRunJob.handler({ run_id: busy.runId }, busy.ctx);
    expect(await refreshes()).toBe(1);
    await t.db.query("delete from jobs where name = 'benchmark.calculate'");
  });

  it('is registered under its name for every worker', () => {
    expect(allJobs.map((j) => j.name)).toContain('crawl.run');
    expect(crawlRunJob.name).toBe('crawl.run');
  });

  it('runs the stages over the due active targets, storing the prices a page states with their evidence', async () => {
    const { runId, jobId, ctx } = await newRun({ parallel_workers: 2 });
    const outcome = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(outcome).toEqual({
      status: 'success',
      result: { run_id: runId, targets: 3, pages: 2, observations: 2 },
    });

    const run = (await crawlRunsRepository.findById(t.db, runId))!;
    expect(run).toMatchObject({
      status: 'completed',
      stage: 'completed',
      progress: 100,
      targets_total: 3,
      targets_done: 3,
      pages_fetched: 2,
      observations_created: 2,
    });
    // The failing page is the run's one error, named by target and URL.
    expect(run.errors).toEqual([
      {
        target_id: targets['norte-laser'],
        url: `${web.origin}/norte-laser`,
        message: expect.stringContaining('503'),
      },
    ]);
    expect(run.started_at).toBeInstanceOf(Date);
    expect(run.finished_at).toBeInstanceOf(Date);

    const stages = events.map((e) => e.stage);
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
      values: { targets: 3, pages: 2, observations: 2 },
      details: { source: 'crawl', run_id: runId, job_id: jobId },
    });
    expect(events[0]!.values).toEqual({ targets: 3, vendors: 2 });
    const lastCollect = events.filter((e) => e.stage === 'price_collection').at(-1)!;
    expect(lastCollect.values).toEqual({ done: 3, total: 3 });
    for (const e of events) {
      // Only the stages a crawl runs: the console draws its steps from the same list.
      expect(PIPELINE_SOURCE_STAGES.crawl).toContain(e.stage);
      expect(translate('en', e.message_key, e.values)).not.toBe(e.message_key);
      expect(translate('es', e.message_key, e.values)).not.toBe(e.message_key);
    }
    expect(translate('es', events.at(-1)!.message_key, events.at(-1)!.values)).toBe(
      'Rastreo completado: 3 objetivos, 2 páginas, 2 observaciones nuevas',
    );
    expect((await activity(runId)).map((a) => a.action)).toEqual(['crawl_started', 'crawl_completed']);

    // The two prices as the page states them: MXN per cm³, before IVA, with their evidence.
    const stored = await t.db.query<{
      offer_name: string;
      price: string;
      currency: string;
      unit: string;
      tax_state: string;
      category: string;
      technology: string | null;
      crawl_run_id: string;
      source_url: string;
      html_snapshot_path: string | null;
      extraction_selectors: Record<string, string>;
      captured_at: Date | null;
      price_usd: string | null;
    }>('select * from price_observations order by price');
    expect(stored.rows.map((r) => [Number(r.price), r.currency, r.unit, r.tax_state])).toEqual([
      [3.5, 'MXN', 'cm3', 'excluded'],
      [8, 'MXN', 'cm3', 'excluded'],
    ]);
    for (const row of stored.rows) {
      expect(row).toMatchObject({
        category: 'additive_manufacturing',
        crawl_run_id: runId,
        source_url: `${web.origin}/roma-fdm`,
      });
      expect(row.offer_name).toMatch(/FDM|SLA/);
      expect(row.html_snapshot_path).not.toBeNull();
      expect(row.captured_at).toBeInstanceOf(Date);
      expect(Object.keys(row.extraction_selectors)).toContain('price');
      expect(row.price_usd).not.toBeNull();
    }
    const snapshot = await t.db.query<{ content: Uint8Array }>(
      'select content from evidence_files where id::text = $1',
      [stored.rows[0]!.html_snapshot_path],
    );
    expect(Buffer.from(snapshot.rows[0]!.content).toString('utf8')).toContain('Lista de precios');

    // The targets remember how it went: the failing one keeps its error and backs off past its day.
    const state = async (key: string) => (await targetsRepository.findById(t.db, targets[key]!))!;
    expect(await state('roma-fdm')).toMatchObject({
      last_status: 'ok',
      last_error: null,
      last_error_code: null,
      consecutive_failures: 0,
    });
    expect(await state('roma-cnc')).toMatchObject({ last_status: 'empty', consecutive_failures: 0 });
    const failing = await state('norte-laser');
    expect(failing).toMatchObject({
      last_status: 'failed',
      last_error_code: 'http_status',
      consecutive_failures: 1,
    });
    expect(failing.last_error).toContain('503');
    expect(failing.next_crawl_at!.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
  });

  it('keeps one row per price: an unchanged price is marked seen, a changed one adds to the history', async () => {
    const crawlA = async () => {
      const { runId, ctx } = await newRun({ type: 'vendor', vendor_id: vendorA, force: true });
      return crawlRunJob.handler({ run_id: runId }, ctx);
    };
    await crawlA();
    const before = await t.db.query<{ last_seen_at: Date }>(
      'select last_seen_at from price_observations where price = 3.5',
    );
    events.length = 0;
    const again = await crawlA();
    expect(again).toMatchObject({ result: { observations: 0 } });
    // Nothing new: the panel says so in words, not as "0 new observations".
    const done = events.at(-1)!;
    expect(done).toMatchObject({ status: 'completed', message_key: 'pipeline.crawl.completed_nothing_new' });
    expect(translate('es', done.message_key, done.values)).toMatch(/^Rastreo completado: nada nuevo/);
    expect(translate('en', done.message_key, done.values)).toMatch(/^Crawl completed: nothing new/);
    const after = await t.db.query<{ n: number; last_seen_at: Date }>(
      'select count(*)::int as n, max(last_seen_at) as last_seen_at from price_observations where price = 3.5',
    );
    expect(after.rows[0]!.n).toBe(1);
    expect(after.rows[0]!.last_seen_at.getTime()).toBeGreaterThan(before.rows[0]!.last_seen_at.getTime());

    web.pages['/roma-fdm'] = { body: PAGES['/roma-fdm'].body.replace('$3.50', '$3.80') };
    try {
      expect(await crawlA()).toMatchObject({ result: { observations: 1 } });
    } finally {
      web.pages['/roma-fdm'] = PAGES['/roma-fdm'];
    }
    const history = await t.db.query<{ price: string }>(
      `select o.price from price_observations o join offers f on f.id = o.offer_id
        where f.name ilike '%FDM%' order by o.observed_at`,
    );
    expect(history.rows.map((r) => Number(r.price))).toEqual([3.5, 3.8]);
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

  it('resumes a run whose worker died from its checkpoint, without fetching or storing twice', async () => {
    const { runId, ctx } = await newRun({ type: 'vendor', vendor_id: vendorA, force: true });
    await t.db.query("update crawl_runs set status = 'running', started_at = now() where id = $1", [runId]);
    // The first attempt finished the FDM page (its row and observations were committed together).
    await t.db.query(
      `insert into crawl_run_targets (run_id, target_id, status, pages, observations) values ($1, $2, 'done', 1, 2)`,
      [runId, targets['roma-fdm']],
    );
    web.hits.length = 0;
    const outcome = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(outcome).toMatchObject({ status: 'success', result: { targets: 2, pages: 2, observations: 2 } });
    expect(web.hits).not.toContain('/roma-fdm');
    expect(web.hits).toContain('/roma-cnc');
    expect((await activity(runId)).map((a) => a.action)).toEqual(['crawl_completed']);
  });

  it.each([
    ['priority', {}, ['roma-fdm', 'norte-laser']],
    ['vendor', { vendor: 'B' }, ['norte-laser']],
    ['category', { category: 'cnc_machining' }, ['roma-cnc']],
    ['all', { force: true }, ['roma-fdm', 'roma-cnc', 'norte-laser', 'norte-later']],
  ] as const)('selects the targets of a %s run', async (type, opts, expected) => {
    const o = opts as { vendor?: 'A' | 'B'; category?: string; force?: boolean };
    // What the run will take, read before it runs: a crawl moves each target's next crawl on.
    const selected = await targetsRepository.selectForRun(t.db, {
      minPriority: type === 'priority' ? 8 : undefined,
      vendorId: o.vendor === 'B' ? vendorB : undefined,
      category: o.category,
      force: o.force ?? false,
    });
    expect(selected.map((s) => s.id).sort()).toEqual(expected.map((k) => targets[k]).sort());
    const { runId, ctx } = await newRun({
      type,
      force: o.force ?? false,
      vendor_id: o.vendor === 'B' ? vendorB : null,
      category: o.category ?? null,
    });
    web.hits.length = 0;
    const outcome = await crawlRunJob.handler({ run_id: runId }, ctx);
    expect(outcome).toMatchObject({ status: 'success', result: { targets: expected.length } });
    expect((await crawlRunsRepository.findById(t.db, runId))!.targets_total).toBe(expected.length);
    expect([...new Set(web.hits.filter((h) => h !== '/robots.txt'))].sort()).toEqual(
      expected.map((k) => `/${k}`).sort(),
    );
  });

  it('on final failure marks the run failed, keeps the error and publishes a failed stage', async () => {
    const { runId, jobId, ctx } = await newRun();
    await crawlRunsRepository.markRunning(t.db, runId);
    await crawlRunsRepository.checkpoint(t.db, runId, { stage: 'price_collection', progress: 40 });
    // What a lost database throws: a connection refused by a closed loopback port.
    const refused = await new Promise<Error>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => connect(port, '127.0.0.1').on('error', resolve));
      });
    });
    await crawlRunJob.onFinalFailure!({ run_id: runId }, refused.message, ctx, refused);

    const run = (await crawlRunsRepository.findById(t.db, runId))!;
    expect(run).toMatchObject({
      status: 'failed',
      errors: [{ code: 'database_unavailable', message: expect.stringMatching(/ECONNREFUSED/) }],
    });
    expect(run.finished_at).toBeInstanceOf(Date);
    expect(events).toEqual([
      expect.objectContaining({
        stage: 'price_collection',
        progress: 40,
        status: 'failed',
        message_key: 'pipeline.crawl.failed',
        values: { reason_key: 'failures.database_unavailable' },
        details: { source: 'crawl', run_id: runId, job_id: jobId },
      }),
    ]);
    // The pipeline panel and the activity feed say why in the reader's language, never Node's words.
    const [event] = events;
    expect(translate('es', event!.message_key, event!.values)).toBe(
      'El rastreo falló: no se pudo conectar con la base de datos',
    );
    expect(translate('en', event!.message_key, event!.values)).toBe(
      'Crawl failed: the database could not be reached',
    );
    const entries = await activity(runId);
    expect(entries.map((a) => a.action)).toEqual(['crawl_failed']);
    expect(entries[0]!.details).toMatchObject({ error_code: 'database_unavailable' });
    const values = entries[0]!.details as Record<string, string>;
    expect(translate('es', 'activity.crawl_failed', values)).toBe(
      'Rastreo fallido: no se pudo conectar con la base de datos',
    );
    expect(translate('en', 'activity.crawl_failed', values)).toBe(
      'Crawl run failed: the database could not be reached',
    );
  });

  it('tells a target whose robots.txt could not be read from one whose robots.txt forbids it', async () => {
    // A vendor whose site refuses connections: robots.txt cannot be read, so nothing is crawled.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const vendor = (
      await t.db.query<{ id: string }>(
        `insert into vendors (name, type) values ('Taller Cerrado', 'bureau') returning id`,
      )
    ).rows[0]!.id;
    const target = await targetsRepository.insert(t.db, vendor, {
      url: `http://127.0.0.1:${port}/precios`,
      domain: '127.0.0.1',
      category: 'cnc_machining',
      priority: 5,
      frequency_hours: 24,
      active: true,
    });
    try {
      const { runId, ctx } = await newRun({ type: 'vendor', vendor_id: vendor, force: true });
      expect(await crawlRunJob.handler({ run_id: runId }, ctx)).toMatchObject({ status: 'success' });
      const row = (await targetsRepository.findById(t.db, target))!;
      expect(row.last_error_code).toBe('robots_unreachable');
      expect(row.last_error).toMatch(/robots\.txt of .* could not be read/);
      expect(row.last_error).not.toMatch(/disallows/);
    } finally {
      await t.db.query('delete from vendors where id = $1', [vendor]);
    }
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
      crawler,
    });
    await runner.start();
    try {
      const job = await waitFor(async () => {
        const j = await queue.get(jobId);
        return j?.state === 'completed' ? j : undefined;
      });
      expect(job.result).toEqual({ run_id: runId, targets: 2, pages: 2, observations: 2 });
      expect((await crawlRunsRepository.findById(t.db, runId))!.status).toBe('completed');
      expect((await activity(runId))[0]!.details).toMatchObject({ name: 'Impresiones Roma' });
    } finally {
      await runner.stop();
    }
  });
});
