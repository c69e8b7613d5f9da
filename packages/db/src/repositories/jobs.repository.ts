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

/** Reads of one job for the API, and a job's own clean-up of its payload. The queue's claim and
 * completion statements live with the queue (apps/worker/src/queue/job-queue.ts). */
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
};
