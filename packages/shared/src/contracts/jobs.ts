import { z } from 'zod';
import { BENCHMARK_CALC_WINDOWS, BENCHMARK_FILTER_WINDOWS, CATEGORIES, REGIONS } from '../catalogue.ts';
import { FX_IMPORT_FORMATS, fxImportResultSchema } from './fx-rates.ts';

/**
 * The job contract: every job's name, payload schema and number of attempts, the singleton keys
 * and channels around them, and the queue's producer type. Server and worker both import this
 * module, so the server never imports a worker's handler and the compiler checks every
 * `enqueue(name, payload)` against the name's payload (STYLE.md §13). The worker implements one
 * handler per name (apps/worker/src/jobs/all-jobs.ts fails to compile when one is missing).
 */

export const CRAWL_RUN_JOB = 'crawl.run';
export const BENCHMARK_CALCULATE_JOB = 'benchmark.calculate';
export const DISCOVERY_RUN_JOB = 'discovery.run';
export const REPORT_GENERATE_JOB = 'report.generate';
export const EVIDENCE_CLEANUP_JOB = 'evidence.cleanup';
export const FX_IMPORT_JOB = 'fx.import';
export const FX_PROVIDER_SYNC_JOB = 'fx.provider_sync';
export const ALERTS_EVALUATE_JOB = 'alerts.evaluate';
export const ALERTS_DELIVER_JOB = 'alerts.deliver';
export const ALERTS_DIGEST_JOB = 'alerts.digest';

/** Carries out one crawl run (the run row holds its filters). */
export const crawlRunPayload = z.object({ run_id: z.uuid() });

export const benchmarkCalculatePayload = z.object({
  /** null: every category. */
  category: z.enum(CATEGORIES).nullable().default(null),
  /** null: all four region scopes. */
  region: z.enum(REGIONS).nullable().default(null),
  time_window_days: z.literal(BENCHMARK_CALC_WINDOWS).default(30),
  /** Several windows in one calculation (the automatic refresh computes every filter window);
   * replaces time_window_days when given. */
  time_windows: z
    .array(z.literal([...BENCHMARK_CALC_WINDOWS, ...BENCHMARK_FILTER_WINDOWS]))
    .min(1)
    .optional(),
  /** Why it runs: asked for by someone, or refreshed after prices changed. */
  trigger: z.enum(['request', 'prices_changed']).default('request'),
  min_observations: z.number().int().min(1).max(100).default(3),
  force_recalculation: z.boolean().default(false),
  requested_by: z.string().nullable().default(null),
});
export type BenchmarkCalculatePayload = z.input<typeof benchmarkCalculatePayload>;

export const discoveryRunPayload = z.object({ source_id: z.uuid() });
export const reportGeneratePayload = z.object({ report_id: z.uuid() });
/** Deletes evidence files nothing points at; takes nothing. */
export const evidenceCleanupPayload = z.object({});

/** A translatable message: a catalogue key and its values. */
const message = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** What an import job stores as its result: the API's result with its messages still as keys
 * (each reader sees them in their own language), and why nothing was written, if so. */
export const fxImportJobResult = fxImportResultSchema.extend({
  errors: z.array(message.extend({ line: z.number().int() })),
  error_count: z.number().int(),
  /** Set when nothing was written: the file had errors, or the import ran out of time. */
  error: message.nullable(),
});
export type FxImportJobResult = z.infer<typeof fxImportJobResult>;

export const fxImportJobPayload = z.object({
  format: z.enum(FX_IMPORT_FORMATS),
  /** The file's text. Dropped from the row once the import has run (it can be 8 MB, and the
   * status is read every few seconds); `done` then holds the outcome. */
  content: z.string().optional(),
  source: z.string().min(1).max(100).optional(),
  /** Who asked: the activity entry and each rate's `updated_by`. */
  actor_id: z.uuid().nullable(),
  /** The outcome, once the import has run (null when it failed on its last attempt). */
  done: fxImportJobResult.nullable().optional(),
});
export type FxImportJobPayload = z.infer<typeof fxImportJobPayload>;

/** Fetches the provider's missing days; everything it needs is in the configuration. */
export const fxProviderSyncPayload = z.object({});

/** Most observations one alerts evaluation reads: a crawl batch or an import chunk (a larger write
 * enqueues several). */
