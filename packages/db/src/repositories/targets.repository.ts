import type { TargetErrorCode } from '@preciofab/shared/catalogue';
import type { Db } from '../client.ts';
import { known, type Step } from '../steps.ts';

export type TargetRow = {
  id: string;
  vendor_id: string;
  vendor_name: string;
  url: string;
  domain: string;
  category: string;
  priority: number;
  frequency_hours: number;
  active: boolean;
  last_crawled_at: Date | null;
  next_crawl_at: Date | null;
  last_status: string | null;
  last_error: string | null;
  last_error_code: TargetErrorCode | null;
  /** ISO 4217, or null: the page decides. */
  currency: string | null;
  consecutive_failures: number;
  created_at: Date;
  updated_at: Date;
};

export type TargetWrite = {
  url: string;
  domain: string;
  category: string;
  priority: number;
  frequency_hours: number;
  active: boolean;
  /** The target's own currency (ISO 4217); null clears it. On update, absent keeps it. */
  currency?: string | null;
};

export type TargetListFilter = {
  vendorId?: string | undefined;
  active?: boolean | undefined;
  category?: string | undefined;
  limit: number;
  offset: number;
};

/** Which targets a crawl run takes (spec §4 crawl types). */
export type TargetSelection = {
  /** Least priority, for 'priority' runs. */
  minPriority?: number | undefined;
  vendorId?: string | null | undefined;
  category?: string | null | undefined;
  /** Without force only targets that are due (next_crawl_at passed, or never scheduled). */
  force: boolean;
};

export type TargetToCrawl = {
  id: string;
  vendor_id: string;
  url: string;
  domain: string;
  category: string;
  priority: number;
  /** Operator-configured CSS selectors for this page, when extraction needs help. */
  selectors: Record<string, string> | null;
  /** The target's own currency (ISO 4217), for what the page leaves undecided. Always selected;
   * optional so a target built by hand needs no currency. */
  currency?: string | null;
};

/** Longest wait a failing target backs off to, in hours (a week). */
export const MAX_BACKOFF_HOURS = 168;

const SELECT = `select t.id, t.vendor_id, v.name as vendor_name, t.url, t.domain, t.category, t.priority,
  t.frequency_hours, t.active, t.last_crawled_at, t.next_crawl_at, t.last_status, t.last_error, t.last_error_code,
  t.currency, t.consecutive_failures, t.created_at, t.updated_at
  from crawl_targets t join vendors v on v.id = t.vendor_id`;

