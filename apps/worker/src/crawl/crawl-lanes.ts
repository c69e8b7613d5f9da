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
import { createLanePhases } from './lane-phases.ts';
import { createDbRobotsStore } from './robots-store.ts';
import { readTargetPage, type CrawlTools, type LaneSlot, type PageReading } from './target-crawler.ts';

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
  /** Pages answered and not read yet: in (or waiting for) the extraction thread. */
  let extracting = 0;
  let loop: Promise<void> | null = null;
  let renewTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let poked: (() => void) | null = null;
  let pokedEarly = false;
  const phases = createLanePhases();

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

  /** Sites this process's lanes are done with, given back by the dispatcher's next statement
   * (with its claims): the site and a URL of it, to ask the fetcher what pause it still owes. */
  const releases = new Map<string, string>();

  /** The pause each site to give back still owes, asked when the statement is sent, so the time the
   * release waited for it is not added to the pause. */
  const releaseList = async (hosts: Map<string, string>) =>
    Promise.all(
      [...hosts].map(async ([host, url]) => ({
        host,
        pauseMs: await tools.fetcher.pauseLeft(url).catch(() => 0),
      })),
    );

  /** Every process's dispatcher hears of sites given back and sleeps until their pause ends,
   * rather than until its next look (a process at its limits would otherwise leave the site idle
   * past its pause). This process's own dispatcher knows already. */
  const announce = (e: LaneEnv, hosts: readonly string[]) => {
    if (hosts.length === 0) return;
    void e.pubsub.publish(CRAWL_WORK_CHANNEL, { hosts, worker: e.worker }).catch(() => undefined);
  };

  /** Gives a site back at once (the dispatcher has stopped, or never took the page). */
  const releaseNow = async (e: LaneEnv, host: string, url: string | null) => {
    const pauseMs = url ? await tools.fetcher.pauseLeft(url).catch(() => 0) : 0;
    await crawlWorkRepository
      .release(e.db, host, e.worker, pauseMs)
      .catch((err: unknown) => e.log.error({ host, err: describe(err) }, 'site lease not released'));
    announce(e, [host]);
  };

  /**
   * Reads one claimed page. As soon as it will send no more requests to the site, the lane is free
   * for another page and the site goes back (with the pause it asks for) in the dispatcher's next
   * statement; extraction goes on, counted in the backlog, and the page goes to the run's batch
   * writer. Resolves once the page is read and handed over (its storage goes on).
   */
  const work = async (
    e: LaneEnv,
    claim: WorkClaim,
    entry: RunEntry,
    lane: LaneSlot & { heldMs(): number },
  ) => {
    const target = claim.target;
    const claimedAt = performance.now();
    let laneEnd = 0;
    let estimate = 0;
    const requestsDone = (bytes: number) => {
      laneEnd = performance.now();
      estimate = bytes;
      pending += 1;
      entry.pending += 1;
      heldBytes += bytes;
      if (stopping) {
        const released: Promise<void> = releaseNow(e, claim.host, target.url).finally(() =>
          working.delete(released),
        );
        working.add(released);
      } else {
        // The dispatcher's next statement gives the site back.
        releases.set(claim.host, target.url);
        poke();
      }
    };
    let fetchMs = 0;
    let answered = false;
    const timed: CrawlTools = {
      ...tools,
      fetcher: {
        ...tools.fetcher,
        async fetch(url, options) {
          const started = performance.now();
          try {
            const page = await tools.fetcher.fetch(url, options);
            if (!answered) {
              answered = true;
              extracting += 1;
            }
            return page;
          } finally {
            fetchMs += performance.now() - started;
          }
        },
      },
    };
    let reading: PageReading;
    try {
      reading = await readTargetPage(target, timed, { onRequestsDone: requestsDone, lane }).finally(() => {
        if (!answered) return;
        extracting -= 1;
        poke();
      });
    } catch (err) {
      await recordFailure(e, claim.runId, target, err).catch((error: unknown) =>
        e.log.error({ run: claim.runId, err: describe(error) }, 'crawl page not stored'),
      );
      unhold(entry, estimate);
      return;
    }
    phases.page();
    phases.add('lane', lane.heldMs());
    phases.add('site', laneEnd - claimedAt);
    phases.add('fetch', fetchMs);
    phases.add('extract', performance.now() - laneEnd);
    const { snapshot, screenshot } = reading.evidence;
    const bytes = snapshot.content.length + (screenshot?.length ?? 0);
    heldBytes += bytes - estimate;
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
        unhold(entry, bytes);
        working.delete(stored);
      });
    working.add(stored);
  };

  /** A page read (or failed) and stored leaves the backlog. */
  const unhold = (entry: RunEntry, bytes: number) => {
    pending -= 1;
    entry.pending -= 1;
    heldBytes -= bytes;
    entry.lastUsed = Date.now();
    poke();
  };

  /** Pages that gave their lane back while extracted and wait for one to ask their site for more
   * (a list page's store catalogue): the next lane freed is theirs before the dispatcher's. */
  const waiting: { run: RunEntry; take: () => void }[] = [];

  /** Set while the dispatcher's statement is out: the lanes it may fill are spoken for. */
  let claiming = false;
  const fits = (run: RunEntry) => !claiming && active < lanes && run.reading < run.parallel;

  /** Lanes free go to the pages waiting for one whose run has room, first come first served. */
  const handOver = () => {
    for (;;) {
      const next = waiting.findIndex((w) => fits(w.run));
      if (next < 0) return;
      const [w] = waiting.splice(next, 1);
      w!.take();
    }
  };

  /** A page's lane: held while it is being fetched (see LaneSlot). */
  const slotFor = (run: RunEntry): LaneSlot & { heldMs(): number } => {
    let held = false;
    let since = 0;
    let heldMs = 0;
    const take = () => {
      held = true;
      since = performance.now();
      active += 1;
      run.reading += 1;
      run.lastUsed = Date.now();
    };
    take();
    return {
      heldMs: () => heldMs + (held ? performance.now() - since : 0),
      release() {
        if (!held) return;
        held = false;
        heldMs += performance.now() - since;
        active -= 1;
        run.reading -= 1;
        handOver();
        poke();
      },
      acquire() {
        if (held) return Promise.resolve();
        if (waiting.length === 0 && fits(run)) {
          take();
          return Promise.resolve();
        }
        return new Promise<void>((resolve) =>
          waiting.push({
            run,
            take: () => {
              take();
              resolve();
            },
          }),
        );
      },
    };
  };

  /** Starts reading a claimed page on a lane of its own. */
  const launch = (e: LaneEnv, claim: WorkClaim, run: RunEntry) => {
    const lane = slotFor(run);
    const task: Promise<void> = work(e, claim, run, lane)
      .catch((err: unknown) => e.log.error({ run: claim.runId, err: describe(err) }, 'crawl page failed'))
      .finally(() => {
        lane.release();
        working.delete(task);
      });
    working.add(task);
  };

  /** The runs this process knows, with how many more of their pages it may read now. */
  const roomOf = () =>
    [...runs.values()].map((r) => ({
      runId: r.id,
      pages: Math.max(0, r.parallel - r.reading - waiting.filter((w) => w.run === r).length),
    }));

  /**
   * One statement at a time, each giving back the sites the lanes are done with and claiming as
   * many pages as there are free lanes (one per site, within each run's parallel workers), so this
   * process never takes more of a run than its parallel workers and a page costs no round trip of
   * its own.
   */
  const dispatch = async (e: LaneEnv) => {
    while (!stopping) {
      forgetIdleRuns();
      // No more pages than lanes waiting for the extraction thread either: reading further ahead
      // adds no throughput (the thread reads one page at a time), only a longer queue, and a page
      // that may still ask its site for its catalogue holds the site while it waits there.
      const limit = backlogFull()
        ? 0
        : Math.max(0, Math.min(lanes - active - waiting.length, lanes - extracting));
      if (limit === 0 && releases.size === 0) {
        await pause(MAX_WAIT_MS);
        continue;
      }
      const room = roomOf();
      const giving = new Map(releases);
      releases.clear();
      let result: Awaited<ReturnType<typeof crawlWorkRepository.claimPages>>;
      const sentAt = performance.now();
      claiming = limit > 0;
      try {
        result = await crawlWorkRepository.claimPages(e.db, {
          worker: e.worker,
          leaseSeconds,
          limit,
          room,
          excludeRuns: room.filter((r) => r.pages === 0).map((r) => r.runId),
          release: await releaseList(giving),
        });
      } catch (err) {
        claiming = false;
        handOver();
        // Nothing of the statement happened: its sites are given back with the next.
        for (const [host, url] of giving) if (!releases.has(host)) releases.set(host, url);
        if (stopping) return;
        e.log.error({ err: describe(err) }, 'crawl work claim failed');
        await pause(idlePollMs);
        continue;
      }
      phases.add('claim', performance.now() - sentAt);
      phases.claimed(result.claims.length);
      announce(e, [...giving.keys()]);
      for (const claim of result.claims) {
        if (claim.lateMs !== null) phases.add('late', claim.lateMs);
        let entry: RunEntry | null;
        try {
          entry = await runEntry(e, claim.runId);
        } catch (err) {
          e.log.error({ run: claim.runId, err: describe(err) }, 'crawl run not readable');
          entry = null;
        }
        if (!entry) {
          await crawlWorkRepository.unclaim(e.db, claim, e.worker).catch(() => undefined);
          await releaseNow(e, claim.host, null);
          continue;
        }
        launch(e, claim, entry);
      }
      claiming = false;
      handOver();
      if (limit === 0 || result.claims.length >= limit) continue;
      if (result.waitMs === null) {
        // No run has work left to claim: once the pages in hand are stored, a summary of where the
        // time went; then sleep until a run's notice (or a lane's end) wakes the dispatcher.
        const summary = active + pending === 0 ? phases.take() : null;
        if (summary) e.log.info(summary, 'crawl lanes: phases');
        await pause(idlePollMs);
      } else {
        await pause(Math.min(Math.max(result.waitMs, 5), MAX_WAIT_MS));
      }
    }
  };

  return {
    get started() {
      return env !== null;
    },
    start(e) {
      if (env) return;
      env = e;
      // robots.txt read once for every process, through the database.
      tools.fetcher.useRobotsStore(createDbRobotsStore(e.db));
      unsubscribe = e.pubsub.subscribe(CRAWL_WORK_CHANNEL, (message) => {
        // This process's own releases: its dispatcher sent them, and knows their pauses.
        const from = (message as { worker?: unknown } | null)?.worker;
        if (from !== e.worker) poke();
      });
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
      const e0 = env;
      stopping = true;
      poke();
      unsubscribe?.();
      await loop;
      // Sites the lanes finished with that the dispatcher's last statement did not take: given back
      // now, not when every page in hand is stored.
      const left = [...releases];
      releases.clear();
      await Promise.all(left.map(([host, url]) => releaseNow(e0, host, url)));
      while (working.size > 0) await Promise.allSettled([...working]);
      tools.fetcher.useRobotsStore(null);
      clearInterval(renewTimer);
      runs.clear();
      env = null;
      loop = null;
      pokedEarly = false;
      stopping = false;
    },
  };
}
