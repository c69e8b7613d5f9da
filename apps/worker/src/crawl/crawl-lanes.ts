import type { Db } from '@preciofab/db/client';
import type { PubSub } from '@preciofab/db/pubsub';
import { runSteps } from '@preciofab/db/steps';
import { createEnrichmentMemo, type EnrichmentMemo } from '@preciofab/db/observation-enrichment';
import { crawlRunTargetsRepository } from '@preciofab/db/repositories/crawl-run-targets.repository';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { crawlWorkRepository, type WorkClaim } from '@preciofab/db/repositories/crawl-work.repository';
import { targetsRepository, type TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import { ExtractionError } from '@preciofab/extract/deadline';
import { PageReadError } from '@preciofab/extract/thread/read-page';
import { FetchError, fetchErrorDetail } from '@preciofab/fetch/fetch-error';
import { CRAWL_WORK_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { createPageBatchWriter } from './page-batch-writer.ts';
import { storePages } from './page-store.ts';
import { readTargetPage, type CrawlTools, type PageReading } from './target-crawler.ts';

export type LaneLogger = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** What the lanes work with: bound when they start (by the worker runner, or by the first crawl run
 * a process coordinates). */
export type LaneEnv = { db: Db; pubsub: PubSub; log: LaneLogger; worker: string };

export type LaneSettings = {
  /** Pages read at once by this process, over every run (default 10). */
  lanes?: number;
  /** Claims and site leases last this long without renewal (default 60). */
  leaseSeconds?: number;
  /** With no run to work on, look again this often (a run's notice usually wakes the lanes first). */
  idlePollMs?: number;
};

/** Pages read and waiting to be stored, at most, per lane, and the bytes of evidence they may hold:
 * a run of large pages waits for storage rather than filling memory. */
const BACKLOG_PER_LANE = 8;
const BACKLOG_BYTES = 64 * 1024 * 1024;
/** A run this process has not touched for this long is forgotten (its batch writer and memo). */
const RUN_IDLE_MS = 60_000;
/** With work waiting but every site busy or pausing, look again at least this often. */
const MAX_WAIT_MS = 1000;

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

type PageWriter = ReturnType<typeof createPageBatchWriter>;

/** What this process holds of one run: its row's parallel workers, its batch writer and memo. */
type RunEntry = {
  id: string;
  parallel: number;
  writer: PageWriter;
  memo: EnrichmentMemo;
  /** Pages of this run being read by this process now. */
  reading: number;
  /** Pages read and not yet stored. */
  pending: number;
  lastUsed: number;
};

export type CrawlLanes = {
  /** Starts the lanes (once: calls while they run keep the first environment). */
  start(env: LaneEnv): void;
  /** Something may be claimable: look now. */
  wake(): void;
  /** Stops claiming, and waits for the pages in hand to be read and stored. They may start again. */
  stop(): Promise<void>;
  readonly started: boolean;
};

/**
 * A worker process's crawl lanes: they claim pages of any running crawl run from the database
 * (crawl_run_work), whichever process coordinates the run, one page per site at a time across
 * every process (crawl_hosts leases), read them with this process's tools, give each site back with
 * the pause it asks for, and store what they read in batches (the run's checkpoint rows and the
 * end of its work in the same transaction as its observations). A process killed mid-read loses
 * nothing: its claims and leases run out and another process takes them.
 */
export function createCrawlLanes(tools: CrawlTools, settings: LaneSettings = {}): CrawlLanes {
  const lanes = settings.lanes ?? 10;
  const leaseSeconds = settings.leaseSeconds ?? 60;
  const idlePollMs = settings.idlePollMs ?? 5000;
  const runs = new Map<string, RunEntry>();
  const working = new Set<Promise<void>>();
  let env: LaneEnv | null = null;
  let stopping = false;
  let active = 0;
  let pending = 0;
  let heldBytes = 0;
  let loop: Promise<void> | null = null;
  let renewTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let poked: (() => void) | null = null;
  let pokedEarly = false;

  const poke = () => {
    if (poked) {
      const resolve = poked;
      poked = null;
      resolve();
    } else {
      pokedEarly = true;
    }
  };
  /** Waits for a poke, or `ms`. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pokedEarly || stopping) {
        pokedEarly = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        poked = null;
        resolve();
      }, ms);
      poked = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const backlogFull = () => pending >= lanes * BACKLOG_PER_LANE || heldBytes >= BACKLOG_BYTES;

  const runEntry = async (e: LaneEnv, runId: string): Promise<RunEntry | null> => {
    const known = runs.get(runId);
    if (known) return known;
    const run = await crawlRunsRepository.findById(e.db, runId);
    if (!run) return null;
    const memo = createEnrichmentMemo();
    // PGlite is one connection: one transaction at a time. PostgreSQL takes two (a third buys
    // little on two cores, and more would widen the window for lock waits between batches).
    const writer = createPageBatchWriter((pages) => storePages(e.db, runId, pages, memo, e.worker), {
      lanes: e.db.kind === 'postgres' ? 2 : 1,
    });
    const entry: RunEntry = {
      id: runId,
      parallel: run.parallel_workers,
      writer,
      memo,
      reading: 0,
      pending: 0,
      lastUsed: Date.now(),
    };
    runs.set(runId, entry);
    return entry;
  };

  const forgetIdleRuns = () => {
    const now = Date.now();
    for (const [id, r] of runs) {
      if (r.reading === 0 && r.pending === 0 && now - r.lastUsed > RUN_IDLE_MS) runs.delete(id);
    }
  };

  /** A target that failed in this run: its last error and a back-off, with its checkpoint row and
   * the end of its work, in one transaction. The data stays as it was. */
  const recordFailure = async (e: LaneEnv, runId: string, target: TargetToCrawl, err: unknown) => {
    const message = describe(err);
    await e.db.transaction(async (tx) => {
      const fresh = await crawlRunTargetsRepository.record(tx, {
        runId,
        targetId: target.id,
        status: 'failed',
        pages: 0,
        observations: 0,
        error: message,
        worker: e.worker,
      });
      await runSteps(tx, [crawlWorkRepository.finishStep(runId, [target.id])]);
      if (fresh) {
        const code =
          err instanceof FetchError || err instanceof ExtractionError || err instanceof PageReadError
            ? err.code
            : 'other';
        await targetsRepository.recordFailure(tx, target.id, { code, message });
      }
    });
    // The stored message is what users read; the log also keeps what it leaves out (a refused
    // name's address).
    const detail = fetchErrorDetail(err);
    e.log.info(
      { run: runId, target: target.id, url: target.url, error: message, ...(detail ? { detail } : {}) },
      'crawl target failed',
    );
  };

  /** Reads one claimed page, gives its site back with the pause it asks for, and hands the page to
   * the run's batch writer. Resolves once the page is read (its storage goes on). */
  const work = async (e: LaneEnv, claim: WorkClaim, entry: RunEntry): Promise<void> => {
    const target = await targetsRepository.findForCrawl(e.db, claim.targetId);
    if (!target) {
      // Deleted since the run began (its work row went with it): nothing to read.
      await crawlWorkRepository.release(e.db, claim.host, e.worker, 0);
      return;
    }
    let reading: PageReading;
    try {
      reading = await readTargetPage(target, tools);
    } catch (err) {
      await releaseSite(e, claim, target);
      await recordFailure(e, claim.runId, target, err);
      return;
    }
    await releaseSite(e, claim, target);
    const { snapshot, screenshot } = reading.evidence;
    const bytes = snapshot.content.length + (screenshot?.length ?? 0);
    pending += 1;
    entry.pending += 1;
    heldBytes += bytes;
    const stored = entry.writer
      .submit({ target, reading })
      .then(
        () => undefined,
        (err: unknown) => recordFailure(e, claim.runId, target, err),
      )
      // Not even the failure could be recorded (the database is gone): the claim runs out and the
      // page is read again by whoever takes it.
      .catch((err: unknown) => e.log.error({ run: claim.runId, err: describe(err) }, 'crawl page not stored'))
      .finally(() => {
        pending -= 1;
        entry.pending -= 1;
        heldBytes -= bytes;
        entry.lastUsed = Date.now();
        working.delete(stored);
        poke();
      });
    working.add(stored);
  };

  const releaseSite = async (e: LaneEnv, claim: WorkClaim, target: TargetToCrawl) => {
    const pauseMs = await tools.fetcher.pauseLeft(target.url).catch(() => 0);
    await crawlWorkRepository
      .release(e.db, claim.host, e.worker, pauseMs)
      .catch((err: unknown) =>
        e.log.error({ host: claim.host, err: describe(err) }, 'site lease not released'),
      );
    // Every process's dispatcher hears of it and sleeps until the pause ends, rather than until its
    // next look (a process at its limits would otherwise leave the site idle past its pause).
    await e.pubsub.publish(CRAWL_WORK_CHANNEL, { host: claim.host }).catch(() => undefined);
  };

  /** One claim at a time, so this process never takes more of a run than its parallel workers. */
  const dispatch = async (e: LaneEnv) => {
    while (!stopping) {
      forgetIdleRuns();
      if (active >= lanes || backlogFull()) {
        await pause(MAX_WAIT_MS);
        continue;
      }
      const full = [...runs.values()].filter((r) => r.reading >= r.parallel).map((r) => r.id);
      let claim: Awaited<ReturnType<typeof crawlWorkRepository.claim>>;
      try {
        claim = await crawlWorkRepository.claim(e.db, { worker: e.worker, leaseSeconds, excludeRuns: full });
      } catch (err) {
        if (stopping) return;
        e.log.error({ err: describe(err) }, 'crawl work claim failed');
        await pause(idlePollMs);
        continue;
      }
      if ('waitMs' in claim) {
        await pause(claim.waitMs === null ? idlePollMs : Math.min(Math.max(claim.waitMs, 5), MAX_WAIT_MS));
        continue;
      }
      let entry: RunEntry | null;
      try {
        entry = await runEntry(e, claim.runId);
      } catch (err) {
        e.log.error({ run: claim.runId, err: describe(err) }, 'crawl run not readable');
        entry = null;
      }
      if (!entry) {
        await crawlWorkRepository.unclaim(e.db, claim, e.worker).catch(() => undefined);
        await crawlWorkRepository.release(e.db, claim.host, e.worker, 0).catch(() => undefined);
        continue;
      }
      active += 1;
      entry.reading += 1;
      entry.lastUsed = Date.now();
      const run = entry;
      const task: Promise<void> = work(e, claim, run)
        .catch((err: unknown) => e.log.error({ run: claim.runId, err: describe(err) }, 'crawl page failed'))
        .finally(() => {
          active -= 1;
          run.reading -= 1;
          working.delete(task);
          poke();
        });
      working.add(task);
    }
  };

  return {
    get started() {
      return env !== null;
    },
    start(e) {
      if (env) return;
      env = e;
      unsubscribe = e.pubsub.subscribe(CRAWL_WORK_CHANNEL, poke);
      renewTimer = setInterval(
        () => {
          if (active + pending === 0) return;
          void crawlWorkRepository.renew(e.db, e.worker, leaseSeconds).catch(() => undefined);
        },
        (leaseSeconds * 1000) / 3,
      );
      loop = dispatch(e);
    },
    wake: poke,
    async stop() {
      if (!env) return;
      stopping = true;
      poke();
      unsubscribe?.();
      await loop;
      while (working.size > 0) await Promise.allSettled([...working]);
      clearInterval(renewTimer);
      runs.clear();
      env = null;
      loop = null;
      pokedEarly = false;
      stopping = false;
    },
  };
}