export const ALERTS_EVALUATE_MAX_IDS = 5000;
const alertIds = z.array(z.uuid()).min(1).max(ALERTS_EVALUATE_MAX_IDS);

/** Evaluates the alert rules against one change, where the data changed (issue 16). Each event
 * names what changed; the evaluation is idempotent (an alert is unique by rule and change), so a
 * repeated delivery raises nothing twice. */
export const alertsEvaluatePayload = z.discriminatedUnion('event', [
  /** Prices stored (a crawl batch, a posted price, an import chunk): price_change and new_offer. */
  z.object({ event: z.literal('observations_stored'), observation_ids: alertIds }),
  /** A crawl run finished: offer_gone and target_failing over its targets. */
  z.object({ event: z.literal('crawl_run_finished'), run_id: z.uuid() }),
  /** A discovery run saved these new candidates: discovery_candidate. `run_key` (the run's job id)
   * names the change. */
  z.object({
    event: z.literal('discovery_run_finished'),
    source_id: z.uuid(),
    run_key: z.string().min(1).max(100),
    candidate_ids: z.array(z.uuid()).max(ALERTS_EVALUATE_MAX_IDS),
  }),
  /** A benchmark calculation stored its groups: benchmark_move against each group's previous one. */
  z.object({ event: z.literal('benchmark_calculated'), calculation_id: z.uuid() }),
]);
export type AlertsEvaluatePayload = z.infer<typeof alertsEvaluatePayload>;
export type AlertsEvent = AlertsEvaluatePayload['event'];

/** Sends one alert delivery (an email or a webhook POST) or one user's daily digest: one attempt;
 * a retryable failure enqueues the next attempt itself (run_at after its backoff), so the queue's
 * own attempts only cover a crash. */
export const alertsDeliverPayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delivery'), delivery_id: z.uuid() }),
  z.object({ kind: z.literal('digest'), digest_id: z.uuid() }),
]);
export type AlertsDeliverPayload = z.infer<typeof alertsDeliverPayload>;
/** The hourly digest run: users whose digest hour it is on their own clock at `at` get theirs. */
export const alertsDigestPayload = z.object({ at: z.iso.datetime({ offset: true }) });

/** What the queue needs to know of a job: what it carries, and how often it is tried. */
export type JobContract = { payload: z.ZodType; maxAttempts: number };
export type JobContracts = Record<string, JobContract>;

/** Every job there is, by name. */
export const jobContracts = {
  [CRAWL_RUN_JOB]: { payload: crawlRunPayload, maxAttempts: 3 },
  [BENCHMARK_CALCULATE_JOB]: { payload: benchmarkCalculatePayload, maxAttempts: 3 },
  [DISCOVERY_RUN_JOB]: { payload: discoveryRunPayload, maxAttempts: 3 },
  [REPORT_GENERATE_JOB]: { payload: reportGeneratePayload, maxAttempts: 2 },
  [EVIDENCE_CLEANUP_JOB]: { payload: evidenceCleanupPayload, maxAttempts: 3 },
  [FX_IMPORT_JOB]: { payload: fxImportJobPayload, maxAttempts: 2 },
  [FX_PROVIDER_SYNC_JOB]: { payload: fxProviderSyncPayload, maxAttempts: 2 },
  [ALERTS_EVALUATE_JOB]: { payload: alertsEvaluatePayload, maxAttempts: 5 },
  [ALERTS_DELIVER_JOB]: { payload: alertsDeliverPayload, maxAttempts: 3 },
  [ALERTS_DIGEST_JOB]: { payload: alertsDigestPayload, maxAttempts: 3 },
} as const satisfies JobContracts;

export type AppJobContracts = typeof jobContracts;
export type JobName = keyof AppJobContracts;
export const JOB_NAMES = Object.keys(jobContracts) as JobName[];
/** What a producer sends (defaults not yet applied). */
export type JobPayload<N extends JobName> = z.input<AppJobContracts[N]['payload']>;
/** What a handler receives (parsed, defaults applied). */
export type JobPayloadData<N extends JobName> = z.output<AppJobContracts[N]['payload']>;

