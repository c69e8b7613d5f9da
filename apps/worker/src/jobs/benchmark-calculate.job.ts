import { z } from 'zod';
import {
  deleteCalculation,
  insertBenchmarksForRegion,
  useBenchmarkMemory,
} from '@preciofab/db/benchmark-calculation';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  BENCHMARK_CALC_WINDOWS,
  BENCHMARK_FILTER_WINDOWS,
  CATEGORIES,
  REGIONS,
  type Region,
} from '@preciofab/shared/catalogue';
import { defineJob, type JobContext } from './job-definition.ts';

export const BENCHMARK_CALCULATE_JOB = 'benchmark.calculate';

export const benchmarkCalculatePayload = z.object({
  /** null: every category. */
  category: z.enum(CATEGORIES).nullable().default(null),
  /** null: all four region scopes. */
  region: z.enum(REGIONS).nullable().default(null),
  time_window_days: z.literal(BENCHMARK_CALC_WINDOWS).default(30),
  /** Several windows in one calculation (the automatic refresh computes every filter window);
   * replaces time_window_days when given. */
  time_windows: z
    .array(z.literal([...BENCHMARK_CALC_WINDOWS, ...BENCHMARK_FILTER_WINDOWS]))
    .min(1)
    .optional(),
  /** Why it runs: asked for by someone, or refreshed after prices changed. */
  trigger: z.enum(['request', 'prices_changed']).default('request'),
  min_observations: z.number().int().min(1).max(100).default(3),
  force_recalculation: z.boolean().default(false),
  requested_by: z.string().nullable().default(null),
});
export type BenchmarkCalculatePayload = z.input<typeof benchmarkCalculatePayload>;

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
export const benchmarkCalculateJob = defineJob({
  name: BENCHMARK_CALCULATE_JOB,
  payload: benchmarkCalculatePayload,
  maxAttempts: 3,
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

  async onFinalFailure(payload, error, ctx) {
    await activityRepository.record(ctx.db, {
      actorId: payload.requested_by,
      action: 'benchmark_failed',
      entityType: 'benchmark_calculation',
      entityId: ctx.job.id,
      details: { name: error },
    });
    await ctx.pipeline.publish({
      stage: STAGE,
      progress: 0,
      status: 'failed',
      message_key: 'pipeline.benchmark.failed',
      values: { error },
      details: { source: 'benchmark', job_id: ctx.job.id },
    });
  },
});
