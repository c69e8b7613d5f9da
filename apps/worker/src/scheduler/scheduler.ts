import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { deliveriesRepository } from '@preciofab/db/repositories/deliveries.repository';
import { requeueOverdueDeliveries, sweepUnplannedAlerts } from '@preciofab/db/repositories/delivery-planner';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { jobsRepository, PRUNE_BATCH } from '@preciofab/db/repositories/jobs.repository';
import { reportsRepository } from '@preciofab/db/repositories/reports.repository';
import { scheduledTasksRepository } from '@preciofab/db/repositories/scheduled-tasks.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import {
  ALERTS_DIGEST_JOB,
  ALERTS_DIGEST_KEY,
  CRAWL_RUN_JOB,
  DISCOVERY_RUN_JOB,
  discoverySingletonKey,
  EVIDENCE_CLEANUP_JOB,
  EVIDENCE_CLEANUP_KEY,
  FX_PROVIDER_SYNC_JOB,
  FX_PROVIDER_SYNC_KEY,
  REPORT_GENERATE_JOB,
  REPORT_SINGLETON_PREFIX,
  reportSingletonKey,
  SCHEDULED_CRAWL_KEY,
  type JobQueue,
} from '@preciofab/shared/contracts/jobs';
import { nextCronRun } from '@preciofab/shared/cron';
import { DEFAULT_SCHEDULE_TIME_ZONE } from '@preciofab/shared/time-zone';
import { EVIDENCE_CLEANUP_EVERY_MS } from '../jobs/evidence-cleanup.job.ts';
import { FX_PROVIDER_SYNC_EVERY_MS } from '../jobs/fx-provider-sync.job.ts';
import type { JobLogger } from '../jobs/job-definition.ts';

const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** How long finished jobs are kept (JOB_RETENTION_*_DAYS). */
export type JobRetention = { completedDays: number; failedDays: number };
export const DEFAULT_JOB_RETENTION: JobRetention = { completedDays: 7, failedDays: 30 };
/** The pruning's own turn, and the batches one turn may delete before it lets the next tick go on. */
export const PRUNE_TASK = 'jobs.prune';
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const PRUNE_BATCHES_PER_TURN = 200;
/** The pause after each batch: writers waiting for the connection (PGlite has one) go first. */
const PRUNE_PAUSE_MS = 10;

export type SchedulerOptions = {
  db: Db;
  queue: JobQueue<Db>;
  log: JobLogger;
  /** How often to look for due work; 30 s by default. */
  intervalMs?: number;
  /** The IANA zone cron schedules are read in (SCHEDULE_TIME_ZONE); America/Mexico_City by default. */
  timeZone?: string;
  /** How long completed and failed jobs are kept; 7 and 30 days by default. */
  retention?: JobRetention;
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
  /** Finished jobs deleted for being older than their retention. */
  pruned: number;
  /** 1 when the hour's alert digest run was enqueued. */
  digests: number;
  /** Alerts whose deliveries the sweep planned (their producer did not, within a minute), and
   * overdue deliveries it enqueued again. */
  swept: number;
};

const SCHEDULED_CRAWL_WORKERS = 4;

/**
 * Enqueues what is due: scheduled reports and discovery runs (cron, read in the schedule time
 * zone), scheduled crawl runs, the daily evidence cleanup and exchange-rate provider run, and
 * prunes finished jobs. Runs next to every worker runner, so several schedulers (processes,
 * machines) tick at once, and each due tick fires once: a schedule's next run is moved with a
 * compare-and-set (`... where next_run_at is not distinct from <what was read>`) in the same
 * transaction as the enqueue, so of the schedulers that saw it due, only the one whose update
 * moved it enqueues, and the job and the move commit together or not at all. Singleton keys keep
 * a second job from queueing while one waits or runs.
 */
