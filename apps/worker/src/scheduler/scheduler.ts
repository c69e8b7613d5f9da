import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { reportsRepository } from '@preciofab/db/repositories/reports.repository';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { CRAWL_RUN_JOB } from '../jobs/crawl-run.job.ts';
import { nextCronRun } from '@preciofab/shared/cron';
import { FX_PROVIDER_SYNC_JOB, triggerJob } from '@preciofab/shared/contracts/jobs';
import { DISCOVERY_RUN_JOB, discoverySingletonKey } from '../jobs/discovery-run.job.ts';
import {
  EVIDENCE_CLEANUP_EVERY_MS,
  EVIDENCE_CLEANUP_JOB,
  EVIDENCE_CLEANUP_KEY,
} from '../jobs/evidence-cleanup.job.ts';
import { FX_PROVIDER_SYNC_EVERY_MS, FX_PROVIDER_SYNC_KEY } from '../jobs/fx-provider-sync.job.ts';
import type { JobLogger } from '../jobs/job-definition.ts';
import {
  REPORT_GENERATE_JOB,
  REPORT_SINGLETON_PREFIX,
  reportSingletonKey,
} from '../jobs/report-generate.job.ts';
import type { JobQueue } from '../queue/job-queue.ts';

const BATCH = 100;

export type SchedulerOptions = {
  db: Db;
  queue: JobQueue;
  log: JobLogger;
  /** How often to look for due work; 30 s by default. */
  intervalMs?: number;
  /** Start crawl runs for the targets that are due (CRAWLER_SCHEDULE); on by default. */
  crawls?: boolean;
  /** Fetch the exchange-rate provider's missing days once a day (FX_PROVIDER_URL is set); off by default. */
  fxProvider?: boolean;
};

export type TickResult = {
  reports: number;
  discovery: number;
  orphans: number;
  crawls: number;
  /** 1 when the day's evidence cleanup was enqueued. */
  cleanups: number;
  /** 1 when the day's exchange-rate provider run was enqueued. */
  fxSyncs: number;
};

/** One scheduled crawl run waits or runs at a time; it takes every target due when it starts. */
export const SCHEDULED_CRAWL_KEY = 'crawl:scheduled';
const SCHEDULED_CRAWL_WORKERS = 4;

/** Enqueues report generations whose cron is due, and discovery runs whose source schedule is due.
 * Runs next to every worker runner; several schedulers (processes) may tick at once: due rows are
 * locked with SKIP LOCKED and re-checked inside their transaction, and every job carries a
 * singleton key, so each due run is enqueued once. */
