import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import { defineJob, type JobDefinition } from '../jobs/job-definition.ts';
import { createTestDb, memoryLogger, waitFor, type TestDb } from '../testing/test-db.ts';
import { createJobQueue, jobsSql, type JobQueue, type JobRow } from '@preciofab/db/job-queue';
import type { JobContracts } from '@preciofab/shared/contracts/jobs';
import { createWorkerRunner, retryDelaySeconds, type WorkerRunner } from './worker-runner.ts';

let t: TestDb;
let pubsub: PubSub;
// The runner's own tests use jobs of their own, below the application's contract.
let queue: JobQueue<Db, JobContracts>;
const runners: WorkerRunner[] = [];

beforeAll(async () => {
  t = await createTestDb();
  pubsub = createLocalPubSub();
  queue = createJobQueue<JobContracts>(t.db, pubsub, {});
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await t.db.query('delete from jobs');
});
afterAll(async () => {
  await pubsub.close();
  await t.drop();
});

const log = memoryLogger();

function startRunner(
  definitions: JobDefinition[],
  options: { db?: Db; concurrency?: number; pollMs?: number } = {},
) {
  const runner = createWorkerRunner({
    db: options.db ?? t.db,
    pubsub,
    definitions,
    concurrency: options.concurrency ?? 1,
    log,
    pollMs: options.pollMs ?? 20,
  });
  runners.push(runner);
  return runner.start().then(() => runner);
}

const job = (id: string | null) => queue.get(id!) as Promise<JobRow & { locked_until?: Date }>;
const waitForState = (
  id: string | null,
  state: JobRow['state'],
  extra: (j: JobRow) => boolean = () => true,
) =>
  waitFor(
    async () => {
      const j = await job(id);
      return j.state === state && extra(j) ? j : undefined;
    },
    { what: `job ${id} ${state}` },
  );

