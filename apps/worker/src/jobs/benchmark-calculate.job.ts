import {
  deleteCalculation,
  insertBenchmarksForRegion,
  useBenchmarkMemory,
} from '@preciofab/db/benchmark-calculation';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { REGIONS, type Region } from '@preciofab/shared/catalogue';
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
 * region scope, and stores them as one calculation (the job id) in one transaction: a failed
 * run leaves the stored benchmarks as they were. */
export const benchmarkCalculateJob = implementJob(BENCHMARK_CALCULATE_JOB, {
  lockSeconds: 300,
  async handler(payload, ctx) {
    const regions: Region[] = payload.region ? [payload.region] : [...REGIONS];
    const windows = payload.time_windows ?? [payload.time_window_days];
    const calculationId = ctx.job.id;
    await publish(ctx, 0, 'pipeline.benchmark.started');

    const byRegion = await ctx.db.transaction(async (tx) => {
      // Every row of one calculation shares the transaction's clock.
      const asOf = (await tx.query<{ now: Date }>('select now() as now')).rows[0]!.now;
      await useBenchmarkMemory(tx);
      await deleteCalculation(tx, calculationId);
      const counts: Partial<Record<Region, number>> = {};
      const steps = regions.length * windows.length;
      for (const [w, windowDays] of windows.entries()) {
        for (const [i, region] of regions.entries()) {
          const step = w * regions.length + i;
          await publish(ctx, Math.round(5 + (90 * step) / steps), 'pipeline.benchmark.region', { region });
          counts[region] =
            (counts[region] ?? 0) +
            (await insertBenchmarksForRegion(tx, {
              calculationId,
              region,
              category: payload.category,
              windowDays,
              minObservations: payload.min_observations,
              asOf,
            }));
        }
      }
      const count = Object.values(counts).reduce((a, b) => a + b, 0);
      await activityRepository.record(tx, {
        actorId: payload.requested_by,
        action: 'benchmark_completed',
        entityType: 'benchmark_calculation',
        entityId: calculationId,
        details: {
          count,
          category: payload.category,
          region: payload.region,
          time_window_days: windows.join(', '),
          trigger: payload.trigger,
        },
      });
      return counts;
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
