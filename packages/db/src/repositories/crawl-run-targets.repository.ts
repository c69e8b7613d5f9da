import type { Db } from '../client.ts';
import type { Step } from '../steps.ts';

export type RunTargetOutcome = {
  runId: string;
  targetId: string;
  status: 'done' | 'failed';
  pages: number;
  observations: number;
  error: string | null;
  /** The worker process that finished it. */
  worker?: string | null;
};

/** The checkpoint of a crawl run: one row per finished target, written in the same transaction as
 * that target's observations. */
export const crawlRunTargetsRepository = {
  /** Records a finished target; false when it was already recorded (a redelivered run). */
  async record(db: Db, o: RunTargetOutcome): Promise<boolean> {
    const r = await db.query(
      `insert into crawl_run_targets (run_id, target_id, status, pages, observations, error, worker_id)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (run_id, target_id) do nothing`,
      [o.runId, o.targetId, o.status, o.pages, o.observations, o.error, o.worker ?? null],
    );
    return r.rowCount > 0;
  },

  /** Claims the targets of a batch for this run: their checkpoint rows with what storing them did,
   * inserted unless another worker already wrote them. Reads back the targets this batch claimed. */
  claimStep(
    runId: string,
    pages: readonly { targetId: string; pages: number; observations: number }[],
    worker: string | null = null,
  ): Step<Set<string>> {
    return {
      statement: {
        sql: `insert into crawl_run_targets (run_id, target_id, status, pages, observations, worker_id)
              select $1, t, 'done', p, n, $5 from unnest($2::uuid[], $3::int[], $4::int[]) as u(t, p, n)
              on conflict (run_id, target_id) do nothing returning target_id`,
        params: [
          runId,
          pages.map((p) => p.targetId),
          pages.map((p) => p.pages),
          pages.map((p) => p.observations),
          worker,
        ],
      },
      read: (r) => new Set(r.rows.map((row) => row.target_id as string)),
    };
  },

  async finished(db: Db, runId: string): Promise<Set<string>> {
    const r = await db.query<{ target_id: string }>(
      'select target_id from crawl_run_targets where run_id = $1',
      [runId],
    );
    return new Set(r.rows.map((row) => row.target_id));
  },

  /** The run's totals over every finished target, whichever worker finished it. */
  async totals(
    db: Db,
    runId: string,
  ): Promise<{
    done: number;
    pages: number;
    observations: number;
    errors: { target_id: string; message: string }[];
  }> {
    const r = await db.query<{
      target_id: string;
      status: string;
      pages: number;
      observations: number;
      error: string | null;
    }>('select target_id, status, pages, observations, error from crawl_run_targets where run_id = $1', [
      runId,
    ]);
    return {
      done: r.rows.length,
      pages: r.rows.reduce((n, row) => n + row.pages, 0),
      observations: r.rows.reduce((n, row) => n + row.observations, 0),
      errors: r.rows
        .filter((row) => row.status === 'failed')
        .map((row) => ({ target_id: row.target_id, message: row.error ?? '' })),
    };
  },
};
