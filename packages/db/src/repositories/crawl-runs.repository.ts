import type { FailureCode, FailureValues } from '@preciofab/shared/job-failures';
import type { Db } from '../client.ts';

/** A target that failed in the run (`target_id`, `url`), or the run's own failure: its `code`
 * (packages/shared/src/job-failures.ts) and the values its text names, `message` the detail. */
export type CrawlRunError = {
  target_id?: string;
  url?: string;
  message: string;
  code?: FailureCode;
  values?: FailureValues;
};

export type CrawlRunRow = {
  id: string;
  type: string;
  force: boolean;
  parallel_workers: number;
  vendor_id: string | null;
  category: string | null;
  status: 'queued' | 'running' | 'completed' | 'failed';
  stage: string | null;
  progress: number;
  targets_total: number;
  targets_done: number;
  pages_fetched: number;
  observations_created: number;
  errors: CrawlRunError[];
  job_id: string | null;
  requested_by: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export type CrawlRunInsert = {
  type: string;
  force: boolean;
  parallel_workers: number;
  vendor_id: string | null;
  category: string | null;
  requested_by: string | null;
};

const COLUMNS = `id, type, force, parallel_workers, vendor_id, category, status, stage, progress, targets_total,
  targets_done, pages_fetched, observations_created, errors, job_id, requested_by, created_at, started_at,
  finished_at`;

export const crawlRunsRepository = {
  async insert(db: Db, r: CrawlRunInsert): Promise<string> {
    const res = await db.query<{ id: string }>(
      `insert into crawl_runs (type, force, parallel_workers, vendor_id, category, requested_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [r.type, r.force, r.parallel_workers, r.vendor_id, r.category, r.requested_by],
    );
    return res.rows[0]!.id;
  },

  async setJobId(db: Db, id: string, jobId: string | null): Promise<void> {
    await db.query('update crawl_runs set job_id = $2 where id = $1', [id, jobId]);
  },

  async findById(db: Db, id: string): Promise<CrawlRunRow | undefined> {
    return (await db.query<CrawlRunRow>(`select ${COLUMNS} from crawl_runs where id = $1`, [id])).rows[0];
  },

  async list(
    db: Db,
    f: { status?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: CrawlRunRow[]; total: number }> {
    const where = 'where ($1::text is null or status = $1)';
    const [rows, count] = await Promise.all([
      db.query<CrawlRunRow>(
        `select ${COLUMNS} from crawl_runs ${where} order by created_at desc, id desc limit $2 offset $3`,
        [f.status ?? null, f.limit, f.offset],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from crawl_runs ${where}`, [f.status ?? null]),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },

  /** queued → running. False when the run was not queued (a redelivered job resumes it). */
  async markRunning(db: Db, id: string): Promise<boolean> {
    const r = await db.query(
      `update crawl_runs set status = 'running', started_at = coalesce(started_at, now()),
         stage = 'vendor_processing', progress = 0
       where id = $1 and status = 'queued'`,
      [id],
    );
    return r.rowCount > 0;
  },

  /** Records where a running run stands; finished runs are left alone. */
  async checkpoint(
    db: Db,
    id: string,
    c: { stage: string; progress: number; targets_total?: number; targets_done?: number },
  ): Promise<void> {
    await db.query(
      `update crawl_runs set stage = $2, progress = $3, targets_total = coalesce($4, targets_total),
         targets_done = coalesce($5, targets_done)
       where id = $1 and status = 'running'`,
      [id, c.stage, c.progress, c.targets_total ?? null, c.targets_done ?? null],
    );
  },

  async complete(
    db: Db,
    id: string,
    totals: { pages_fetched: number; observations_created: number; errors: CrawlRunError[] },
  ): Promise<boolean> {
    const r = await db.query(
      `update crawl_runs set status = 'completed', stage = 'completed', progress = 100, finished_at = now(),
         pages_fetched = $2, observations_created = $3, errors = $4::jsonb
       where id = $1 and status = 'running'`,
      [id, totals.pages_fetched, totals.observations_created, JSON.stringify(totals.errors)],
    );
    return r.rowCount > 0;
  },

  /** Marks a run that has not finished as failed, appending the error. */
  async fail(db: Db, id: string, error: CrawlRunError): Promise<boolean> {
    const r = await db.query(
      `update crawl_runs set status = 'failed', finished_at = now(), errors = errors || $2::jsonb
       where id = $1 and status in ('queued', 'running')`,
      [id, JSON.stringify([error])],
    );
    return r.rowCount > 0;
  },
};