export function createScheduler(options: SchedulerOptions) {
  const { db, queue, log } = options;
  const intervalMs = options.intervalMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Scheduled reports: enqueue when due, then move next_run_at past `now`. A schedule seen for the
   * first time (next_run_at empty) only gets its next run. */
  const dueReports = (now: Date): Promise<number> =>
    db.transaction(async (tx) => {
      let count = 0;
      for (const r of await reportsRepository.lockDueScheduled(tx, now, BATCH)) {
        const next = nextCronRun(r.schedule!, now);
        if (r.next_run_at) {
          const jobId = await queue.enqueue(
            REPORT_GENERATE_JOB,
            { report_id: r.id },
            { singletonKey: reportSingletonKey(r.id) },
            tx,
          );
          if (jobId) {
            count++;
            await reportsRepository.setStatus(tx, r.id, 'queued');
            await activityRepository.record(tx, {
              actorId: null,
              action: 'report_queued',
              entityType: 'report',
              entityId: r.id,
              details: { name: r.name, job_id: jobId, scheduled: true },
            });
          }
        }
        await reportsRepository.setNextRun(tx, r.id, next);
      }
      return count;
    });

  /** Reports left in 'queued' without a job (seeded, or queued by a process that lost its job). */
  const orphanReports = async (): Promise<number> => {
    let count = 0;
    for (const id of await reportsRepository.queuedWithoutJob(db, REPORT_SINGLETON_PREFIX, BATCH)) {
      const jobId = await queue.enqueue(
        REPORT_GENERATE_JOB,
        { report_id: id },
        { singletonKey: reportSingletonKey(id) },
      );
      if (jobId) count++;
    }
    return count;
  };

  /** Active sources whose cron fired since their last run (or last queued run, or creation). */
  const dueSources = async (now: Date): Promise<number> => {
    const candidates = await db.query<{ id: string }>(
      "select id from discovery_sources where active and schedule <> '' order by id",
    );
    let count = 0;
    for (const { id } of candidates.rows) {
      const queued = await db.transaction(async (tx) => {
        const s = (
          await tx.query<{ name: string; schedule: string; active: boolean; since: Date }>(
            `select s.name, s.schedule, s.active,
                    greatest(s.created_at, s.last_run_at,
                             (select max(j.created_at) from jobs j where j.name = $2 and j.singleton_key = $3)) as since
               from discovery_sources s where s.id = $1 for update skip locked`,
            [id, DISCOVERY_RUN_JOB, discoverySingletonKey(id)],
          )
        ).rows[0];
        if (!s || !s.active) return false;
        const due = nextCronRun(s.schedule, s.since);
        if (!due || due > now) return false;
        const jobId = await queue.enqueue(
          DISCOVERY_RUN_JOB,
          { source_id: id },
          { singletonKey: discoverySingletonKey(id) },
          tx,
        );
        if (!jobId) return false;
        await tx.query("update discovery_sources set status = 'queued', updated_at = now() where id = $1", [
          id,
        ]);
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_queued',
          entityType: 'discovery_source',
          entityId: id,
          details: { name: s.name, job_id: jobId, scheduled: true },
        });
        return true;
      });
      if (queued) count++;
    }
    return count;
  };

  /** A scheduled crawl run when an active target is due (its frequency passed, or its backoff after
   * failures), unless one is already waiting or running. */
  const dueCrawls = async (): Promise<number> => {
    if (options.crawls === false || !(await targetsRepository.anyDue(db))) return 0;
    return db.transaction(async (tx) => {
      const runId = await crawlRunsRepository.insert(tx, {
        type: 'scheduled',
        force: false,
        parallel_workers: SCHEDULED_CRAWL_WORKERS,
        vendor_id: null,
        category: null,
        requested_by: null,
      });
      const jobId = await queue.enqueue(
        CRAWL_RUN_JOB,
        { run_id: runId },
        { singletonKey: SCHEDULED_CRAWL_KEY },
        tx,
      );
      if (!jobId) {
        await tx.query('delete from crawl_runs where id = $1', [runId]);
        return 0;
      }
      await crawlRunsRepository.setJobId(tx, runId, jobId);
      return 1;
    });
  };

  /** The evidence cleanup, once a day: when no cleanup job was created in the last day. */
  const dueCleanup = async (now: Date): Promise<number> => {
    const last = await db.query<{ at: Date | null }>(
      'select max(created_at) as at from jobs where name = $1',
      [EVIDENCE_CLEANUP_JOB],
    );
    const at = last.rows[0]?.at;
    if (at && now.getTime() - new Date(at).getTime() < EVIDENCE_CLEANUP_EVERY_MS) return 0;
    const jobId = await queue.enqueue(EVIDENCE_CLEANUP_JOB, {}, { singletonKey: EVIDENCE_CLEANUP_KEY });
    return jobId ? 1 : 0;
  };

  /** The exchange-rate provider's run, once a day, like the cleanup. */
  const dueFxSync = async (now: Date): Promise<number> => {
    if (!options.fxProvider) return 0;
    const last = await db.query<{ at: Date | null }>(
      'select max(created_at) as at from jobs where name = $1',
      [FX_PROVIDER_SYNC_JOB],
    );
    const at = last.rows[0]?.at;
    if (at && now.getTime() - new Date(at).getTime() < FX_PROVIDER_SYNC_EVERY_MS) return 0;
    const jobId = await triggerJob(queue, FX_PROVIDER_SYNC_JOB, {}, { singletonKey: FX_PROVIDER_SYNC_KEY });
    return jobId ? 1 : 0;
  };

  const tick = async (now = new Date()): Promise<TickResult> => {
    const reports = await dueReports(now);
    const orphans = await orphanReports();
    const discovery = await dueSources(now);
    const crawls = await dueCrawls();
    const cleanups = await dueCleanup(now);
    const fxSyncs = await dueFxSync(now);
    if (reports + orphans + discovery + crawls + cleanups + fxSyncs > 0) {
      log.info({ reports, orphans, discovery, crawls, cleanups, fxSyncs }, 'scheduler enqueued');
    }
    return { reports, discovery, orphans, crawls, cleanups, fxSyncs };
  };

  let stopped = true;
  const run = () => {
    running = tick()
      .catch((err: unknown) => log.error({ err: String(err) }, 'scheduler tick failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(run, intervalMs);
      });
  };

  return {
    tick,
    /** Ticks at once (so reports left queued, such as the demo's, start right away), then every interval. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      run();
    },
    /** Stops ticking and waits for a tick in progress. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
