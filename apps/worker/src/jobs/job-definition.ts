import type { z } from 'zod';
import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import type { JobQueue, JobRow } from '../queue/job-queue.ts';
import type { PipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import type { Crawler } from '../crawl/crawler.ts';

export type JobLogger = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type JobContext = {
  db: Db;
  pubsub: PubSub;
  queue: JobQueue;
  pipeline: PipelinePublisher;
  log: JobLogger;
  job: JobRow;
  workerId: string;
  crawler: Crawler;
};

export type JobOutcome =
  | { status: 'success'; result?: unknown }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string };

/** A job: its name, its payload contract and an idempotent handler (queues deliver at least once). */
export type JobDefinition<T extends z.ZodType = z.ZodType> = {
  name: string;
  payload: T;
  maxAttempts: number;
  /** How long a claim lasts without renewal; the runner renews it while the handler works. */
  lockSeconds: number;
  handler(payload: z.output<T>, ctx: JobContext): Promise<JobOutcome>;
  /** Called once when the job will not be tried again (thrown on its last attempt, or failed). */
  onFinalFailure?(payload: z.output<T>, error: string, ctx: JobContext): Promise<void>;
};

export function defineJob<T extends z.ZodType>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
