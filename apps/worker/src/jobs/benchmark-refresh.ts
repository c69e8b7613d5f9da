import type { Db } from '@preciofab/db/client';
import { BENCHMARK_FILTER_WINDOWS } from '@preciofab/shared/catalogue';
import type { JobQueue } from '../queue/job-queue.ts';
import { BENCHMARK_CALCULATE_JOB, type BenchmarkCalculatePayload } from './benchmark-calculate.job.ts';

/** Changes arriving within this delay share one recalculation. */
export const REFRESH_DELAY_SECONDS = 60;
const REFRESH_KEY = 'benchmark:refresh';

/** After prices changed (a crawl stored observations, an operator added a price), recalculate every
 * benchmark the console can show: all regions, every filter window, in one calculation. At most
 * one refresh waits in the queue; a refresh already running does not absorb later changes, so a
 * change during a calculation queues the next one. Pass `tx` to enqueue with the change itself. */
export async function requestBenchmarkRefresh(
  queue: JobQueue,
  tx: Db,
  now = new Date(),
): Promise<string | null> {
  const payload: BenchmarkCalculatePayload = {
    time_windows: [...BENCHMARK_FILTER_WINDOWS],
    trigger: 'prices_changed',
  };
  return queue.enqueue(
    BENCHMARK_CALCULATE_JOB,
    payload,
    {
      singletonKey: REFRESH_KEY,
      singletonWhileQueued: true,
      runAt: new Date(now.getTime() + REFRESH_DELAY_SECONDS * 1000),
    },
    tx,
  );
}
