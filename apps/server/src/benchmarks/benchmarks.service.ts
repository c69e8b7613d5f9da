import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { benchmarksRepository, type BenchmarkRow } from '@preciofab/db/repositories/benchmarks.repository';
import type { Benchmark, BenchmarkCalculate } from '@preciofab/shared/contracts/benchmarks';
import {
  BENCHMARK_CALCULATE_JOB,
  type BenchmarkCalculatePayload,
  type JobQueue,
} from '@preciofab/shared/contracts/jobs';

const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function toBenchmark(row: BenchmarkRow): Benchmark {
  return {
    id: row.id,
    category: row.category as Benchmark['category'],
    subcategory: row.subcategory,
    base_unit: row.base_unit,
    region: row.region as Benchmark['region'],
    time_window_days: row.time_window_days,
    currency: 'USD',
    tax_basis: row.tax_basis as Benchmark['tax_basis'],
    price_p10: Number(row.price_p10),
    price_p25: Number(row.price_p25),
    price_p50: Number(row.price_p50),
    price_p75: Number(row.price_p75),
    price_p90: Number(row.price_p90),
    price_mean: num(row.price_mean),
    price_stddev: num(row.price_stddev),
    observation_count: row.observation_count,
    vendor_count: row.vendor_count,
    average_confidence: num(row.average_confidence),
    calculated_at: row.calculated_at.toISOString(),
    ...(row.awaiting_review === undefined ? {} : { awaiting_review: row.awaiting_review }),
  };
}

/** Identical requests share one pending job; the key names every input of the calculation. */
export function singletonKeyOf(req: BenchmarkCalculate): string {
  return [
    BENCHMARK_CALCULATE_JOB,
    req.category ?? 'all',
    req.region ?? 'all',
    req.time_window_days,
    req.min_observations,
  ].join(':');
}

export function createBenchmarksService(db: Db, queue: JobQueue<Db>) {
  return {
    /** Queues a calculation. Without force, a queued or running identical request is answered
     * with that job instead of piling up another. */
    async calculate(
      req: BenchmarkCalculate,
      actorId: string,
    ): Promise<{ job_id: string; status: 'queued' | 'running' }> {
      const payload: BenchmarkCalculatePayload = {
        category: req.category ?? null,
        region: req.region ?? null,
        time_window_days: req.time_window_days,
        min_observations: req.min_observations,
        force_recalculation: req.force_recalculation,
        requested_by: actorId,
      };
      const key = req.force_recalculation ? undefined : singletonKeyOf(req);
      // The pending job may finish between a refused insert and the lookup; then insert again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const jobId = await db.transaction(async (tx) => {
          const id = await queue.enqueue(
            BENCHMARK_CALCULATE_JOB,
            payload,
            key ? { singletonKey: key } : {},
            tx,
          );
          if (id) {
            await activityRepository.record(tx, {
              actorId,
              action: 'benchmark_queued',
              entityType: 'benchmark_calculation',
              entityId: id,
              details: {
                category: payload.category,
                region: payload.region,
                time_window_days: payload.time_window_days,
                min_observations: payload.min_observations,
              },
            });
          }
          return id;
        });
        if (jobId) return { job_id: jobId, status: 'queued' };
        const pending = await benchmarksRepository.pendingJob(db, key!);
        if (pending) return { job_id: pending.id, status: pending.state === 'active' ? 'running' : 'queued' };
      }
      throw new Error('could not queue the benchmark calculation');
    },
  };
}
