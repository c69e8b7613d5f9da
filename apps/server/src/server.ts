import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { createLocalPubSub, createPostgresPubSub, type PubSub } from '@preciofab/db/pubsub';
import { allJobs } from '@preciofab/worker/jobs/all-jobs';
import { createJobQueue } from '@preciofab/worker/queue/job-queue';
import { crawlerSettings } from '@preciofab/worker/crawl/crawler-config';
import { createWorkerRunner, type WorkerRunner } from '@preciofab/worker/queue/worker-runner';
import { createScheduler, type Scheduler } from '@preciofab/worker/scheduler/scheduler';
import { buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import { createAuthService } from './auth/auth.service.ts';
import type { Config } from './config.ts';
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
    queue: createJobQueue(db, pubsub, allJobs),
    auth: createAuthService(db, { tokenTtlSeconds: config.TOKEN_TTL_HOURS * 3600, pubsub }),
    config,
    pageReader: createPageReader(config),
    startedAt: new Date(),
    embeddedWorkers: null,
  };
}

/** Opens storage, applies migrations, creates the first admin, starts embedded workers and listens. */
export async function startServer(
  config: Config,
  hooks: { beforeListen?: (db: Db) => Promise<void> } = {},
): Promise<RunningServer> {
  const dataDir = resolve(config.DATA_DIR);
  const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir });
  await migrate(db);
  await hooks.beforeListen?.(db);
  const pubsub = config.DATABASE_URL ? createPostgresPubSub(db, config.DATABASE_URL) : createLocalPubSub();
  const ctx = await createContext(config, db, pubsub);

  const admin = await ctx.auth.ensureAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  const app = await buildApp(ctx, { logger: { level: config.LOG_LEVEL } });

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
      crawls: config.CRAWLER_SCHEDULE,
      fxProvider: config.FX_PROVIDER_URL !== undefined,
    });
    scheduler.start();
  }

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const url = `http://localhost:${port}`;
  const storage = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite at ${dataDir}`;
  const lines = [`PrecioFab is running at ${url} (storage: ${storage})`, `API docs: ${url}/docs`];
  if (admin) {
    lines.push(
      admin.password
        ? `First start: created admin ${admin.email} with password ${admin.password} (shown once; sign in and change it under Profile, /profile)`
        : `First start: created admin ${admin.email} with the password from ADMIN_PASSWORD`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  return {
    app,
    ctx,
    url,
    async stop() {
      await app.close();
      await ctx.pageReader.close();
      await scheduler?.stop();
      await runner?.stop();
      await pubsub.close();
      await db.close();
    },
  };
}
