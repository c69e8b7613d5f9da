import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { crawlRunsRepository, type CrawlRunRow } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository, type TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { createEnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { crawlRunTargetsRepository } from '@preciofab/db/repositories/crawl-run-targets.repository';
import { ExtractionError } from '@preciofab/extract/deadline';
import { PageReadError } from '@preciofab/extract/thread/read-page';
import { FetchError, fetchErrorDetail } from '@preciofab/fetch/fetch-error';
import { createPageBatchWriter } from '../crawl/page-batch-writer.ts';
import { storePages } from '../crawl/page-store.ts';
import { readAhead } from '../crawl/read-ahead.ts';
import { readTargetPage, type PageReading } from '../crawl/target-crawler.ts';
import { HIGH_PRIORITY, PIPELINE_STAGES } from '@preciofab/shared/catalogue';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { failureMessageValues } from '@preciofab/shared/job-failures';
import { CRAWL_RUN_JOB, requestBenchmarkRefresh } from '@preciofab/shared/contracts/jobs';
import { implementJob, type JobContext } from './job-definition.ts';
import { finalFailure } from './job-failure.ts';

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

type PageWriter = ReturnType<typeof createPageBatchWriter>;

/** Records a target that failed in this run: its last error, and a back-off. The data stays as it
 * was. */
async function recordTargetFailure(ctx: JobContext, runId: string, target: TargetToCrawl, err: unknown) {
  const message = describe(err);
  await ctx.db.transaction(async (tx) => {
    const fresh = await crawlRunTargetsRepository.record(tx, {
      runId,
      targetId: target.id,
      status: 'failed',
      pages: 0,
      observations: 0,
      error: message,
    });
    if (fresh) {
      const code =
        err instanceof FetchError || err instanceof ExtractionError || err instanceof PageReadError
          ? err.code
          : 'other';
      await targetsRepository.recordFailure(tx, target.id, { code, message });
    }
  });
  // The stored message is what users read; the log also keeps what it leaves out (a refused name's
  // address).
  const detail = fetchErrorDetail(err);
  ctx.log.info(
    { run: runId, target: target.id, url: target.url, error: message, ...(detail ? { detail } : {}) },
    'crawl target failed',
  );
}

/** Crawls one target in two steps: reads its page (fetch, extract, render when needed, evidence),
 * and once read, hands it to the run's batch writer, which stores its offers, evidence, the target's
 * state and the run's checkpoint row in one transaction with other pages read meanwhile. Resolves
 * when the page is read, with `stored`, which settles once the page is stored (or its failure
 * recorded), and the bytes of evidence the page holds until then. The caller can read the next page meanwhile. */
async function crawlTarget(
  target: TargetToCrawl,
  run: CrawlRunRow,
  ctx: JobContext,
  writer: PageWriter,
): Promise<{ stored: Promise<void>; bytes: number }> {
  let reading: PageReading;
  try {
    reading = await readTargetPage(target, ctx.crawler.tools);
  } catch (err) {
    return { stored: recordTargetFailure(ctx, run.id, target, err), bytes: 0 };
  }
  const stored = writer.submit({ target, reading }).then(
    () => undefined,
    (err: unknown) => recordTargetFailure(ctx, run.id, target, err),
  );
  const { snapshot, screenshot } = reading.evidence;
  return { stored, bytes: snapshot.content.length + (screenshot?.length ?? 0) };
}

type Stage = PipelineEvent['stage'];

function publish(
  ctx: JobContext,
  runId: string,
  e: {
    stage: Stage;
    progress: number;
    status?: PipelineEvent['status'];
    key: string;
    values?: PipelineEvent['values'];
  },
) {
  return ctx.pipeline.publish({
    stage: e.stage,
    progress: e.progress,
    status: e.status ?? 'running',
    message_key: `pipeline.crawl.${e.key}`,
    values: e.values ?? {},
    details: { source: 'crawl', run_id: runId, job_id: ctx.job.id },
  });
}

/** How the activity log names a run: its vendor, its category or its type. */
async function runLabel(ctx: JobContext, run: CrawlRunRow): Promise<string> {
  if (run.vendor_id) {
    const vendor = await vendorsRepository.findById(ctx.db, run.vendor_id);
    if (vendor) return vendor.name;
  }
  return run.category ?? run.type;
}

/** How often, at most, a run's progress is written to its row while pages are stored. */
const PROGRESS_WRITE_MS = 250;

/** Pages a worker may have read and waiting to be stored (a batch takes up to 40: see
 * page-batch-writer), and how many bytes of evidence all of them may hold at most, so a run of
 * large pages waits for storage rather than filling memory. */
const BACKLOG_PER_WORKER = 8;
const BACKLOG_BYTES = 64 * 1024 * 1024;

// Progress bands of the stages: selection, collection, normalization, done.
const COLLECTION_START = 10;
const COLLECTION_END = 85;
const NORMALIZATION = 90;

/** Carries out one crawl run (POST /api/v1/crawl/run). Idempotent: a run that already finished is
 * skipped, and a redelivered run (its worker died) starts its stages again. */
export const crawlRunJob = implementJob(CRAWL_RUN_JOB, {
  lockSeconds: 300,
  async handler({ run_id }, ctx) {
    const run = await crawlRunsRepository.findById(ctx.db, run_id);
    if (!run) return { status: 'skipped', reason: 'run not found' };
    if (run.status === 'completed' || run.status === 'failed') {
      return { status: 'skipped', reason: `run already ${run.status}` };
    }
    const label = await runLabel(ctx, run);

    await ctx.db.transaction(async (tx) => {
      const started = await crawlRunsRepository.markRunning(tx, run_id);
      if (started) {
        await activityRepository.record(tx, {
          actorId: run.requested_by,
          action: 'crawl_started',
          entityType: 'crawl_run',
          entityId: run_id,
          details: { name: label, type: run.type },
        });
      }
    });

    const targets = await targetsRepository.selectForRun(ctx.db, {
      minPriority: run.type === 'priority' ? HIGH_PRIORITY : undefined,
      vendorId: run.type === 'vendor' ? run.vendor_id : undefined,
      category: run.type === 'category' ? run.category : undefined,
      force: run.force,
    });
    // A redelivered run (its worker died) picks up where the checkpoint says it stopped.
    const finished = await crawlRunTargetsRepository.finished(ctx.db, run_id);
    const total = targets.length + [...finished].filter((id) => !targets.some((t) => t.id === id)).length;
    const vendors = new Set(targets.map((t) => t.vendor_id)).size;
    const todo = targets.filter((t) => !finished.has(t.id));
    await crawlRunsRepository.checkpoint(ctx.db, run_id, {
      stage: 'vendor_processing',
      progress: 5,
      targets_total: total,
      targets_done: finished.size,
    });
    await publish(ctx, run_id, {
      stage: 'vendor_processing',
      progress: 5,
      key: 'started',
      values: { targets: total, vendors },
    });

    const memo = createEnrichmentMemo();
    // PGlite is one connection: one transaction at a time. PostgreSQL takes two (a third buys
    // little on two cores, and more would widen the window for lock waits between batches).
    const writer = createPageBatchWriter((pages) => storePages(ctx.db, run_id, pages, memo), {
      lanes: ctx.db.kind === 'postgres' ? 2 : 1,
    });
    let done = finished.size;
    let lastProgress = -1;
    let lastWrite = 0;
    let reports: Promise<void> = Promise.resolve();
    let reportError: { error: unknown } | null = null;
    /** A stored page moves the run on: one pipeline message per percent; the run row's progress is
     * written at most every PROGRESS_WRITE_MS (and at the last page), since the durable checkpoint
     * is the targets' rows, stored with their pages. Never awaited by the lanes. */
    const reportProgress = () => {
      done += 1;
      const progress =
        COLLECTION_START + Math.floor(((COLLECTION_END - COLLECTION_START) * done) / Math.max(total, 1));
      if (progress === lastProgress && done < total) return;
      lastProgress = progress;
      const doneNow = done;
      const write = done >= total || Date.now() - lastWrite >= PROGRESS_WRITE_MS;
      if (write) lastWrite = Date.now();
      // Chained, so stores finishing out of order never write an older checkpoint over a newer one.
      reports = reports
        .then(async () => {
          if (write) {
            await crawlRunsRepository.checkpoint(ctx.db, run_id, {
              stage: 'price_collection',
              progress,
              targets_done: doneNow,
            });
          }
          await publish(ctx, run_id, {
            stage: 'price_collection',
            progress,
            key: 'collecting',
            values: { done: doneNow, total },
          });
        })
        .catch((error: unknown) => {
          reportError ??= { error };
        });
    };
    // Reading and storing overlap: a lane reads its next page while the pages it read wait for
    // their batch (their evidence is held in memory, within bounds). The first storage error stops
    // new reads and fails the run once the stores in flight settle.
    await readAhead(
      todo,
      {
        workers: run.parallel_workers,
        pages: run.parallel_workers * BACKLOG_PER_WORKER,
        bytes: BACKLOG_BYTES,
      },
      async (target) => {
        const { stored, bytes } = await crawlTarget(target, run, ctx, writer);
        return { stored: stored.then(reportProgress), bytes };
      },
    );
    await reports;
    if (reportError) throw (reportError as { error: unknown }).error;

    // Totals from the checkpoint: they include what an earlier attempt of this run finished.
    const totals = await crawlRunTargetsRepository.totals(ctx.db, run_id);
    const { pages, observations } = totals;
    const urls = new Map(targets.map((t) => [t.id, t.url]));
    const errors = totals.errors.map((e) => ({ ...e, url: urls.get(e.target_id) ?? '' }));

    await crawlRunsRepository.checkpoint(ctx.db, run_id, {
      stage: 'data_normalization',
      progress: NORMALIZATION,
      targets_done: done,
    });
    await publish(ctx, run_id, {
      stage: 'data_normalization',
      progress: NORMALIZATION,
      key: 'normalizing',
      values: { observations },
    });

    await ctx.db.transaction(async (tx) => {
      const completed = await crawlRunsRepository.complete(tx, run_id, {
        pages_fetched: pages,
        observations_created: observations,
        errors,
      });
      if (completed) {
        // Prices changed when this run stored observations: benchmarks follow, after a short delay.
        const stored = await tx.query<{ n: number }>(
          'select count(*)::int as n from price_observations where crawl_run_id = $1',
          [run_id],
        );
        if ((stored.rows[0]?.n ?? 0) > 0) await requestBenchmarkRefresh(ctx.queue, tx);
        await activityRepository.record(tx, {
          actorId: run.requested_by,
          action: 'crawl_completed',
          entityType: 'crawl_run',
          entityId: run_id,
          details: { name: label, count: observations, targets: total, pages },
        });
      }
    });
    await publish(ctx, run_id, {
      stage: 'completed',
      progress: 100,
      status: 'completed',
      // A run that stored nothing says so, rather than "0 new observations" among other counts.
      key: observations === 0 ? 'completed_nothing_new' : 'completed',
      values: { targets: total, pages, observations },
    });
    ctx.log.info(
      { job: ctx.job.id, run: run_id, targets: total, pages, observations },
      'crawl run completed',
    );
    return { status: 'success', result: { run_id, targets: total, pages, observations } };
  },

  async onFinalFailure({ run_id }, error, ctx, thrown) {
    const run = await crawlRunsRepository.findById(ctx.db, run_id);
    if (!run) return;
    // Why, as a code (the technical text kept as its detail): each reader gets it in words.
    const failure = finalFailure(error, thrown);
    await ctx.db.transaction(async (tx) => {
      const failed = await crawlRunsRepository.fail(tx, run_id, {
        message: failure.detail ?? '',
        code: failure.code,
        ...(failure.values ? { values: failure.values } : {}),
      });
      if (failed) {
        await activityRepository.record(tx, {
          actorId: run.requested_by,
          action: 'crawl_failed',
          entityType: 'crawl_run',
          entityId: run_id,
          // The activity text names the reason by its key ("Crawl run failed: {name}").
          details: { ...failureMessageValues(failure, 'name'), error_code: failure.code, type: run.type },
        });
      }
    });
    const stage = (PIPELINE_STAGES as readonly string[]).includes(run.stage ?? '')
      ? (run.stage as Stage)
      : 'vendor_processing';
    await publish(ctx, run_id, {
      stage: stage === 'completed' ? 'data_normalization' : stage,
      progress: run.progress,
      status: 'failed',
      key: 'failed',
      values: failureMessageValues(failure),
    });
  },
});
