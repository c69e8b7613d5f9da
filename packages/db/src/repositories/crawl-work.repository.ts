import type { Db } from '../client.ts';
import type { Step } from '../steps.ts';

/** A target of a running crawl run, claimed by one worker process with its site's lease. */
export type WorkClaim = { runId: string; targetId: string; host: string };

/** What a claim that found nothing says: how long until a site with work may be read again (ms),
 * or null when no running run has a target left to claim. */
export type NoClaim = { waitMs: number | null };

export type ClaimOptions = {
  /** The claiming worker process. */
  worker: string;
  /** How long the claim and the site's lease last without renewal. */
  leaseSeconds: number;
  /** Runs this worker will not take more of for now (it reads as many of their pages at once as
   * they allow). */
  excludeRuns: readonly string[];
};

/** Work of a running run not claimed by a live worker, on the site `h`. */
const OPEN_WORK = `select 1 from crawl_run_work w join crawl_runs r on r.id = w.run_id
                    where w.host = h.host and r.status = 'running'
                      and (w.claimed_until is null or w.claimed_until < now())
                      and not (w.run_id = any($1::uuid[]))`;

/**
 * A crawl run's shared work (migration 0021): its targets still to crawl, which any worker process
 * claims one at a time, and the sites' leases that keep one page read at a time per site, with the
 * pause after it, across every process and run.
 */
export const crawlWorkRepository = {
  /** Lays out a run's work: one row per target not finished yet (a redelivered run skips those its
   * checkpoint holds), and a row per site. Idempotent. */
  async seed(
    db: Db,
    runId: string,
    targets: readonly { targetId: string; host: string; position: number }[],
  ): Promise<void> {
    if (targets.length === 0) return;
    await db.query(
      'insert into crawl_hosts (host) select distinct unnest($1::text[]) on conflict (host) do nothing',
      [[...new Set(targets.map((t) => t.host))]],
    );
    await db.query(
      `insert into crawl_run_work (run_id, target_id, host, position)
       select $1, u.t, u.h, u.p from unnest($2::uuid[], $3::text[], $4::int[]) as u(t, h, p)
        where not exists (select 1 from crawl_run_targets c where c.run_id = $1 and c.target_id = u.t)
       on conflict (run_id, target_id) do nothing`,
      [runId, targets.map((t) => t.targetId), targets.map((t) => t.host), targets.map((t) => t.position)],
    );
  },

  /**
   * Claims the next page to read: a site that is neither leased by a live worker nor in its pause,
   * the one that has waited longest, and on it the first open target of the oldest running run.
   * The site is leased with it. Two workers never claim one site at once (its row is locked, and
   * skipped by the other, while the claim is made).
   */
  async claim(db: Db, o: ClaimOptions): Promise<WorkClaim | NoClaim> {
    const excluded = [...o.excludeRuns];
    const claimed = await db.transaction(async (tx) => {
      const site = await tx.query<{ host: string }>(
        `select h.host from crawl_hosts h
          where h.next_allowed_at <= now() and (h.leased_until is null or h.leased_until < now())
            and exists (${OPEN_WORK})
          order by h.next_allowed_at limit 1
          for update of h skip locked`,
        [excluded],
      );
      const host = site.rows[0]?.host;
      if (host === undefined) return null;
      const item = await tx.query<{ run_id: string; target_id: string }>(
        `with item as (
           update crawl_run_work w set claimed_by = $3, claimed_until = now() + make_interval(secs => $4)
            where (w.run_id, w.target_id) = (
              select x.run_id, x.target_id from crawl_run_work x join crawl_runs r on r.id = x.run_id
               where x.host = $2 and r.status = 'running'
                 and (x.claimed_until is null or x.claimed_until < now())
                 and not (x.run_id = any($1::uuid[]))
               order by r.created_at, x.position limit 1
               for update of x skip locked)
           returning w.run_id, w.target_id
         ), lease as (
           update crawl_hosts set leased_by = $3, leased_until = now() + make_interval(secs => $4)
            where host = $2 and exists (select 1 from item)
         )
         select run_id, target_id from item`,
        [excluded, host, o.worker, o.leaseSeconds],
      );
      const row = item.rows[0];
      return row ? { runId: row.run_id, targetId: row.target_id, host } : null;
    });
    if (claimed) return claimed;
    // Nothing to take now: when could there be? Sites with open work, leased or pausing.
    const next = await db.query<{ wait_ms: number | null; open: boolean }>(
      `select (extract(epoch from min(greatest(h.next_allowed_at, now()))
                filter (where h.leased_until is null or h.leased_until < now()) - now()) * 1000)::float8 as wait_ms,
              count(*) > 0 as open
         from crawl_hosts h where exists (${OPEN_WORK})`,
      [excluded],
    );
    const row = next.rows[0];
    if (!row?.open) return { waitMs: null };
    // Every site with work is being read by someone: look again soon (its lease ends at its release).
    return { waitMs: row.wait_ms === null ? 1000 : Math.max(0, row.wait_ms) };
  },

  /** Ends a site's lease: its next request may go after `pauseMs` from now. */
  async release(db: Db, host: string, worker: string, pauseMs: number): Promise<void> {
    await db.query(
      `update crawl_hosts set leased_by = null, leased_until = null,
              next_allowed_at = now() + make_interval(secs => $3)
        where host = $1 and leased_by = $2`,
      [host, worker, Math.max(0, pauseMs) / 1000],
    );
  },

  /** Keeps a live worker's claims and leases from running out. */
  async renew(db: Db, worker: string, leaseSeconds: number): Promise<void> {
    await db.query(
      'update crawl_run_work set claimed_until = now() + make_interval(secs => $2) where claimed_by = $1',
      [worker, leaseSeconds],
    );
    await db.query(
      'update crawl_hosts set leased_until = now() + make_interval(secs => $2) where leased_by = $1',
      [worker, leaseSeconds],
    );
  },

  /** Gives a claim back unfinished (its worker stops before reading it). */
  async unclaim(db: Db, claim: WorkClaim, worker: string): Promise<void> {
    await db.query(
      `update crawl_run_work set claimed_by = null, claimed_until = null
        where run_id = $1 and target_id = $2 and claimed_by = $3`,
      [claim.runId, claim.targetId, worker],
    );
  },

  /** The targets are finished (stored, or their failure recorded): their work goes, in the same
   * transaction as their checkpoint rows. */
  finishStep(runId: string, targetIds: readonly string[]): Step<void> {
    return {
      statement: {
        sql: 'delete from crawl_run_work where run_id = $1 and target_id = any($2::uuid[])',
        params: [runId, [...targetIds]],
      },
      read: () => undefined,
    };
  },

  /** Targets finished (by any worker) and still to do. */
  async progress(db: Db, runId: string): Promise<{ done: number; remaining: number }> {
    const r = await db.query<{ done: number; remaining: number }>(
      `select (select count(*)::int from crawl_run_targets where run_id = $1) as done,
              (select count(*)::int from crawl_run_work where run_id = $1) as remaining`,
      [runId],
    );
    return r.rows[0] ?? { done: 0, remaining: 0 };
  },

  /** A run that failed leaves no work behind. */
  async clear(db: Db, runId: string): Promise<void> {
    await db.query('delete from crawl_run_work where run_id = $1', [runId]);
  },
};

/** The site a URL belongs to, for politeness: its host (with a port that is not the default),
 * lowercased. */
export function siteOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}
