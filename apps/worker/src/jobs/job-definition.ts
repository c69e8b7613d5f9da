import type { z } from 'zod';
import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import {
  jobContracts,
  type AppJobContracts,
  type JobName,
  type JobQueue,
  type JobRow,
} from '@preciofab/shared/contracts/jobs';
import type { PipelinePublisher } from '../pipeline/pipeline-publisher.ts';
import type { Crawler } from '../crawl/crawler.ts';
import type { ChannelSettings } from '../channels/channel-settings.ts';

export type JobLogger = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type JobContext = {
  db: Db;
  pubsub: PubSub;
  queue: JobQueue<Db>;
  pipeline: PipelinePublisher;
  log: JobLogger;
  job: JobRow;
  workerId: string;
  crawler: Crawler;
  /** SMTP_URL, MAIL_FROM and PUBLIC_URL for alert deliveries; read from the environment when absent. */
  channels?: ChannelSettings;
};

export type JobOutcome =
  | { status: 'success'; result?: unknown }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string };

/** A job as the runner sees it: its name, its payload schema and an idempotent handler (queues
 * deliver at least once). */
export type JobDefinition<T extends z.ZodType = z.ZodType> = {
  name: string;
  payload: T;
  maxAttempts: number;
  /** How long a claim lasts without renewal; the runner renews it while the handler works. */
  lockSeconds: number;
  handler(payload: z.output<T>, ctx: JobContext): Promise<JobOutcome>;
  /** Called once when the job will not be tried again (thrown on its last attempt, or failed):
   * `error` is the text the job failed with, `thrown` what it threw (undefined when it returned a
   * failure, or its worker was lost), for job-failure.ts to classify. */
  onFinalFailure?(payload: z.output<T>, error: string, ctx: JobContext, thrown?: unknown): Promise<void>;
};

/** A job of the contract (packages/shared/src/contracts/jobs.ts): the name, payload schema and
 * attempts come from there, so the handler receives exactly what producers were made to send. */
export type ContractJob<N extends JobName> = JobDefinition<AppJobContracts[N]['payload']> & { name: N };

/** Any job, for the runner's tests; the application's jobs use implementJob. */
export function defineJob<T extends z.ZodType>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}

/** The worker's handler for a job of the contract. */
export function implementJob<N extends JobName>(
  name: N,
  def: Omit<ContractJob<N>, 'name' | 'payload' | 'maxAttempts'>,
): ContractJob<N> {
  const { payload, maxAttempts } = jobContracts[name];
  return { ...def, name, payload, maxAttempts } as ContractJob<N>;
}
