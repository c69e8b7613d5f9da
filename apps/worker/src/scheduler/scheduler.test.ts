import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '@preciofab/db/client';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { jobsRepository } from '@preciofab/db/repositories/jobs.repository';
import { reportsRepository } from '@preciofab/db/repositories/reports.repository';
import { createJobQueue } from '@preciofab/db/job-queue';
import { createTestDb, memoryLogger, waitFor } from '../testing/test-db.ts';
import { createScheduler, type SchedulerOptions } from './scheduler.ts';

let db: Db;
let url: string | null;
let drop: () => Promise<void>;
const pubsub = createLocalPubSub();
// The tests below write their times in UTC; the zone's own tests say which zone they use.
const scheduler = (options: Partial<SchedulerOptions> = {}) =>
  createScheduler({
    db,
    queue: createJobQueue(db, pubsub),
    log: memoryLogger(),
    timeZone: 'UTC',
    ...options,
  });

beforeAll(async () => {
  ({ db, url, drop } = await createTestDb());
});
afterAll(async () => {
  await pubsub.close();
  await drop();
});
beforeEach(async () => {
  await db.exec(
    'delete from jobs; delete from reports; delete from discovery_sources; delete from scheduled_tasks;',
  );
});

const insertReport = (schedule: string | null, nextRunAt: Date | null, status = 'ready') =>
  db
    .query<{ id: string }>(
      `insert into reports (name, type, format, schedule, next_run_at, status)
       values ('Weekly prices', 'pricing', 'csv', $1, $2, $3) returning id`,
      [schedule, nextRunAt, status],
    )
    .then((r) => r.rows[0]!.id);

const jobs = async (name: string) =>
  (
    await db.query<{ payload: Record<string, string>; state: string }>(
      'select payload, state from jobs where name = $1 order by created_at',
      [name],
    )
  ).rows;

