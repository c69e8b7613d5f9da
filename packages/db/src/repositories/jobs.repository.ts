import type { Db } from '../client.ts';

/** A job as its requester sees it: no payload (an import's can be megabytes), but what it kept. */
export type JobStatusRow = {
  id: string;
  name: string;
  state: 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';
  result: unknown;
  last_error: string | null;
  /** The payload's `done` member: the outcome a job kept there (see `settlePayload`). */
  done: unknown;
};

/** Finished jobs older than their retention are deleted in batches of at most this many rows:
 * each batch is one short statement, so pruning never holds many locks for long, nor PGlite's one
 * connection (batches of 1,000 held it 150-440 ms under load; 100 take a tenth of that). */
export const PRUNE_BATCH = 100;

/** Reads of one job for the API, a job's own clean-up of its payload, and the pruning of
 * finished jobs. The queue's claim and
 * completion statements live with the queue (../job-queue.ts). */
export const jobsRepository = {
  async status(db: Db, id: string, name: string): Promise<JobStatusRow | undefined> {
    const r = await db.query<JobStatusRow>(
      `select id, name, state, result, last_error, payload -> 'done' as done from jobs where id = $1 and name = $2`,
      [id, name],
    );
    return r.rows[0];
  },
  /** Replaces a large payload member with the job's outcome once it no longer needs it, so the
   * row stops carrying it and a repeated delivery finds the outcome instead. Once only: a payload
   * already settled keeps its outcome. */
  async settlePayload(db: Db, id: string, drop: string, done: unknown): Promise<void> {
    await db.query(
      `update jobs set payload = (payload - $2::text) || jsonb_build_object('done', $3::jsonb)
        where id = $1 and payload ? $2::text`,
      [id, drop, JSON.stringify(done)],
    );
  },
  /** Replaces a failed job's last error with what its final-failure hook made of it (a note with
   * a code the status read translates, the technical text its detail). */
  async recordFailure(db: Db, id: string, note: string): Promise<void> {
    await db.query("update jobs set last_error = $2 where id = $1 and state = 'failed'", [id, note]);
  },
  /** Deletes one batch of jobs in `states` that finished before `before`; returns how many. */
  async pruneBatch(db: Db, states: readonly string[], before: Date, limit = PRUNE_BATCH): Promise<number> {
    const r = await db.query(
      `delete from jobs where id in (
         select id from jobs where state = any($1::text[]) and finished_at < $2 limit $3)`,
      [states, before, limit],
    );
    return r.rowCount;
  },
};