export const targetsRepository = {
  async list(db: Db, f: TargetListFilter): Promise<{ rows: TargetRow[]; total: number }> {
    const where = `where ($1::uuid is null or t.vendor_id = $1)
                     and ($2::boolean is null or t.active = $2)
                     and ($3::text is null or t.category = $3)`;
    const params = [f.vendorId ?? null, f.active ?? null, f.category ?? null];
    const [rows, count] = await Promise.all([
      db.query<TargetRow>(
        `${SELECT} ${where} order by t.priority desc, t.created_at desc, t.id limit $4 offset $5`,
        [...params, f.limit, f.offset],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from crawl_targets t ${where}`, params),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },

  async findById(db: Db, id: string): Promise<TargetRow | undefined> {
    return (await db.query<TargetRow>(`${SELECT} where t.id = $1`, [id])).rows[0];
  },

  /** An active target is due at once; a paused one gets no next crawl. */
  async insert(db: Db, vendorId: string, t: TargetWrite): Promise<string> {
    const r = await db.query<{ id: string }>(
      `insert into crawl_targets (vendor_id, url, domain, category, priority, frequency_hours, active, currency,
         next_crawl_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, case when $7 then now() end) returning id`,
      [vendorId, t.url, t.domain, t.category, t.priority, t.frequency_hours, t.active, t.currency ?? null],
    );
    return r.rows[0]!.id;
  },

  /** Activating a target that never had a next crawl makes it due now. */
  async update(db: Db, id: string, t: TargetWrite): Promise<boolean> {
    const r = await db.query(
      `update crawl_targets set url = $2, domain = $3, category = $4, priority = $5, frequency_hours = $6,
         active = $7, next_crawl_at = case when $7 and next_crawl_at is null then now() else next_crawl_at end,
         currency = case when $8::boolean then $9::char(3) else currency end, updated_at = now()
       where id = $1`,
      [
        id,
        t.url,
        t.domain,
        t.category,
        t.priority,
        t.frequency_hours,
        t.active,
        t.currency !== undefined,
        t.currency ?? null,
      ],
    );
    return r.rowCount > 0;
  },

  async delete(db: Db, id: string): Promise<boolean> {
    return (await db.query('delete from crawl_targets where id = $1', [id])).rowCount > 0;
  },

  /** Active targets of a run, highest priority first (the order the crawler works in). */
  async selectForRun(db: Db, s: TargetSelection): Promise<TargetToCrawl[]> {
    const r = await db.query<TargetToCrawl>(
      `select t.id, t.vendor_id, t.url, t.domain, t.category, t.priority, t.selectors, t.currency
         from crawl_targets t
        where t.active
          and ($1::int is null or t.priority >= $1)
          and ($2::uuid is null or t.vendor_id = $2)
          and ($3::text is null or t.category = $3)
          and ($4::boolean or t.next_crawl_at is null or t.next_crawl_at <= now())
        order by t.priority desc, t.next_crawl_at nulls first, t.id`,
      [s.minPriority ?? null, s.vendorId ?? null, s.category ?? null, s.force],
    );
    return r.rows;
  },

  /** Crawls of these targets worked ('empty': the page stated no price it could store): next one
   * after each target's frequency. A note (prices whose currency is undecided) is kept as the
   * target's last error code and detail, without backing off. */
  recordSuccessesStep(
    outcomes: readonly {
      id: string;
      status: 'ok' | 'empty';
      note?: { code: TargetErrorCode; message: string } | null;
    }[],
  ): Step<void> {
    if (outcomes.length === 0) return known(undefined);
    return {
      statement: {
        sql: `update crawl_targets t set last_crawled_at = now(), last_status = u.s, last_error = left(u.m, 500),
                last_error_code = u.c, consecutive_failures = 0,
                next_crawl_at = now() + make_interval(hours => t.frequency_hours), updated_at = now()
                from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as u(id, s, c, m) where t.id = u.id`,
        params: [
          outcomes.map((o) => o.id),
          outcomes.map((o) => o.status),
          outcomes.map((o) => o.note?.code ?? null),
          outcomes.map((o) => o.note?.message ?? null),
        ],
      },
      read: () => undefined,
    };
  },

  /** A crawl failed: keep why, and back off (frequency × 2^failures, at most a week, never less than
   * the frequency) so a broken site is not hammered. */
  async recordFailure(
    db: Db,
    id: string,
    failure: { code: TargetErrorCode; message: string },
  ): Promise<void> {
    await db.query(
      `update crawl_targets set last_crawled_at = now(), last_status = 'failed', last_error = left($2, 500),
         last_error_code = $4,
         consecutive_failures = consecutive_failures + 1,
         next_crawl_at = now() + make_interval(hours => greatest(frequency_hours,
           least($3, frequency_hours * power(2, least(consecutive_failures + 1, 10))::int))),
         updated_at = now()
       where id = $1`,
      [id, failure.message, MAX_BACKOFF_HOURS, failure.code],
    );
  },

  /** Whether any active target is due: the scheduler starts a run only then. */
  async anyDue(db: Db): Promise<boolean> {
    const r = await db.query<{ due: boolean }>(
      `select exists (select 1 from crawl_targets where active and (next_crawl_at is null or next_crawl_at <= now())) as due`,
    );
    return r.rows[0]?.due ?? false;
  },
};
