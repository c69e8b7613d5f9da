import type { Db } from '../client.ts';
import type { Step } from '../steps.ts';
import type { TargetToCrawl } from './targets.repository.ts';

/** A target of a running crawl run, claimed by one worker process with its site's lease: what the
 * lane needs to read it, taken in the claim's own statement. */
export type WorkClaim = {
  runId: string;
  targetId: string;
  host: string;
  target: TargetToCrawl;
  /** How long after the site's pause ended it was claimed (ms, the database's clock); null for a
   * site never read before. */
  lateMs: number | null;
};

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

export type ClaimPagesOptions = ClaimOptions & {
  /** Pages to claim at most, each on a site of its own (0: only give sites back). */
  limit: number;
  /** How many more pages of each run this worker may take now; a run not listed may give as many
   * as its `parallel_workers`. */
  room?: readonly { runId: string; pages: number }[];
  /** Sites this worker gives back first, each with the pause it still owes (ms from now). */
  release?: readonly { host: string; pauseMs: number }[];
};

export type ClaimedPages = {
  claims: WorkClaim[];
  /** When fewer than `limit` were claimed: how long until a site with work may be read again
   * (ms), or null when no running run has a target left to claim. */
  waitMs: number | null;
};

/** Work of a running run not claimed by a live worker, on the site `h`. */
const OPEN_WORK = `select 1 from crawl_run_work w join crawl_runs r on r.id = w.run_id
                    where w.host = h.host and r.status = 'running'
                      and (w.claimed_until is null or w.claimed_until < now())
                      and not (w.run_id = any($1::uuid[]))`;

/** A claimed page with its target's row (TargetToCrawl's columns but the id, which is target_id). */
type ClaimRow = Omit<TargetToCrawl, 'id' | 'currency'> & {
  run_id: string | null;
  target_id: string | null;
  host: string | null;
  late_ms: number | null;
  currency: string | null;
  wait_ms: number | null;
  open: boolean | null;
};

/**
 * One statement, one round trip: gives back the sites in `release` (each with the pause it owes),
 * then claims up to `limit` pages, each on a site that is neither leased by a live worker nor in its
 * pause, those that have waited longest first, and on each the first open target of the oldest
 * running run, within each run's room; the sites are leased with them, and each claim carries its
 * target. Two workers never claim one site at once: its row is locked, and skipped by the other,
 * while the statement runs; one that commits first has leased it, which the other's lock sees.
 * When fewer than `limit` were claimed, it also says how long until a site could be (the sites it
 * gives back count, from the end of their pause).
 */