export function createScheduler(options: SchedulerOptions) {
  const { db, queue, log } = options;
  const intervalMs = options.intervalMs ?? 30_000;
  const timeZone = options.timeZone ?? DEFAULT_SCHEDULE_TIME_ZONE;
  const retention = options.retention ?? DEFAULT_JOB_RETENTION;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Scheduled reports: enqueue when due, moving next_run_at past `now`. A schedule seen for the
   * first time (next_run_at empty) only gets its next run. */
  const dueReports = (now: Date): Promise<number> =>
    db.transaction(async (tx) => {
      let count = 0;
      for (const r of await reportsRepository.lockDueScheduled(tx, now, BATCH)) {
        const next = nextCronRun(r.schedule!, now, timeZone);
        if (!(await reportsRepository.moveNextRun(tx, r.id, r.next_run_at, next))) continue;
        if (!r.next_run_at) continue;
        const jobId = await queue.enqueue(
          REPORT_GENERATE_JOB,
          { report_id: r.id },
          { singletonKey: reportSingletonKey(r.id) },
          tx,
        );
        if (!jobId) continue;
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

  /** Active scheduled discovery sources whose next run is due, like reports. A source seen for
   * the first time fires when its cron fired since its last run (or its creation). */
  const dueSources = (now: Date): Promise<number> =>
    db.transaction(async (tx) => {
      let count = 0;
      for (const s of await discoverySourcesRepository.lockDueScheduled(tx, now, BATCH)) {
        const since = s.last_run_at && s.last_run_at > s.created_at ? s.last_run_at : s.created_at;
        const due = s.next_run_at ?? nextCronRun(s.schedule, since, timeZone);
        const fires = due !== null && due <= now;
        const next = fires ? nextCronRun(s.schedule, now, timeZone) : due;
        if (!(await discoverySourcesRepository.moveNextRun(tx, s.id, s.next_run_at, next))) continue;
        if (!fires) continue;
        const jobId = await queue.enqueue(
          DISCOVERY_RUN_JOB,
          { source_id: s.id },
          { singletonKey: discoverySingletonKey(s.id) },
          tx,
        );
        if (!jobId) continue;
        count++;
        await discoverySourcesRepository.setStatus(tx, s.id, 'queued');
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_queued',
          entityType: 'discovery_source',
          entityId: s.id,
          details: { name: s.name, job_id: jobId, scheduled: true },
        });
      }
      return count;
    });

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

  /** A daily task of the scheduler's own: its turn is claimed in the transaction that enqueues
   * its job, so one scheduler enqueues it per day however many tick. While the previous one still
   * waits or runs (its singleton key holds), the turn stays due: the next one follows it. */
  const daily = (now: Date, task: string, everyMs: number, enqueue: (tx: Db) => Promise<string | null>) =>
    db.transaction(async (tx) => {
      if (!(await scheduledTasksRepository.claim(tx, task, now, new Date(now.getTime() + everyMs)))) return 0;
      if (await enqueue(tx)) return 1;
      await scheduledTasksRepository.setNextRun(tx, task, now);
      return 0;
    });

  /** The evidence cleanup, once a day. */
  const dueCleanup = (now: Date): Promise<number> =>
    daily(now, EVIDENCE_CLEANUP_JOB, EVIDENCE_CLEANUP_EVERY_MS, (tx) =>
      queue.enqueue(EVIDENCE_CLEANUP_JOB, {}, { singletonKey: EVIDENCE_CLEANUP_KEY }, tx),
    );

  /** The exchange-rate provider's run, once a day, like the cleanup. */
  const dueFxSync = async (now: Date): Promise<number> => {
    if (!options.fxProvider) return 0;
    return daily(now, FX_PROVIDER_SYNC_JOB, FX_PROVIDER_SYNC_EVERY_MS, (tx) =>
      queue.enqueue(FX_PROVIDER_SYNC_JOB, {}, { singletonKey: FX_PROVIDER_SYNC_KEY }, tx),
    );
  };

  /** The alert digest run, at the top of every hour while digest items wait: each user's digest
   * goes out in the hour their own clock shows their digest hour (alerts-digest.ts). */
  const dueDigest = async (now: Date): Promise<number> => {
    if (!(await deliveriesRepository.hasPendingDigest(db))) return 0;
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    return db.transaction(async (tx) => {
      const next = new Date(hour.getTime() + HOUR_MS);
      if (!(await scheduledTasksRepository.claim(tx, ALERTS_DIGEST_JOB, now, next))) return 0;
      const id = await queue.enqueue(
        ALERTS_DIGEST_JOB,
        { at: now.toISOString() },
        { singletonKey: ALERTS_DIGEST_KEY },
        tx,
      );
      if (id) return 1;
      await scheduledTasksRepository.setNextRun(tx, ALERTS_DIGEST_JOB, now);
      return 0;
    });
  };

  /** Plans the deliveries of alerts nobody planned within a minute, and enqueues again deliveries
   * overdue by a minute (a lost job, a worker that died within an attempt), so none is lost. */
  const sweep = async (now: Date): Promise<number> =>
    (await sweepUnplannedAlerts(db, queue, now)).alerts + (await requeueOverdueDeliveries(db, queue, now));

  /** Deletes completed (and cancelled) jobs past their retention, and failed ones past theirs, in
   * batches of PRUNE_BATCH rows. One scheduler takes each turn; a turn that stops at its batch
   * limit leaves the next turn due at once. */
  const prune = async (now: Date): Promise<number> => {
    if (
      !(await scheduledTasksRepository.claim(db, PRUNE_TASK, now, new Date(now.getTime() + PRUNE_EVERY_MS)))
    )
      return 0;
    const classes = [
      {
        states: ['completed', 'cancelled'],
        before: new Date(now.getTime() - retention.completedDays * DAY_MS),
      },
      { states: ['failed'], before: new Date(now.getTime() - retention.failedDays * DAY_MS) },
    ];
    let pruned = 0;
    let batches = 0;
    for (const { states, before } of classes) {
      for (;;) {
        if (batches >= PRUNE_BATCHES_PER_TURN) {
          await scheduledTasksRepository.setNextRun(db, PRUNE_TASK, now);
          return pruned;
        }
        batches++;
        const n = await jobsRepository.pruneBatch(db, states, before);
        pruned += n;
        if (n < PRUNE_BATCH) break;
        await new Promise((resolve) => setTimeout(resolve, PRUNE_PAUSE_MS));
      }
    }
    return pruned;
  };

  const tick = async (now = new Date()): Promise<TickResult> => {
    const reports = await dueReports(now);
    const orphans = await orphanReports();
    const discovery = await dueSources(now);
    const crawls = await dueCrawls();
    const cleanups = await dueCleanup(now);
    const fxSyncs = await dueFxSync(now);
    const pruned = await prune(now);
    const digests = await dueDigest(now);
    const swept = await sweep(now);
    if (reports + orphans + discovery + crawls + cleanups + fxSyncs + digests + swept > 0) {
      log.info(
        { reports, orphans, discovery, crawls, cleanups, fxSyncs, digests, swept },
        'scheduler enqueued',
      );
    }
    if (pruned > 0) log.info({ pruned }, 'finished jobs pruned');
    return { reports, discovery, orphans, crawls, cleanups, fxSyncs, pruned, digests, swept };
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
