import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import type { JobQueue } from '@preciofab/shared/contracts/jobs';
import type { AuthService } from './auth/auth.service.ts';
import type { Config } from './config.ts';
import type { PageReader } from './targets/page-reader.ts';

/** What routes and services share: storage, messaging, the job queue and the parsed config. */
export type AppContext = {
  db: Db;
  pubsub: PubSub;
  queue: JobQueue<Db>;
  auth: AuthService;
  config: Config;
  /** Reads a page for the target form's Test button; closed when the server stops. */
  pageReader: PageReader;
  startedAt: Date;
  /** Workers running inside this process (embedded mode), for /health. */
  embeddedWorkers: { active: number; concurrency: number } | null;
};
