import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import { crawlRunsRepository, type CrawlRunRow } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { crawlRunTargetsRepository } from '@preciofab/db/repositories/crawl-run-targets.repository';
import { crawlWorkRepository, siteOf } from '@preciofab/db/repositories/crawl-work.repository';
import { HIGH_PRIORITY, PIPELINE_STAGES } from '@preciofab/shared/catalogue';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { failureMessageValues } from '@preciofab/shared/job-failures';
import { CRAWL_RUN_JOB, CRAWL_WORK_CHANNEL, requestBenchmarkRefresh } from '@preciofab/shared/contracts/jobs';
import { implementJob, type JobContext } from './job-definition.ts';
import { finalFailure } from './job-failure.ts';

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

/** How often the coordinator looks at the run's progress (targets finished by any worker). */
const PROGRESS_POLL_MS = 250;

// Progress bands of the stages: selection, collection, normalization, done.
const COLLECTION_START = 10;
const COLLECTION_END = 85;
const NORMALIZATION = 90;

/** Coordinates one crawl run (POST /api/v1/crawl/run): selects its targets, lays them out as work
 * per site in the database (crawl_run_work), which the crawl lanes of every worker process claim
 * and store (apps/worker/src/crawl/crawl-lanes.ts; this process's lanes start here if they have not),
 * follows the run's progress as the targets' checkpoint rows come in, whoever wrote them, and
 * completes the run when no work is left. Idempotent: a run that already finished is skipped, and a
 * redelivered run (its coordinator died) lays out again only what its checkpoint does not hold. */
export const crawlRunJob = implementJob(CRAWL_RUN_JOB, {
  // Renewed every 20 s while the run goes on: a coordinator killed with kill -9 is replaced within
  // a minute, while the lanes of every other worker go on reading the run's pages.
  lockSeconds: 60,
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
    // A redelivered run picks up where the checkpoint says it stopped.
    const finished = await crawlRunTargetsRepository.finished(ctx.db, run_id);
    const selected = new Set(targets.map((t) => t.id));
    const total = targets.length + [...finished].filter((id) => !selected.has(id)).length;
    const vendors = new Set(targets.map((t) => t.vendor_id)).size;
    await crawlWorkRepository.seed(
      ctx.db,
      run_id,
      targets.map((t, position) => ({ targetId: t.id, host: siteOf(t.url), position })),
    );
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

    // The work is laid out: this process's lanes and every other worker's take it from here.
    ctx.crawler.lanes.start({ db: ctx.db, pubsub: ctx.pubsub, log: ctx.log, worker: ctx.workerId });
    ctx.crawler.lanes.wake();
    await ctx.pubsub.publish(CRAWL_WORK_CHANNEL, { run_id }).catch(() => undefined);

    let done = finished.size;
    let lastProgress = -1;
    for (;;) {
      const now = await crawlWorkRepository.progress(ctx.db, run_id);
      if (now.done !== done || now.remaining === 0) {
        done = now.done;
        const progress =
          COLLECTION_START + Math.floor(((COLLECTION_END - COLLECTION_START) * done) / Math.max(total, 1));
        if (progress !== lastProgress || now.remaining === 0) {
          lastProgress = progress;
          await crawlRunsRepository.checkpoint(ctx.db, run_id, {
            stage: 'price_collection',
            progress,
            targets_done: done,
          });
          await publish(ctx, run_id, {
            stage: 'price_collection',
            progress,
            key: 'collecting',
            values: { done, total },
          });
        }
      }
      if (now.remaining === 0) break;
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
    }

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
        await alertTriggers.crawlRunFinished(tx, run_id);
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
    // No worker takes more of a failed run.
    await crawlWorkRepository.clear(ctx.db, run_id).catch(() => undefined);
    // Why, as a code (the technical text kept as its detail): each reader gets it in words.
    const failure = finalFailure(error, thrown);
    await ctx.db.transaction(async (tx) => {
      const failed = await crawlRunsRepository.fail(tx, run_id, {
        message: failure.detail ?? '',
        code: failure.code,
        ...(failure.values ? { values: failure.values } : {}),
      });
      if (failed) {
        // The targets it did crawl (or fail) still count for the alerts.
        await alertTriggers.crawlRunFinished(tx, run_id);
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
