import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { reportsRepository } from '@preciofab/db/repositories/reports.repository';
import { createJobQueue } from '../queue/job-queue.ts';
import { createTestDb, memoryLogger, waitFor } from '../testing/test-db.ts';
import { createScheduler } from './scheduler.ts';

let db: Db;
let drop: () => Promise<void>;
const pubsub = createLocalPubSub();
const scheduler = () => createScheduler({ db, queue: createJobQueue(db, pubsub), log: memoryLogger() });

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(async () => {
  await pubsub.close();
  await drop();
});
beforeEach(async () => {
  await db.exec('delete from jobs; delete from reports; delete from discovery_sources;');
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
    // Still due by its last run, but the queued run counts: a finished job does not repeat either.
    // (The job row has the real clock's time; put it at the test's.)
    await db.query("update jobs set state = 'failed', created_at = $1 where name = 'discovery.run'", [now]);
    expect(await a.tick(new Date('2025-05-05T06:30:00Z'))).toMatchObject({ discovery: 0 });
    expect(await a.tick(new Date('2025-05-06T06:00:00Z'))).toMatchObject({ discovery: 1 });
    const status = await db.query<{ status: string }>('select status from discovery_sources where id = $1', [
      src,
    ]);
    expect(status.rows[0]!.status).toBe('queued');
  });

  it('ticks at start and on its interval until stopped', async () => {
    const orphan = await insertReport(null, null, 'queued');
    const s = createScheduler({ db, queue: createJobQueue(db, pubsub), log: memoryLogger(), intervalMs: 20 });
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
    // Done, and created at the test's clock: not again the same day, again the next.
    await db.query("update jobs set state = 'completed', created_at = $1 where name = 'evidence.cleanup'", [
      now,
    ]);
    expect(await scheduler().tick(new Date('2025-05-05T23:00:00Z'))).toMatchObject({ cleanups: 0 });
    expect(await scheduler().tick(new Date('2025-05-06T06:00:01Z'))).toMatchObject({ cleanups: 1 });
    expect(await jobs('evidence.cleanup')).toHaveLength(2);
  });
});