const CLAIM_PAGES = `
with released as (
  update crawl_hosts h set leased_by = null, leased_until = null,
         next_allowed_at = now() + make_interval(secs => g.pause_s)
    from unnest($5::text[], $6::float8[]) as g(host, pause_s)
   where h.host = g.host and h.leased_by = $2
  returning h.host, h.next_allowed_at
), site as (
  select h.host, h.next_allowed_at from crawl_hosts h
   where h.next_allowed_at <= now() and (h.leased_until is null or h.leased_until < now())
     and exists (${OPEN_WORK})
   order by h.next_allowed_at limit $4
   for update of h skip locked
), pick as (
  select s.host, s.next_allowed_at, x.run_id, x.target_id, x.parallel_workers,
         row_number() over (partition by x.run_id order by s.next_allowed_at, s.host) as nth
    from site s
    cross join lateral (
      select w.run_id, w.target_id, r.parallel_workers
        from crawl_run_work w join crawl_runs r on r.id = w.run_id
       where w.host = s.host and r.status = 'running'
         and (w.claimed_until is null or w.claimed_until < now())
         and not (w.run_id = any($1::uuid[]))
       order by r.created_at, w.position limit 1
       for update of w skip locked) x
), chosen as (
  select p.* from pick p
    left join unnest($7::uuid[], $8::int[]) as room(run_id, pages) on room.run_id = p.run_id
   where p.nth <= coalesce(room.pages, p.parallel_workers)
), claimed as (
  update crawl_run_work w set claimed_by = $2, claimed_until = now() + make_interval(secs => $3)
    from chosen c
   where w.run_id = c.run_id and w.target_id = c.target_id
  returning w.run_id, w.target_id, w.host
), leased as (
  update crawl_hosts h set leased_by = $2, leased_until = now() + make_interval(secs => $3)
    from claimed c where h.host = c.host
  returning h.host
)
select c.run_id, c.target_id, c.host,
       case when ch.next_allowed_at > timestamptz 'epoch'
            then (extract(epoch from now() - ch.next_allowed_at) * 1000)::float8 end as late_ms,
       t.vendor_id, t.url, t.domain, t.category, t.priority, t.selectors, t.currency,
       null::float8 as wait_ms, null::boolean as open
  from claimed c
  join chosen ch on ch.run_id = c.run_id and ch.target_id = c.target_id
  join crawl_targets t on t.id = c.target_id
union all
select null, null, null, null, null, null, null, null, null, null, null,
       (extract(epoch from least(
          min(greatest(h.next_allowed_at, now())) filter (where h.leased_until is null or h.leased_until < now()),
          (select min(r.next_allowed_at) from released r)) - now()) * 1000)::float8,
       count(*) > 0
  from crawl_hosts h
 where exists (${OPEN_WORK}) and (select count(*) from claimed) < $4
`;

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
    // A page stored while the insert ran (its checkpoint row committed after the insert's snapshot
    // was taken, its work row deleted before the insert reached it) came back as work: whoever
    // claimed it would find it stored, drop it, and leave its work, so the run would never end. This
    // statement's snapshot is taken after the insert ended, so it sees every such checkpoint.
    await db.query(
      `delete from crawl_run_work w
        where w.run_id = $1
          and exists (select 1 from crawl_run_targets c where c.run_id = w.run_id and c.target_id = w.target_id)`,
      [runId],
    );
  },

  /**
   * Gives back the sites in `release` and claims up to `limit` pages, one per site (CLAIM_PAGES, one
   * statement). `room` keeps this worker within each run's `parallel_workers`.
   */
  async claimPages(db: Db, o: ClaimPagesOptions): Promise<ClaimedPages> {
    const release = o.release ?? [];
    const room = o.room ?? [];
    const r = await db.query<ClaimRow>(CLAIM_PAGES, [
      [...o.excludeRuns],
      o.worker,
      o.leaseSeconds,
      Math.max(0, o.limit),
      release.map((g) => g.host),
      release.map((g) => Math.max(0, g.pauseMs) / 1000),
      room.map((g) => g.runId),
      room.map((g) => g.pages),
    ]);
    const claims: WorkClaim[] = [];
    let waitMs: number | null = null;
    for (const row of r.rows) {
      if (row.run_id === null || row.target_id === null || row.host === null) {
        // Every site with work is being read by someone: look again soon (its lease ends at its
        // release).
        if (row.open) waitMs = row.wait_ms === null ? 1000 : Math.max(0, row.wait_ms);
        continue;
      }
      claims.push({
        runId: row.run_id,
        targetId: row.target_id,
        host: row.host,
        lateMs: row.late_ms,
        target: {
          id: row.target_id,
          vendor_id: row.vendor_id,
          url: row.url,
          domain: row.domain,
          category: row.category,
          priority: row.priority,
          selectors: row.selectors,
          currency: row.currency,
        },
      });
    }
    return { claims, waitMs };
  },

  /** Claims the next page to read (claimPages, one page): the site that has waited longest among
   * those free, and on it the first open target of the oldest running run. */
  async claim(db: Db, o: ClaimOptions): Promise<WorkClaim | NoClaim> {
    const { claims, waitMs } = await crawlWorkRepository.claimPages(db, { ...o, limit: 1 });
    return claims[0] ?? { waitMs };
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