describe('scheduler', () => {
  it('enqueues a due scheduled report once and moves its next run past now', async () => {
    const now = new Date('2025-05-05T07:00:30Z'); // a Monday, 07:00
    const id = await insertReport('0 7 * * 1', new Date('2025-05-05T07:00:00Z'));
    const a = scheduler();
    const b = scheduler();
    const [first, second] = await Promise.all([a.tick(now), b.tick(now)]);
    expect(first.reports + second.reports).toBe(1);
    expect(await a.tick(now)).toMatchObject({ reports: 0 });
    const queued = await jobs('report.generate');
    expect(queued).toEqual([{ payload: { report_id: id }, state: 'queued' }]);
    const report = (await reportsRepository.findById(db, id))!;
    expect(report.next_run_at!.toISOString()).toBe('2025-05-12T07:00:00.000Z');
    expect(report.status).toBe('queued');
    const log = await db.query(
      "select 1 from activity_log where action = 'report_queued' and entity_id = $1",
      [id],
    );
    expect(log.rows).toHaveLength(1);
  });

  it('leaves reports that are not due, and only computes the first next run of a new schedule', async () => {
    const now = new Date('2025-05-05T06:59:00Z');
    await insertReport('0 7 * * 1', new Date('2025-05-05T07:00:00Z'));
    const fresh = await insertReport('0 7 1 * *', null);
    await insertReport(null, null);
    // Nothing but the day's evidence cleanup (no cleanup ran yet).
    expect(await scheduler().tick(now)).toEqual({
      reports: 0,
      orphans: 0,
      discovery: 0,
      crawls: 0,
      cleanups: 1,
      fxSyncs: 0,
      pruned: 0,
      digests: 0,
      swept: 0,
    });
    expect(await jobs('report.generate')).toEqual([]);
    expect((await reportsRepository.findById(db, fresh))!.next_run_at!.toISOString()).toBe(
      '2025-06-01T07:00:00.000Z',
    );
  });

  it('enqueues reports left queued without a job, once', async () => {
    const orphan = await insertReport(null, null, 'queued');
    await insertReport(null, null, 'ready');
    const s = scheduler();
    expect(await s.tick()).toMatchObject({ orphans: 1 });
    expect(await s.tick()).toMatchObject({ orphans: 0 });
    expect(await jobs('report.generate')).toEqual([{ payload: { report_id: orphan }, state: 'queued' }]);
  });

  it('enqueues an active discovery source when its cron fired since its last run, once', async () => {
    const src = (
      await db.query<{ id: string }>(
        `insert into discovery_sources (name, type, schedule, last_run_at, created_at)
         values ('Daily', 'directory', '0 6 * * *', '2025-05-04T06:00:00Z', '2025-01-01T00:00:00Z') returning id`,
      )
    ).rows[0]!.id;
    await db.query(
      `insert into discovery_sources (name, type, schedule, active, created_at)
       values ('Off', 'directory', '0 6 * * *', false, '2025-01-01T00:00:00Z'),
              ('Manual', 'directory', '', true, '2025-01-01T00:00:00Z')`,
    );
    const a = scheduler();
    expect(await a.tick(new Date('2025-05-05T05:59:00Z'))).toMatchObject({ discovery: 0 });
    const now = new Date('2025-05-05T06:00:10Z');
    const [x, y] = await Promise.all([a.tick(now), scheduler().tick(now)]);
    expect(x.discovery + y.discovery).toBe(1);
    const queued = await jobs('discovery.run');
    expect(queued).toEqual([{ payload: { source_id: src }, state: 'queued' }]);
    // Its next run moved on: a finished job does not repeat the tick either.
    await db.query("update jobs set state = 'failed' where name = 'discovery.run'");
    expect(await a.tick(new Date('2025-05-05T06:30:00Z'))).toMatchObject({ discovery: 0 });
    expect(await a.tick(new Date('2025-05-06T06:00:00Z'))).toMatchObject({ discovery: 1 });
    const status = await db.query<{ status: string }>('select status from discovery_sources where id = $1', [
      src,
    ]);
    expect(status.rows[0]!.status).toBe('queued');
  });

  it('ticks at start and on its interval until stopped', async () => {
    const orphan = await insertReport(null, null, 'queued');
    const s = scheduler({ intervalMs: 20 });
    s.start();
    await waitFor(async () => (await jobs('report.generate')).length === 1, { what: 'the first tick' });
    await db.exec('delete from jobs');
    await waitFor(async () => (await jobs('report.generate')).length === 1, { what: 'a later tick' });
    await s.stop();
    await db.exec('delete from jobs');
    await new Promise((r) => setTimeout(r, 80));
    expect(await jobs('report.generate')).toEqual([]);
    expect(orphan).toBeTruthy();
  });

  it('enqueues the evidence cleanup once a day', async () => {
    const now = new Date('2025-05-05T06:00:00Z');
    const [x, y] = await Promise.all([scheduler().tick(now), scheduler().tick(now)]);
    expect(x.cleanups + y.cleanups).toBe(1);
    expect(await jobs('evidence.cleanup')).toEqual([{ payload: {}, state: 'queued' }]);
    // Done: not again the same day, again the next.
    await db.query("update jobs set state = 'completed' where name = 'evidence.cleanup'");
    expect(await scheduler().tick(new Date('2025-05-05T23:00:00Z'))).toMatchObject({ cleanups: 0 });
    expect(await scheduler().tick(new Date('2025-05-06T06:00:01Z'))).toMatchObject({ cleanups: 1 });
    expect(await jobs('evidence.cleanup')).toHaveLength(2);
  });

  it('reads cron schedules in the schedule time zone: America/Mexico_City unless set', async () => {
    // "Daily at 6:00" is 6:00 in Mexico City (12:00 UTC), not 6:00 UTC (midnight there).
    const report = await insertReport('0 6 * * *', null);
    const source = (
      await db.query<{ id: string }>(
        `insert into discovery_sources (name, type, schedule, last_run_at, created_at)
         values ('Daily', 'directory', '0 6 * * *', '2025-05-04T12:00:00Z', '2025-01-01T00:00:00Z') returning id`,
      )
    ).rows[0]!.id;
    const mexico = createScheduler({ db, queue: createJobQueue(db, pubsub), log: memoryLogger() });
    const midnight = new Date('2025-05-05T06:00:30Z');
    expect(await mexico.tick(midnight)).toMatchObject({ reports: 0, discovery: 0 });
    expect((await reportsRepository.findById(db, report))!.next_run_at!.toISOString()).toBe(
      '2025-05-05T12:00:00.000Z',
    );
    expect((await discoverySourcesRepository.findById(db, source))!.next_run_at!.toISOString()).toBe(
      '2025-05-05T12:00:00.000Z',
    );
    expect(await mexico.tick(new Date('2025-05-05T12:00:30Z'))).toMatchObject({ reports: 1, discovery: 1 });
    // Another zone, as SCHEDULE_TIME_ZONE sets it: New York's 6:00 in summer is 10:00 UTC.
    const newYork = scheduler({ timeZone: 'America/New_York' });
    // The runs finished.
    await db.exec("update jobs set state = 'completed'; update reports set status = 'ready'");
    expect(await newYork.tick(new Date('2025-05-06T10:00:30Z'))).toMatchObject({ reports: 0, discovery: 0 });
    expect(await newYork.tick(new Date('2025-05-06T12:00:30Z'))).toMatchObject({ reports: 1, discovery: 1 });
    expect((await reportsRepository.findById(db, report))!.next_run_at!.toISOString()).toBe(
      '2025-05-07T10:00:00.000Z',
    );
  });

  it('fires each due tick once with three schedulers (processes) on one database', async () => {
    // PostgreSQL: three connection pools, as three processes would have; PGlite: its one process.
    const extra = url ? [createPostgresDb(url, 2), createPostgresDb(url, 2), createPostgresDb(url, 2)] : [];
    const dbs = url ? extra : [db, db, db];
    try {
      const report = await insertReport('* * * * *', new Date('2025-05-05T12:00:00Z'));
      const source = (
        await db.query<{ id: string }>(
          `insert into discovery_sources (name, type, schedule, last_run_at, created_at)
           values ('Every minute', 'directory', '* * * * *', '2025-05-05T11:59:00Z', '2025-01-01T00:00:00Z')
           returning id`,
        )
      ).rows[0]!.id;
      // The queue's singleton keys would hide a second job while the first waits: without them,
      // only the claim of each tick stands between three schedulers and duplicates.
      const schedulers = dbs.map((d) => {
        const queue = createJobQueue(d, pubsub);
        return createScheduler({
          db: d,
          log: memoryLogger(),
          timeZone: 'UTC',
          queue: {
            ...queue,
            enqueue: (name, payload, options, tx) =>
              queue.enqueue(name, payload, { ...options, singletonKey: undefined }, tx),
          },
        });
      });
      const ticks = 5;
      for (let minute = 0; minute < ticks; minute++) {
        const now = new Date(Date.UTC(2025, 4, 5, 12, minute, 30));
        const results = await Promise.all(schedulers.map((s) => s.tick(now)));
        const sum = (k: 'reports' | 'discovery' | 'cleanups') => results.reduce((n, r) => n + r[k], 0);
        expect({
          minute,
          reports: sum('reports'),
          discovery: sum('discovery'),
          cleanups: sum('cleanups'),
        }).toEqual({ minute, reports: 1, discovery: 1, cleanups: minute === 0 ? 1 : 0 });
        // Each run finishes before the next tick, so nothing pending could stop a duplicate.
        await db.query("update jobs set state = 'completed', finished_at = now() where state = 'queued'");
      }
      // (Without keys, a report queued by one scheduler also looks orphaned to the next: count the
      // scheduled enqueues, which each leave an activity entry.)
      const scheduled = await db.query(
        "select 1 from activity_log where action = 'report_queued' and entity_id = $1 and details->>'scheduled' = 'true'",
        [report],
      );
      expect(scheduled.rows).toHaveLength(ticks);
      expect(await jobs('discovery.run')).toHaveLength(ticks);
      expect((await jobs('discovery.run')).every((j) => j.payload.source_id === source)).toBe(true);
      expect(await jobs('evidence.cleanup')).toHaveLength(1);
    } finally {
      await Promise.all(extra.map((d) => d.close()));
    }
  });

  it('prunes completed and failed jobs past their retention, in bounded batches, one turn at a time', async () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const add = (state: string, finishedAt: Date | null, n: number) =>
      db.query(
        `insert into jobs (name, state, finished_at) select 'evidence.cleanup', $1, $2 from generate_series(1, $3)`,
        [state, finishedAt, n],
      );
    await add('completed', daysAgo(8), 2_500);
    await add('completed', daysAgo(6), 10);
    await add('failed', daysAgo(8), 5);
    await add('failed', daysAgo(31), 3);
    await add('queued', null, 2);
    const counts = async () =>
      Object.fromEntries(
        (
          await db.query<{ state: string; n: number }>(
            'select state, count(*)::int as n from jobs group by state order by state',
          )
        ).rows.map((r) => [r.state, r.n]),
      );
    // A batch deletes at most its limit.
    expect(await jobsRepository.pruneBatch(db, ['completed'], daysAgo(7), 100)).toBe(100);
    // Three schedulers tick: one takes the turn and deletes the rest, the others none.
    const results = await Promise.all([scheduler(), scheduler(), scheduler()].map((s) => s.tick(now)));
    expect(results.map((r) => r.pruned).sort((a, b) => b - a)).toEqual([2_403, 0, 0]);
    // (Plus the day's evidence cleanup the first tick queued.)
    expect(await counts()).toEqual({ completed: 10, failed: 5, queued: 3 });
    // Retention is a setting; the next turn comes ten minutes later.
    const short = scheduler({ retention: { completedDays: 1, failedDays: 1 } });
    expect(await short.tick(new Date(now.getTime() + 60_000))).toMatchObject({ pruned: 0 });
    expect(await short.tick(new Date(now.getTime() + 11 * 60_000))).toMatchObject({ pruned: 15 });
    expect(await counts()).toEqual({ queued: 3 });
  });
});
