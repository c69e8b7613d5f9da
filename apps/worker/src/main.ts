import { createDb } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { createPostgresPubSub } from '@preciofab/db/pubsub';
import { alertRulesRepository } from '@preciofab/db/repositories/alert-rules.repository';
import { crawlerSettings } from './crawl/crawler-config.ts';
import { channelSettings } from './channels/channel-settings.ts';
import { allJobs } from './jobs/all-jobs.ts';
import type { JobLogger } from './jobs/job-definition.ts';
import { createJobQueue } from '@preciofab/db/job-queue';
import { schedulerSettings } from '@preciofab/shared/scheduler-config';
import { createWorkerRunner } from './queue/worker-runner.ts';
import { createScheduler } from './scheduler/scheduler.ts';
import { LOG_LEVELS, loadWorkerConfig, type LogLevel, type WorkerConfig } from './worker-config.ts';

/** One JSON line per entry (what log collectors read), at or above the configured level. */
function createConsoleLogger(level: LogLevel): JobLogger {
  const rank = (l: LogLevel) => LOG_LEVELS.indexOf(l);
  const write = (at: LogLevel, obj: object, msg?: string) => {
    if (level === 'silent' || rank(at) > rank(level)) return;
    const line = JSON.stringify({ level: at, time: new Date().toISOString(), ...obj, msg });
    (at === 'error' || at === 'fatal' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { info: (obj, msg) => write('info', obj, msg), error: (obj, msg) => write('error', obj, msg) };
}

let config: WorkerConfig;
try {
  config = loadWorkerConfig();
} catch (err) {
  process.stderr.write(
    `PrecioFab worker could not start:\n${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
}

const log = createConsoleLogger(config.LOG_LEVEL);
try {
  const db = await createDb({ databaseUrl: config.DATABASE_URL });
  await migrate(db);
  const pubsub = createPostgresPubSub(db, config.DATABASE_URL);
  // Crawl batches and imports ask which alert kinds have an active rule from a per-process cache:
  // a rule changed in the server reaches this process's cache here.
  const stopRuleSignals = alertRulesRepository.forgetActiveKindsOnRuleChanges(pubsub);
  const runner = createWorkerRunner({
    db,
    pubsub,
    definitions: allJobs,
    concurrency: config.WORKER_CONCURRENCY,
    log,
    crawlerSettings: crawlerSettings(config),
    channels: channelSettings(config),
  });
  await runner.start();
  const scheduler = createScheduler({
    db,
    queue: createJobQueue(db, pubsub),
    log,
    ...schedulerSettings(config),
    crawls: config.CRAWLER_SCHEDULE,
    fxProvider: config.FX_PROVIDER_URL !== undefined,
  });
  scheduler.start();
  log.info(
    {
      worker: runner.workerId,
      concurrency: config.WORKER_CONCURRENCY,
      jobs: allJobs.map((j) => j.name),
      scheduleTimeZone: config.SCHEDULE_TIME_ZONE,
    },
    'worker started',
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, active: runner.activeJobs }, 'stopping: finishing the jobs in hand');
    scheduler
      .stop()
      .then(() => runner.stop())
      .then(() => stopRuleSignals())
      .then(() => pubsub.close())
      .then(() => db.close())
      .then(
        () => {
          log.info({ worker: runner.workerId }, 'worker stopped');
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err: String(err) }, 'worker did not stop cleanly');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (err) {
  log.error({ err: err instanceof Error ? err.message : String(err) }, 'worker could not start');
  process.exit(1);
}