// Singleton keys: at most one queued or active job holds each.
/** One generation per report waits or runs. */
export const REPORT_SINGLETON_PREFIX = 'report:';
export const reportSingletonKey = (reportId: string) => `${REPORT_SINGLETON_PREFIX}${reportId}`;
/** One discovery run per source waits or runs. */
export const discoverySingletonKey = (sourceId: string) => `discovery:${sourceId}`;
/** One scheduled crawl run waits or runs at a time; it takes every target due when it starts. */
export const SCHEDULED_CRAWL_KEY = 'crawl:scheduled';
/** One evidence cleanup waits or runs. */
export const EVIDENCE_CLEANUP_KEY = 'evidence:cleanup';
/** One exchange-rate provider run waits or runs. */
export const FX_PROVIDER_SYNC_KEY = 'fx:provider';
/** One job waits per alert delivery or digest (the next attempt queues while this one runs). */
export const alertDeliveryKey = (p: AlertsDeliverPayload) =>
  p.kind === 'delivery' ? `alerts:delivery:${p.delivery_id}` : `alerts:digest:${p.digest_id}`;
/** One hourly digest run waits or runs. */
export const ALERTS_DIGEST_KEY = 'alerts:digest';
/** At most one automatic benchmark refresh waits (see requestBenchmarkRefresh). */
export const BENCHMARK_REFRESH_KEY = 'benchmark:refresh';

/** Where any process publishes pipeline events (spec §3) and every server relays them. */
export const PIPELINE_CHANNEL = 'pipeline_status';
/** Where an enqueue wakes the runners (one notice per job, sent when its transaction commits). */
export const JOB_WAKE_CHANNEL = 'job_enqueued';
/** A notification was created or read: each server pushes the user's new unread count to that
 * user's sockets ({ user_ids }). Also: alert rules changed, so every process forgets its cache of
 * which alert kinds have an active rule ({ rules_changed: true }). */
export const NOTIFICATIONS_CHANNEL = 'notifications';
export const notificationsSignalSchema = z.object({
  user_ids: z.array(z.string()).max(10_000).optional(),
  rules_changed: z.literal(true).optional(),
});
export type NotificationsSignal = z.infer<typeof notificationsSignalSchema>;
/** A crawl run laid out its work: every worker process's crawl lanes look for it. */
export const CRAWL_WORK_CHANNEL = 'crawl_work';

export type JobState = 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';

/** A job as the queue stores it. */
export type JobRow = {
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  priority: number;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_by: string | null;
  last_error: string | null;
  result: unknown;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export type EnqueueOptions = {
  priority?: number;
  /** Defaults to the contract's number for the job. */
  maxAttempts?: number;
  runAt?: Date;
  /** At most one queued or active job with this key. */
  singletonKey?: string;
  /** The key holds only while the job is queued: once a worker claims it, another may queue. */
  singletonWhileQueued?: boolean;
};

/**
 * The producer side of the queue (packages/db/src/job-queue.ts implements it). `enqueue` takes
 * a name of the contract and that name's payload, checked by the compiler and parsed again at
 * run time; it returns the job id, or null when a job with the same singleton key is pending.
 * Inside a transaction pass `tx`, so the job commits (and wakes a runner) with the data it
 * refers to.
 */
export type JobQueue<Tx = unknown, C extends JobContracts = AppJobContracts> = {
  enqueue<N extends keyof C & string>(
    name: N,
    payload: z.input<C[N]['payload']>,
    options?: EnqueueOptions,
    tx?: Tx,
  ): Promise<string | null>;
  get(id: string): Promise<JobRow | undefined>;
  /** Queued and active jobs, by state. */
  counts(): Promise<Record<string, number>>;
};

/** Changes arriving within this delay share one benchmark recalculation. */
export const REFRESH_DELAY_SECONDS = 60;

/** After prices changed (a crawl stored observations, an operator added a price), recalculate every
 * benchmark the console can show: all regions, every filter window, in one calculation. At most
 * one refresh waits in the queue; a refresh already running does not absorb later changes, so a
 * change during a calculation queues the next one. Pass `tx` to enqueue with the change itself. */
export function requestBenchmarkRefresh<Tx>(
  queue: JobQueue<Tx>,
  tx: Tx,
  now = new Date(),
): Promise<string | null> {
  return queue.enqueue(
    BENCHMARK_CALCULATE_JOB,
    { time_windows: [...BENCHMARK_FILTER_WINDOWS], trigger: 'prices_changed' },
    {
      singletonKey: BENCHMARK_REFRESH_KEY,
      singletonWhileQueued: true,
      runAt: new Date(now.getTime() + REFRESH_DELAY_SECONDS * 1000),
    },
    tx,
  );
}
