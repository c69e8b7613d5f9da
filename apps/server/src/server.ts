import type { FastifyInstance } from 'fastify';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub, createPostgresPubSub, type PubSub } from '@preciofab/db/pubsub';
import { createJobQueue } from '@preciofab/db/job-queue';
import { schedulerSettings } from '@preciofab/shared/scheduler-config';
// The composition root: the only server file that imports the worker, to run jobs in this process
// (embedded workers). Routes and services enqueue through the job contract in packages/shared.
import { allJobs } from '@preciofab/worker/jobs/all-jobs';
import { crawlerSettings } from '@preciofab/worker/crawl/crawler-config';
import { channelSettings } from '@preciofab/worker/channels/channel-settings';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { createScheduler, type Scheduler } from '@preciofab/worker/scheduler/scheduler';
import { buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import { createAuthService } from './auth/auth.service.ts';
import type { Config } from './config.ts';
import { openStorage, openingDb, type Storage } from './storage.ts';
import { createPageReader } from './targets/page-reader.ts';

export type RunningServer = {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
};

export async function createContext(config: Config, db: Db, pubsub: PubSub): Promise<AppContext> {
  return {
    db,
    pubsub,
    queue: createJobQueue(db, pubsub),
    auth: createAuthService(db, { tokenTtlSeconds: config.TOKEN_TTL_HOURS * 3600, pubsub }),
    config,
    pageReader: createPageReader(config),
    startedAt: new Date(),
    embeddedWorkers: null,
  };
}

export type StartHooks = {
  /** Storage already being opened (`main.ts` starts it before loading this module). */
  storage?: Promise<Storage>;
  beforeListen?: (db: Db) => Promise<void>;
};

/**
 * Builds the app while storage opens (migrated), creates the first admin and listens: from then on
 * /health answers. Only then do the embedded workers and the scheduler start, so jobs left queued
 * (a crawl, a report) do not hold up the start; docs/ARCHITECTURE.md, "Start".
 */
export async function startServer(config: Config, hooks: StartHooks = {}): Promise<RunningServer> {
  const opening = hooks.storage ?? openStorage(config);
  const db = openingDb(config.DATABASE_URL ? 'postgres' : 'pglite', opening);
  const pubsub = config.DATABASE_URL ? createPostgresPubSub(db, config.DATABASE_URL) : createLocalPubSub();
  const ctx = await createContext(config, db, pubsub);
  const [{ description }, app] = await Promise.all([
    opening,
    buildApp(ctx, { logger: { level: config.LOG_LEVEL } }),
  ]);
  await hooks.beforeListen?.(db);
  const admin = await ctx.auth.ensureAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const url = `http://localhost:${port}`;
  const lines = [`PrecioFab is running at ${url} (storage: ${description})`, `API docs: ${url}/docs`];
  if (admin) {
    lines.push(
      admin.password
        ? `First start: created admin ${admin.email} with password ${admin.password} (shown once; sign in and change it under Profile, /profile)`
        : `First start: created admin ${admin.email} with the password from ADMIN_PASSWORD`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  let runner: WorkerRunner | null = null;
  let scheduler: Scheduler | null = null;
  // PGlite is one process's: its jobs run here. On PostgreSQL, `npm run worker` adds more.
  if (config.EMBEDDED_WORKERS || !config.DATABASE_URL) {
    const r = createWorkerRunner({
      db,
      pubsub,
      definitions: allJobs,
      concurrency: config.WORKER_CONCURRENCY,
      log: app.log,
      crawlerSettings: crawlerSettings(config),
      channels: channelSettings(config),
    });
    runner = r;
    ctx.embeddedWorkers = {
      get active() {
        return r.activeJobs;
      },
      concurrency: config.WORKER_CONCURRENCY,
    };
    await r.start();
    // Scheduled reports and discovery runs, next to the runner (as in each `npm run worker`).
    scheduler = createScheduler({
      db,
      queue: ctx.queue,
      log: app.log,
      ...schedulerSettings(config),
      crawls: config.CRAWLER_SCHEDULE,
      fxProvider: config.FX_PROVIDER_URL !== undefined,
    });
    scheduler.start();
  }

  return {
    app,
    ctx,
    url,
    async stop() {
      await app.close();
      ctx.auth.close();
      await ctx.pageReader.close();
      await scheduler?.stop();
      await runner?.stop();
      await pubsub.close();
      await db.close();
    },
  };
}
