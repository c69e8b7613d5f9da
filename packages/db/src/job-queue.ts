import {
  JOB_WAKE_CHANNEL,
  jobContracts,
  type AppJobContracts,
  type EnqueueOptions,
  type JobContracts,
  type JobQueue,
  type JobRow,
} from '@preciofab/shared/contracts/jobs';
import type { Db } from './client.ts';
import type { PubSub } from './pubsub.ts';

export type { EnqueueOptions, JobQueue, JobRow };

const COLUMNS =
  'id, name, payload, state, priority, attempts, max_attempts, run_at, locked_by, last_error, result, created_at, started_at, finished_at';

/** The producer side of the queue: durable rows in `jobs`, one wake-up notice per enqueue. Each
 * payload is parsed with its contract (packages/shared/src/contracts/jobs.ts), whose number of
 * attempts is the default. Tests of the queue itself may pass contracts of their own; a name no
 * contract knows is stored unparsed, with 3 attempts. */
export function createJobQueue<C extends JobContracts = AppJobContracts>(
  db: Db,
  pubsub: PubSub,
  contracts: C = jobContracts as unknown as C,
): JobQueue<Db, C> {
  return {
    async enqueue(name, payload, options: EnqueueOptions = {}, tx: Db = db): Promise<string | null> {
      const contract: JobContracts[string] | undefined = contracts[name];
      const body: unknown = contract ? contract.payload.parse(payload) : payload;
      const r = await tx.query<{ id: string }>(
        `insert into jobs (name, payload, priority, max_attempts, run_at, singleton_key, singleton_queued_only)
         values ($1, $2, $3, $4, coalesce($5, now()), $6, $7)
         on conflict (singleton_key) where singleton_key is not null and state in ('queued', 'active') do nothing
         returning id`,
        [
          name,
          JSON.stringify(body),
          options.priority ?? 0,
          options.maxAttempts ?? contract?.maxAttempts ?? 3,
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

/** The consumer side's statements (apps/worker/src/queue/worker-runner.ts runs them). */
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
