import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { createJobQueue, jobsSql, type JobQueue } from '@preciofab/db/job-queue';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import {
  BENCHMARK_CALCULATE_JOB,
  benchmarkCalculatePayload,
  REFRESH_DELAY_SECONDS,
  requestBenchmarkRefresh,
  type JobContracts,
} from '@preciofab/shared/contracts/jobs';

let t: TestDb;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestDb();
  queue = createJobQueue(t.db, createLocalPubSub());
});
afterAll(() => t.drop());

const refreshJobs = async () =>
  (
    await t.db.query<{
      id: string;
      state: string;
      payload: unknown;
      run_at: Date;
      singleton_key: string | null;
    }>(`select id, state, payload, run_at, singleton_key from jobs where name = $1 order by created_at`, [
      BENCHMARK_CALCULATE_JOB,
    ])
  ).rows;

describe('automatic benchmark refresh', () => {
  it('queues one delayed calculation of every filter window, and coalesces changes while it waits', async () => {
    const now = new Date();
    const first = await requestBenchmarkRefresh(queue, t.db, now);
    expect(first).not.toBeNull();
    expect(await requestBenchmarkRefresh(queue, t.db, now)).toBeNull();
    const [job, ...rest] = await refreshJobs();
    expect(rest).toEqual([]);
    expect(job!.run_at.getTime()).toBe(now.getTime() + REFRESH_DELAY_SECONDS * 1000);
    const payload = benchmarkCalculatePayload.parse(job!.payload);
    expect(payload).toMatchObject({
      time_windows: [30, 90, 180, 365],
      trigger: 'prices_changed',
      region: null,
    });
  });

  it('lets a change during a running refresh queue the next one', async () => {
    // A worker claims the waiting refresh (its run_at is in the future: claim it as if due).
    await t.db.query('update jobs set run_at = now() where name = $1', [BENCHMARK_CALCULATE_JOB]);
    const claimed = await t.db.query<{ id: string }>(jobsSql.claim, ['w1', [BENCHMARK_CALCULATE_JOB], [60]]);
    expect(claimed.rows).toHaveLength(1);
    expect((await refreshJobs())[0]).toMatchObject({ state: 'active', singleton_key: null });
    const next = await requestBenchmarkRefresh(queue, t.db);
    expect(next).not.toBeNull();
    expect((await refreshJobs()).map((j) => j.state)).toEqual(['active', 'queued']);
  });

  it('keeps ordinary singleton keys while a job runs', async () => {
    // A job no contract names: the queue itself, below the contract.
    const plain = createJobQueue<JobContracts>(t.db, createLocalPubSub(), {});
    const a = await plain.enqueue('plain.job', {}, { singletonKey: 'plain' });
    await t.db.query<{ id: string }>(jobsSql.claim, ['w2', ['plain.job'], [60]]);
    expect(await plain.enqueue('plain.job', {}, { singletonKey: 'plain' })).toBeNull();
    expect((await queue.get(a!))?.state).toBe('active');
  });
});
