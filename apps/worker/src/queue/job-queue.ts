import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';

export const JOB_WAKE_CHANNEL = 'job_enqueued';

export type JobRow = {
  id: string;
  name: string;
  payload: unknown;
  state: 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';
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
  maxAttempts?: number;
  runAt?: Date;
  /** At most one queued or active job with this key. */
  singletonKey?: string;
  /** The key holds only while the job is queued: once a worker claims it, another may queue. */
  singletonWhileQueued?: boolean;
};

const COLUMNS =
  'id, name, payload, state, priority, attempts, max_attempts, run_at, locked_by, last_error, result, created_at, started_at, finished_at';

/** The producer side of the queue: durable rows in `jobs`, one wake-up notice per enqueue.
 * `definitions` give each job name its default number of attempts. */
export function createJobQueue(
  db: Db,
  pubsub: PubSub,
  definitions: readonly { name: string; maxAttempts: number }[] = [],
) {
  const defaultAttempts = new Map(definitions.map((d) => [d.name, d.maxAttempts]));
  return {
    /** Returns the job id; inside a transaction pass `tx` so the job commits with the data it refers to. */
    async enqueue(
      name: string,
      payload: unknown,
      options: EnqueueOptions = {},
      tx: Db = db,
    ): Promise<string | null> {
      const r = await tx.query<{ id: string }>(
        `insert into jobs (name, payload, priority, max_attempts, run_at, singleton_key, singleton_queued_only)
         values ($1, $2, $3, $4, coalesce($5, now()), $6, $7)
         on conflict (singleton_key) where singleton_key is not null and state in ('queued', 'active') do nothing
         returning id`,
        [
          name,
          JSON.stringify(payload),
          options.priority ?? 0,
          options.maxAttempts ?? defaultAttempts.get(name) ?? 3,
          options.runAt ?? null,
          options.singletonKey ?? null,
          options.singletonWhileQueued ?? false,
        ],
      );
      const id = r.rows[0]?.id ?? null;
      // Inside a transaction the wake-up goes with it (on PostgreSQL it is sent at commit): sent
      // before, a worker in another process would look, find nothing yet, and wait a full poll.
      if (id)
        await pubsub.publish(JOB_WAKE_CHANNEL, { name }, tx === db ? undefined : tx).catch(() => undefined);
      return id;
    },
    async get(id: string): Promise<JobRow | undefined> {
      const r = await db.query<JobRow>(`select ${COLUMNS} from jobs where id = $1`, [id]);
      return r.rows[0];
    },
    async counts(): Promise<Record<string, number>> {
      const r = await db.query<{ state: string; n: number }>(
        "select state, count(*)::int as n from jobs where state in ('queued', 'active') group by state",
      );
      return Object.fromEntries(r.rows.map((x) => [x.state, x.n]));
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export const jobsSql = {
  /** Claims the next due job, or one whose worker stopped renewing its lock. */
  /** $2: the job names this worker runs; $3: each one's lock in seconds, in the same order. The
   * lock is set here, in the claim itself: a second statement narrowing it could land after the
   * lock had expired and been taken over, and revive it. */
  claim: `update jobs set state = 'active', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + make_interval(secs => ($3::int[])[array_position($2::text[], name)]),
            started_at = coalesce(started_at, now()),
            singleton_key = case when singleton_queued_only then null else singleton_key end
          where id = (
            select id from jobs
             where name = any($2::text[])
               and ((state = 'queued' and run_at <= now())
                    or (state = 'active' and locked_until < now() and attempts < max_attempts))
             order by priority desc, run_at
             limit 1
             for update skip locked)
          returning ${COLUMNS}`,
  /** Jobs whose worker died on their last attempt: failed, so a job that kills its worker is not
   * tried forever. Returns them so the runner calls their onFinalFailure once. */
  expire: `update jobs set state = 'failed', finished_at = now(), locked_by = null, locked_until = null,
             last_error = 'the worker stopped before the job finished'
           where name = any($1::text[]) and state = 'active' and locked_until < now() and attempts >= max_attempts
           returning ${COLUMNS}`,
  extend: `update jobs set locked_until = now() + make_interval(secs => $3) where id = $1 and locked_by = $2`,
  complete: `update jobs set state = 'completed', result = $3, finished_at = now(), locked_by = null, locked_until = null
             where id = $1 and locked_by = $2`,
  retry: `update jobs set state = 'queued', last_error = $3, run_at = now() + make_interval(secs => $4),
            locked_by = null, locked_until = null
          where id = $1 and locked_by = $2`,
  fail: `update jobs set state = 'failed', last_error = $3, finished_at = now(), locked_by = null, locked_until = null
         where id = $1 and locked_by = $2`,
};