/** A promise the test resolves when it wants a handler to finish. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe('job queue and worker runner', () => {
  it('runs an enqueued job to completed, keeping its result', async () => {
    const echo = defineJob({
      name: 'test.echo',
      payload: z.object({ n: z.number() }),
      maxAttempts: 3,
      lockSeconds: 30,
      handler: async ({ n }, ctx) => ({ status: 'success', result: { doubled: n * 2, by: ctx.workerId } }),
    });
    const runner = await startRunner([echo]);
    const id = await queue.enqueue('test.echo', { n: 21 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const done = await waitForState(id, 'completed');
    expect(done).toMatchObject({
      attempts: 1,
      result: { doubled: 42, by: runner.workerId },
      locked_by: null,
    });
    expect(done.started_at).toBeInstanceOf(Date);
    expect(done.finished_at).toBeInstanceOf(Date);
  });

  it('retries a thrown error with backoff, then fails and calls onFinalFailure once', async () => {
    let runs = 0;
    const finalFailures: string[] = [];
    const errors: Error[] = [];
    const thrownErrors: unknown[] = [];
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 3,
      lockSeconds: 30,
      handler: async () => {
        runs += 1;
        errors.push(new Error(`boom ${runs}`));
        throw errors.at(-1);
      },
      onFinalFailure: async (_p, error, _ctx, thrown) => {
        finalFailures.push(error);
        thrownErrors.push(thrown);
      },
    });
    await startRunner([flaky]);
    const id = await queue.enqueue('test.flaky', {}, { maxAttempts: 3 });

    for (const attempt of [1, 2]) {
      const queued = await waitForState(id, 'queued', (j) => j.attempts === attempt);
      expect(queued.last_error).toBe(`boom ${attempt}`);
      const wait = (queued.run_at.getTime() - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(retryDelaySeconds(attempt) - 2);
      expect(wait).toBeLessThanOrEqual(retryDelaySeconds(attempt) + 1);
      expect(finalFailures).toEqual([]);
      // Skip the backoff instead of sleeping through it.
      await t.db.query('update jobs set run_at = now() where id = $1', [id]);
    }
    const failed = await waitForState(id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, last_error: 'boom 3' });
    await waitFor(() => finalFailures.length === 1, { what: 'onFinalFailure' });
    expect(finalFailures).toEqual(['boom 3']);
    // What the last attempt threw, itself, for the job to classify (job-failure.ts).
    expect(thrownErrors).toHaveLength(1);
    expect(thrownErrors[0]).toBe(errors[2]);
    expect(runs).toBe(3);
    expect(retryDelaySeconds(1)).toBe(5);
    expect(retryDelaySeconds(2)).toBe(20);
    expect(retryDelaySeconds(10)).toBe(600);
  });

  it('fails without retry when the handler answers failed, or the payload is invalid', async () => {
    let runs = 0;
    const finalFailures: [string, unknown][] = [];
    const refuses = defineJob({
      name: 'test.refuses',
      payload: z.object({ ok: z.boolean() }),
      maxAttempts: 3,
      lockSeconds: 30,
      handler: async () => {
        runs += 1;
        return { status: 'failed', error: 'nothing to do with this input' };
      },
      onFinalFailure: async (_p, error, _ctx, thrown) => void finalFailures.push([error, thrown]),
    });
    await startRunner([refuses]);
    const id = await queue.enqueue('test.refuses', { ok: true });
    const failed = await waitForState(id, 'failed');
    expect(failed).toMatchObject({ attempts: 1, last_error: 'nothing to do with this input' });
    await waitFor(() => finalFailures.length === 1, { what: 'onFinalFailure' });
    // Nothing was thrown: the job's own text is all there is.
    expect(finalFailures).toEqual([['nothing to do with this input', undefined]]);

    const bad = await queue.enqueue('test.refuses', { ok: 'yes' });
    const invalid = await waitForState(bad, 'failed');
    expect(invalid.attempts).toBe(1);
    expect(invalid.last_error).toMatch(/^invalid payload/);
    expect(runs).toBe(1);
  });

  it('hands a job whose lock expired (its worker was killed) to another runner', async () => {
    const hold = gate();
    const executions: string[] = [];
    const slow = defineJob({
      name: 'test.slow',
      payload: z.object({}),
      maxAttempts: 3,
      lockSeconds: 30,
      handler: async (_p, ctx) => {
        executions.push(ctx.workerId);
        if (executions.length === 1) await hold.promise; // the "killed" worker never finishes
        return { status: 'success', result: { by: ctx.workerId } };
      },
    });
    const defs = [slow];
    const a = await startRunner(defs);
    const id = await queue.enqueue('test.slow', {});
    await waitForState(id, 'active', (j) => j.locked_by === a.workerId);
    await t.db.query("update jobs set locked_until = now() - interval '1 second' where id = $1", [id]);

    const b = await startRunner(defs);
    const done = await waitForState(id, 'completed');
    expect(done).toMatchObject({ attempts: 2, result: { by: b.workerId } });
    expect(executions).toEqual([a.workerId, b.workerId]);

    // The first worker comes back to life: its late answer must not overwrite the job.
    hold.open();
    await a.stop();
    expect((await job(id)).result).toEqual({ by: b.workerId });
  });

  it('fails, once, a job whose worker died during its last attempt', async () => {
    const hold = gate();
    let runs = 0;
    const finalFailures: string[] = [];
    const fatal = defineJob({
      name: 'test.fatal',
      payload: z.object({}),
      maxAttempts: 1,
      lockSeconds: 30,
      handler: async () => {
        runs += 1;
        await hold.promise;
        return { status: 'success' };
      },
      onFinalFailure: async (_p, error) => void finalFailures.push(error),
    });
    const defs = [fatal];
    const a = await startRunner(defs);
    const id = await queue.enqueue('test.fatal', {}, { maxAttempts: 1 });
    await waitForState(id, 'active', (j) => j.locked_by === a.workerId);
    await t.db.query("update jobs set locked_until = now() - interval '1 second' where id = $1", [id]);
    await startRunner(defs);
    await startRunner(defs);

    const failed = await waitForState(id, 'failed');
    expect(failed).toMatchObject({ attempts: 1, last_error: 'the worker stopped before the job finished' });
    await waitFor(() => finalFailures.length === 1, { what: 'onFinalFailure' });
    hold.open();
    await a.stop();
    expect(runs).toBe(1);
    expect(finalFailures).toHaveLength(1);
    expect((await job(id)).state).toBe('failed');
  });

  it('keeps at most one queued or active job per singleton key', async () => {
    const first = await queue.enqueue('test.single', {}, { singletonKey: 'benchmarks:all' });
    const second = await queue.enqueue('test.single', {}, { singletonKey: 'benchmarks:all' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const other = await queue.enqueue('test.single', {}, { singletonKey: 'benchmarks:cdmx' });
    expect(other).not.toBeNull();
    const single = defineJob({
      name: 'test.single',
      payload: z.object({}),
      maxAttempts: 1,
      lockSeconds: 30,
      handler: async () => ({ status: 'skipped', reason: 'nothing changed' }),
    });
    await startRunner([single]);
    const done = await waitForState(first, 'completed');
    expect(done.result).toEqual({ skipped: 'nothing changed' });
    // Finished jobs no longer hold the key.
    const again = await queue.enqueue('test.single', {}, { singletonKey: 'benchmarks:all' });
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
  });

  it('never runs a job twice with two runners (two connections on PostgreSQL)', async () => {
    const counts = new Map<number, number>();
    const count = defineJob({
      name: 'test.count',
      payload: z.object({ n: z.number() }),
      maxAttempts: 3,
      lockSeconds: 30,
      handler: async ({ n }) => {
        counts.set(n, (counts.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
        return { status: 'success' };
      },
    });
    const defs = [count];
    const N = 40;
    for (let n = 0; n < N; n++) await queue.enqueue('test.count', { n });
    // On PostgreSQL the second runner gets its own pool: another process, as far as locks go.
    const other = t.url ? createPostgresDb(t.url, 4) : t.db;
    try {
      await Promise.all([
        startRunner(defs, { concurrency: 3 }),
        startRunner(defs, { concurrency: 3, db: other }),
      ]);
      await waitFor(
        async () => {
          const r = await t.db.query<{ n: number }>(
            "select count(*)::int as n from jobs where name = 'test.count' and state = 'completed'",
          );
          return r.rows[0]!.n === N;
        },
        { what: 'all jobs completed', timeoutMs: 30_000 },
      );
      expect(counts.size).toBe(N);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      const attempts = await t.db.query<{ n: number }>(
        "select sum(attempts)::int as n from jobs where name = 'test.count'",
      );
      expect(attempts.rows[0]!.n).toBe(N);
    } finally {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
      if (other !== t.db) await other.close();
    }
  });

  it('wakes on enqueue instead of waiting for the next poll', async () => {
    const quick = defineJob({
      name: 'test.quick',
      payload: z.object({}),
      maxAttempts: 1,
      lockSeconds: 30,
      handler: async () => ({ status: 'success' }),
    });
    await startRunner([quick], { pollMs: 60_000 });
    const id = await queue.enqueue('test.quick', {});
    await waitForState(id, 'completed');
  });

  it('stop() lets the jobs in hand finish', async () => {
    const hold = gate();
    const held = defineJob({
      name: 'test.held',
      payload: z.object({}),
      maxAttempts: 1,
      lockSeconds: 30,
      handler: async () => {
        await hold.promise;
        return { status: 'success', result: 'finished' };
      },
    });
    const runner = await startRunner([held]);
    const id = await queue.enqueue('test.held', {});
    await waitForState(id, 'active');
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    hold.open();
    await stopping;
    expect((await job(id)).state).toBe('completed');
  });

  it('claims again after a stop and a new start', async () => {
    const again = defineJob({
      name: 'test.again',
      payload: z.object({}),
      maxAttempts: 1,
      lockSeconds: 30,
      handler: async () => ({ status: 'success' }),
    });
    const runner = await startRunner([again]);
    await runner.stop();
    const id = await queue.enqueue('test.again', {});
    await new Promise((r) => setTimeout(r, 60));
    expect((await job(id)).state).toBe('queued');
    await runner.start();
    await waitForState(id, 'completed');
  });

  it('registers its worker with a heartbeat, and leaves on stop', async () => {
    const runner = await startRunner([], { concurrency: 2 });
    const r = await t.db.query<{ pid: number; concurrency: number; heartbeat_at: Date; hostname: string }>(
      'select pid, concurrency, heartbeat_at, hostname from workers where id = $1',
      [runner.workerId],
    );
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ pid: process.pid, concurrency: 2 });
    expect(Math.abs(r.rows[0]!.heartbeat_at.getTime() - Date.now())).toBeLessThan(60_000);
    await runner.stop();
    const after = await t.db.query('select 1 from workers where id = $1', [runner.workerId]);
    expect(after.rows).toHaveLength(0);
  });
});

describe('jobs survive a restart (PGlite on disk)', () => {
  it('keeps a queued job through close and reopen, then runs it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'preciofab-queue-'));
    try {
      const before = await createPgliteDb(dir);
      await migrate(before);
      const localBus = createLocalPubSub();
      const id = await createJobQueue<JobContracts>(before, localBus, {}).enqueue('test.durable', { n: 7 });
      await before.close();

      const after = await createPgliteDb(dir);
      const queueAfter = createJobQueue<JobContracts>(after, localBus, {});
      expect(await queueAfter.get(id!)).toMatchObject({ state: 'queued', payload: { n: 7 }, attempts: 0 });
      const durable = defineJob({
        name: 'test.durable',
        payload: z.object({ n: z.number() }),
        maxAttempts: 1,
        lockSeconds: 30,
        handler: async ({ n }) => ({ status: 'success', result: n + 1 }),
      });
      const runner = createWorkerRunner({
        db: after,
        pubsub: localBus,
        definitions: [durable],
        concurrency: 1,
        log,
        pollMs: 20,
      });
      await runner.start();
      const done = await waitFor(async () => {
        const j = await queueAfter.get(id!);
        return j?.state === 'completed' ? j : undefined;
      });
      expect(done.result).toBe(8);
      await runner.stop();
      await after.close();
      await localBus.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('job queue defaults', () => {
  it("uses the contract's number of attempts unless the caller names one", async () => {
    const queue = createJobQueue<JobContracts>(t.db, createLocalPubSub(), {
      'defaults.probe': { payload: z.object({}), maxAttempts: 7 },
    });
    const a = await queue.enqueue('defaults.probe', {});
    const b = await queue.enqueue('defaults.probe', {}, { maxAttempts: 2 });
    const c = await queue.enqueue('defaults.other', {});
    expect((await queue.get(a!))?.max_attempts).toBe(7);
    expect((await queue.get(b!))?.max_attempts).toBe(2);
    expect((await queue.get(c!))?.max_attempts).toBe(3);
  });
});

describe('claiming', () => {
  it("sets each job's own lock in the claim itself", async () => {
    await queue.enqueue('lock.short', {});
    await queue.enqueue('lock.long', {});
    const claim = () =>
      t.db.query<{ name: string }>(jobsSql.claim, ['w-lock', ['lock.short', 'lock.long'], [5, 600]]);
    const claimed = [(await claim()).rows[0]!.name, (await claim()).rows[0]!.name].sort();
    expect(claimed).toEqual(['lock.long', 'lock.short']);
    const locks = await t.db.query<{ name: string; secs: number }>(
      `select name, extract(epoch from locked_until - now())::int as secs from jobs where name like 'lock.%' order by name`,
    );
    const byName = Object.fromEntries(locks.rows.map((r) => [r.name, r.secs]));
    expect(byName['lock.short']).toBeGreaterThan(0);
    expect(byName['lock.short']).toBeLessThanOrEqual(5);
    expect(byName['lock.long']).toBeGreaterThan(590);
  });
});
