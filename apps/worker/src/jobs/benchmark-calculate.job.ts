import {
  benchmarkGroups,
  computeBenchmarksForRegion,
  createBenchmarkScratch,
  deleteCalculation,
  dropBenchmarkScratch,
  stageBenchmarkPrices,
  storeBenchmarks,
  type ComputedBenchmark,
} from '@preciofab/db/benchmark-calculation';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import { CATEGORIES, REGIONS, type Region } from '@preciofab/shared/catalogue';
import { BENCHMARK_CALCULATE_JOB } from '@preciofab/shared/contracts/jobs';
import { failureMessageValues } from '@preciofab/shared/job-failures';
import { implementJob, type JobContext } from './job-definition.ts';
import { finalFailure } from './job-failure.ts';

const STAGE = 'benchmark_calculation' as const;

function publish(
  ctx: JobContext,
  progress: number,
  messageKey: string,
  values: Record<string, string | number> = {},
) {
  return ctx.pipeline.publish({
    stage: STAGE,
    progress,
    status: 'running',
    message_key: messageKey,
    values,
    details: { source: 'benchmark', job_id: ctx.job.id },
  });
}

/** Computes P10..P90, mean and deviation per category, subcategory and base unit for each
 * region scope, and stores them as one calculation (the job id). Each region, window and group
 * is computed by a read of its own, then everything is stored in one short transaction: a failed
 * run leaves the stored benchmarks as they were, and no statement holds writers up for long (on
 * PGlite every writer shares its one connection: one transaction over the whole calculation held
 * new prices back for its whole length, one statement per category 0.5–2 s at 100,000 prices). */
export const benchmarkCalculateJob = implementJob(BENCHMARK_CALCULATE_JOB, {
  lockSeconds: 300,
  async handler(payload, ctx) {
    const regions: Region[] = payload.region ? [payload.region] : [...REGIONS];
    const windows = payload.time_windows ?? [payload.time_window_days];
    const categories: (string | null)[] = payload.category ? [payload.category] : [...CATEGORIES];
    const calculationId = ctx.job.id;
    await publish(ctx, 0, 'pipeline.benchmark.started');

    // Every row of one calculation shares one clock: the window of each part ends here.
    const asOf = (await ctx.db.query<{ now: Date }>('select now() as now')).rows[0]!.now;
    const rows: ComputedBenchmark[] = [];
    const byRegion: Partial<Record<Region, number>> = {};
    const steps = regions.length * windows.length;
    // The prices of the widest window are copied once, page by page, to a narrow table of the
    // calculation's own the groups are computed from (`benchmarkScratchTable`); the groups of each
    // category read once for every region and window. An attempt delivered again first drops
    // what an interrupted one copied.
    const widest = Math.max(...windows);
    await createBenchmarkScratch(ctx.db, calculationId);
    try {
      await stageBenchmarkPrices(ctx.db, calculationId, {
        category: payload.category ?? null,
        windowDays: widest,
        asOf,
      });
      const groups = new Map<string | null, Awaited<ReturnType<typeof benchmarkGroups>>>();
      for (const category of categories) {
        groups.set(category, await benchmarkGroups(ctx.db, { category, windowDays: widest, asOf }));
      }
      for (const [w, windowDays] of windows.entries()) {
        for (const [i, region] of regions.entries()) {
          const step = w * regions.length + i;
          await publish(ctx, Math.round(5 + (90 * step) / steps), 'pipeline.benchmark.region', { region });
          for (const category of categories) {
            const part = await computeBenchmarksForRegion(
              ctx.db,
              { region, category, windowDays, minObservations: payload.min_observations, asOf },
              { groups: groups.get(category), scratch: calculationId },
            );
            rows.push(...part);
            byRegion[region] = (byRegion[region] ?? 0) + part.length;
          }
        }
      }
    } finally {
      await dropBenchmarkScratch(ctx.db, calculationId);
    }
    await ctx.db.transaction(async (tx) => {
      // A redelivered job replaces what an earlier attempt of it stored.
      await deleteCalculation(tx, calculationId);
      await storeBenchmarks(tx, calculationId, asOf, rows);
      await alertTriggers.benchmarkCalculated(tx, calculationId);
      await activityRepository.record(tx, {
        actorId: payload.requested_by,
        action: 'benchmark_completed',
        entityType: 'benchmark_calculation',
        entityId: calculationId,
        details: {
          count: rows.length,
          category: payload.category,
          region: payload.region,
          time_window_days: windows.join(', '),
          trigger: payload.trigger,
        },
      });
    });

    const count = Object.values(byRegion).reduce((a, b) => a + b, 0);
    await ctx.pipeline.publish({
      stage: 'completed',
      progress: 100,
      status: 'completed',
      message_key: 'pipeline.benchmark.completed',
      values: { count },
      details: { source: 'benchmark', job_id: calculationId },
    });
    ctx.log.info({ job: calculationId, count, byRegion }, 'benchmarks calculated');
    return { status: 'success', result: { calculation_id: calculationId, count, by_region: byRegion } };
  },

  async onFinalFailure(payload, error, ctx, thrown) {
    // Why, as a code each reader gets in words; the technical text kept as the entry's detail.
    const failure = finalFailure(error, thrown);
    await activityRepository.record(ctx.db, {
      actorId: payload.requested_by,
      action: 'benchmark_failed',
      entityType: 'benchmark_calculation',
      entityId: ctx.job.id,
      details: {
        ...failureMessageValues(failure, 'name'),
        error_code: failure.code,
        error: (failure.detail ?? '').slice(0, 500),
      },
    });
    await ctx.pipeline.publish({
      stage: STAGE,
      progress: 0,
      status: 'failed',
      message_key: 'pipeline.benchmark.failed',
      values: failureMessageValues(failure),
      details: { source: 'benchmark', job_id: ctx.job.id },
    });
  },
});
