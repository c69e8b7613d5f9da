import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import { createCrawler, type Crawler } from '../crawl/crawler.ts';
import { crawlerSettingsFromEnv, type CrawlerSettings } from '../crawl/crawler-config.ts';
import type { JobContext, JobDefinition, JobLogger, JobOutcome } from '../jobs/job-definition.ts';
import type { ChannelSettings } from '../channels/channel-settings.ts';
import { createPipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import { createJobQueue, jobsSql } from '@preciofab/db/job-queue';
import { JOB_WAKE_CHANNEL, type JobRow } from '@preciofab/shared/contracts/jobs';

export type WorkerOptions = {
  db: Db;
  pubsub: PubSub;
  definitions: JobDefinition[];
  concurrency: number;
  log: JobLogger;
  pollMs?: number;
  /** A crawler to share (tests); otherwise the runner builds its own from `crawlerSettings`, or from
   * the environment, and closes it when it stops. */
  crawler?: Crawler;
  crawlerSettings?: CrawlerSettings;
  /** Alert channels' settings (SMTP_URL, ...); read from the environment when absent. */
  channels?: ChannelSettings;
};

const HEARTBEAT_MS = 10_000;

/** Backoff before retry n (1-based): 5 s, 20 s, 80 s, … capped at 10 minutes. */
export const retryDelaySeconds = (attempt: number): number => Math.min(600, 5 * 4 ** (attempt - 1));

/** Claims and runs jobs until stopped. Several runners (in several processes) share one queue. */
export function createWorkerRunner(options: WorkerOptions) {
  const { db, pubsub, definitions, concurrency, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const names = [...byName.keys()];
  const locks = names.map((n) => byName.get(n)!.lockSeconds);
  const queue = createJobQueue(db, pubsub);
  const pipeline = createPipelinePublisher(pubsub);
  const crawler = options.crawler ?? createCrawler(options.crawlerSettings ?? crawlerSettingsFromEnv());
  const running = new Set<Promise<void>>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let lastJobAt: Date | null = null;

  const beat = async () => {
    await db.query(
      `insert into workers (id, hostname, pid, concurrency, active_jobs, heartbeat_at, last_job_at)
       values ($1, $2, $3, $4, $5, now(), $6)
       on conflict (id) do update set active_jobs = $5, heartbeat_at = now(), last_job_at = $6`,
      [workerId, hostname(), process.pid, concurrency, running.size, lastJobAt],
    );
  };

  const finish = async (job: JobRow, def: JobDefinition, ctx: JobContext, outcome: JobOutcome | Error) => {
    if (!(outcome instanceof Error) && outcome.status !== 'failed') {
      const result = outcome.status === 'skipped' ? { skipped: outcome.reason } : (outcome.result ?? null);
      await db.query(jobsSql.complete, [job.id, workerId, JSON.stringify(result)]);
      return;
    }
    const message = outcome instanceof Error ? outcome.message : outcome.error;
    const retry = outcome instanceof Error && job.attempts < job.max_attempts;
    if (retry) {
      await db.query(jobsSql.retry, [job.id, workerId, message, retryDelaySeconds(job.attempts)]);
      log.error(
        { job: job.id, name: job.name, attempt: job.attempts, err: message },
        'job failed; will retry',
      );
      return;
    }
    const failed = await db.query(jobsSql.fail, [job.id, workerId, message]);
    // No longer ours (our lock expired and another runner took the job): that runner reports it.
    if (failed.rowCount === 0) return;
    log.error({ job: job.id, name: job.name, err: message }, 'job failed');
    await finalFailure(job, def, ctx, message, outcome instanceof Error ? outcome : undefined);
  };

  const finalFailure = async (
    job: JobRow,
    def: JobDefinition,
    ctx: JobContext,
    message: string,
    thrown?: Error,
  ) => {
    const parsed = def.payload.safeParse(job.payload);
    if (def.onFinalFailure && parsed.success) {
      await def.onFinalFailure(parsed.data, message, ctx, thrown).catch((err: unknown) => {
        log.error({ job: job.id, err: String(err) }, 'onFinalFailure failed');
      });
    }
  };

  /** Fails the jobs whose worker died during their last attempt, reporting each once. */
  const expireAbandoned = async () => {
    const r = await db.query<JobRow>(jobsSql.expire, [names]);
    for (const job of r.rows) {
      const def = byName.get(job.name)!;
      const message = job.last_error ?? 'the worker stopped before the job finished';
      log.error({ job: job.id, name: job.name, err: message }, 'job abandoned on its last attempt');
      await finalFailure(
        job,
        def,
        { db, pubsub, queue, pipeline, log, job, workerId, crawler, channels: options.channels },
        message,
      );
    }
  };

  const run = async (job: JobRow) => {
    const def = byName.get(job.name)!;
    const ctx: JobContext = {
      db,
      pubsub,
      queue,
      pipeline,
      log,
      job,
      workerId,
      crawler,
      channels: options.channels,
    };
    const renew = setInterval(
      () => {
        void db.query(jobsSql.extend, [job.id, workerId, def.lockSeconds]).catch(() => undefined);
      },
      (def.lockSeconds * 1000) / 3,
    );
    try {
      const payload = def.payload.safeParse(job.payload);
      const outcome: JobOutcome = payload.success
        ? await def.handler(payload.data, ctx)
        : { status: 'failed', error: `invalid payload: ${payload.error.message}` };
      await finish(job, def, ctx, outcome);
    } catch (err) {
      await finish(job, def, ctx, err instanceof Error ? err : new Error(String(err))).catch(() => undefined);
    } finally {
      clearInterval(renew);
      lastJobAt = new Date();
    }
  };

  // One claim loop at a time. A wake-up during a loop asks for one more pass (the loop may just
  // have found nothing); stop() waits for the loop, so no job is claimed after stop() returns.
  let ticking: Promise<void> | undefined;
  let wanted = false;
  const claimLoop = async (): Promise<void> => {
    while (wanted && !stopped) {
      wanted = false;
      await claimWhileFree();
    }
  };
  const tick = (): Promise<void> => {
    wanted = true;
    // Cleared in a callback, never synchronously, so a loop that ends at once cannot stay behind.
    ticking ??= claimLoop().finally(() => {
      ticking = undefined;
    });
    return ticking;
  };
  const claimWhileFree = async (): Promise<void> => {
    if (running.size < concurrency) await expireAbandoned();
    while (!stopped && running.size < concurrency) {
      const r = await db.query<JobRow>(jobsSql.claim, [workerId, names, locks]);
      const job = r.rows[0];
      if (!job) return;
      const p = run(job).finally(() => {
        running.delete(p);
        if (!stopped) void tick().catch(() => undefined);
      });
      running.add(p);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick()
        .catch((err: unknown) => log.error({ err: String(err) }, 'job poll failed'))
        .finally(schedule);
    }, pollMs);
  };

  return {
    workerId,
    get activeJobs() {
      return running.size;
    },
    async start(): Promise<void> {
      if (!stopped) return;
      stopped = false;
      await beat();
      heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
      unsubscribe = pubsub.subscribe(JOB_WAKE_CHANNEL, () => void tick().catch(() => undefined));
      // The crawl lanes take pages of any running run, whoever coordinates it.
      crawler.lanes.start({ db, pubsub, log, worker: workerId });
      schedule();
      void tick().catch(() => undefined);
    },
    /** Stops claiming and waits for the jobs in hand to finish. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      unsubscribe?.();
      // A claim in flight may still hand over a job: wait for it, then for every job in hand.
      await ticking?.catch(() => undefined);
      while (running.size > 0) await Promise.allSettled([...running]);
      // The runs this process coordinated are done; the pages its lanes hold are read and stored.
      await crawler.lanes.stop();
      // The browser is the runner's own only when it built the crawler.
      if (!options.crawler) await crawler.close().catch(() => undefined);
      await db.query('delete from workers where id = $1', [workerId]).catch(() => undefined);
    },
  };
}

export type WorkerRunner = ReturnType<typeof createWorkerRunner>;
