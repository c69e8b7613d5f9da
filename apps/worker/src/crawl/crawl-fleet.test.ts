import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPubSub, createPostgresPubSub, type PubSub } from '@preciofab/db/pubsub';
import { createJobQueue } from '@preciofab/db/job-queue';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { allJobs } from '../jobs/all-jobs.ts';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { startFixtureWeb, type FixturePage } from '../testing/fixture-web.ts';
import { createTestDb, memoryLogger, waitFor, type TestDb } from '../testing/test-db.ts';
import { createCrawler, type Crawler } from './crawler.ts';

/** Three workers share two crawl runs over two sites: one asks for the configured pause, the other
 * for a longer robots.txt Crawl-delay. On PostgreSQL the workers are three processes; on PGlite
 * (one process owns it) three runners with crawlers of their own, whose in-memory host queues know
 * nothing of each other: either way, only the database keeps them polite. */
const WORKERS = 3;
const MIN_DELAY_MS = 300;
const CRAWL_DELAY_S = 0.6;
const LATENCY_MS = 60;
const PAGES_PER_SITE = 6;
/** The server stamps a request's start and its answer's end: the next request of the site may
 * start no earlier than the pause after the end, less the clock's resolution. */
const CLOCK_SLACK_MS = 5;
const WORKER_MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

const page = (site: string, n: number): FixturePage => ({
  body: `<html><body><h1>Precios ${site} ${n}</h1><table>
    <tr><th>Servicio</th><th>Precio</th></tr>
    <tr><td>Corte láser ${site} ${n}</td><td>$${n}.50 MXN por minuto</td></tr>
  </table></body></html>`,
});

let t: TestDb;
let pubsub: PubSub;
let plain: Awaited<ReturnType<typeof startFixtureWeb>>;
let slow: Awaited<ReturnType<typeof startFixtureWeb>>;
const children: ChildProcess[] = [];
const runners: WorkerRunner[] = [];
const crawlers: Crawler[] = [];

beforeAll(async () => {
  t = await createTestDb();
  pubsub = t.url ? createPostgresPubSub(t.db, t.url) : createLocalPubSub();
  const pages = (site: string) =>
    Object.fromEntries(
      Array.from({ length: PAGES_PER_SITE }, (_, i) => [`/${site}-${i + 1}`, page(site, i + 1)]),
    );
  plain = await startFixtureWeb(pages('plain'), { delayMs: LATENCY_MS });
  slow = await startFixtureWeb(
    {
      ...pages('slow'),
      '/robots.txt': {
        contentType: 'text/plain',
        body: `User-agent: *\nCrawl-delay: ${CRAWL_DELAY_S}\nAllow: /\n`,
      },
    },
    { delayMs: LATENCY_MS },
  );
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(runners.map((r) => r.stop()));
  await Promise.all(crawlers.map((c) => c.close()));
  await plain?.close();
  await slow?.close();
  await pubsub?.close();
  await t?.drop();
});

function startWorkers() {
  const env = {
    CRAWLER_ALLOWED_HOSTS: '127.0.0.1',
    CRAWLER_MIN_DELAY_MS: String(MIN_DELAY_MS),
    CRAWLER_LANES: '4',
    CRAWLER_LEASE_SECONDS: '5',
  };
  for (let i = 0; i < WORKERS; i++) {
    if (t.url) {
      children.push(
        spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
          env: {
            ...process.env,
            ...env,
            DATABASE_URL: t.url,
            WORKER_CONCURRENCY: '2',
            LOG_LEVEL: 'silent',
            CRAWLER_SCREENSHOTS: 'false',
            CRAWLER_SCHEDULE: 'false',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
      continue;
    }
    const crawler = createCrawler({
      allowedHosts: ['127.0.0.1'],
      minDelayMs: MIN_DELAY_MS,
      timeoutMs: 5000,
      maxBytes: 5 * 1024 * 1024,
      chromiumPath: null,
      browserPages: 1,
      schedule: false,
      lanes: 4,
      leaseSeconds: 5,
    });
    crawlers.push(crawler);
    const runner = createWorkerRunner({
      db: t.db,
      pubsub,
      definitions: allJobs,
      concurrency: 2,
      log: memoryLogger(),
      pollMs: 50,
      crawler,
    });
    runners.push(runner);
  }
  return Promise.all(runners.map((r) => r.start()));
}

/** The gaps between one site's page requests: from the end of an answer to the next request. */
function gaps(web: typeof plain): { gap: number; overlap: boolean }[] {
  const pagesOnly = web.timings.filter((x) => x.path !== '/robots.txt').sort((a, b) => a.start - b.start);
  return pagesOnly.slice(1).map((x, i) => ({
    gap: x.start - pagesOnly[i]!.end,
    overlap: x.start < pagesOnly[i]!.end,
  }));
}

describe('crawl runs shared by several workers', () => {
  it('keeps one request at a time per site and its pause, across workers and runs', async () => {
    const vendor = async (name: string) =>
      (
        await t.db.query<{ id: string }>(
          "insert into vendors (name, type) values ($1, 'bureau') returning id",
          [name],
        )
      ).rows[0]!.id;
    // Two vendors whose targets are on the same two sites (a reseller and its supplier, say), crawled
    // by two runs at once.
    const vendors = [await vendor('Láser Centro'), await vendor('Láser Sur')];
    const targetCount = { total: 0 };
    for (const [v, vendorId] of vendors.entries()) {
      for (const web of [plain, slow]) {
        for (const path of Object.keys(web.pages).filter((p) => p !== '/robots.txt')) {
          // Each vendor takes half of each site's pages.
          if (Number(path.split('-')[1]) % 2 !== v) continue;
          await targetsRepository.insert(t.db, vendorId, {
            url: `${web.origin}${path}`,
            domain: '127.0.0.1',
            category: 'laser_cutting',
            priority: 5,
            frequency_hours: 24,
            active: true,
          });
          targetCount.total += 1;
        }
      }
    }
    expect(targetCount.total).toBe(2 * PAGES_PER_SITE);
    const queue = createJobQueue(t.db, pubsub);
    const runIds: string[] = [];
    for (const vendorId of vendors) {
      const runId = await crawlRunsRepository.insert(t.db, {
        type: 'vendor',
        force: true,
        parallel_workers: 4,
        vendor_id: vendorId,
        category: null,
        requested_by: null,
      });
      await queue.enqueue('crawl.run', { run_id: runId });
      runIds.push(runId);
    }
    await startWorkers();
    const runs = await waitFor(
      async () => {
        const rows = await Promise.all(runIds.map((id) => crawlRunsRepository.findById(t.db, id)));
        return rows.every((r) => r?.status === 'completed' || r?.status === 'failed') ? rows : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'both runs to finish' },
    );

    // Each run's progress and counts add up over whichever workers read its pages.
    for (const run of runs) {
      expect(run).toMatchObject({
        status: 'completed',
        targets_total: PAGES_PER_SITE,
        targets_done: PAGES_PER_SITE,
        pages_fetched: PAGES_PER_SITE,
        observations_created: PAGES_PER_SITE,
      });
    }
    const stored = await t.db.query<{ offer_name: string; n: number }>(
      `select offer_name, count(*)::int as n from price_observations
        where crawl_run_id = any($1::uuid[]) group by offer_name`,
      [runIds],
    );
    expect(stored.rows).toHaveLength(2 * PAGES_PER_SITE);
    expect(stored.rows.every((r) => r.n === 1)).toBe(true);
    // Every page was requested once (robots.txt apart), whichever worker read it.
    for (const web of [plain, slow]) {
      const pagesRead = web.hits.filter((h) => h !== '/robots.txt');
      expect(pagesRead).toHaveLength(PAGES_PER_SITE);
      expect(new Set(pagesRead).size).toBe(PAGES_PER_SITE);
    }
    // Politeness held across the fleet: never two requests at once on a site, and the pause (or the
    // site's longer Crawl-delay) between the end of one answer and the next request.
    for (const [web, pauseMs] of [
      [plain, MIN_DELAY_MS],
      [slow, CRAWL_DELAY_S * 1000],
    ] as const) {
      const between = gaps(web);
      expect(between).toHaveLength(PAGES_PER_SITE - 1);
      expect(between.filter((g) => g.overlap)).toEqual([]);
      expect(Math.min(...between.map((g) => g.gap))).toBeGreaterThanOrEqual(pauseMs - CLOCK_SLACK_MS);
    }
    // And the workers took turns on the sites: some page was read by another worker than the
    // page before it on its site, so only the shared lease kept that gap.
    const readBy = await t.db.query<{ url: string; worker_id: string }>(
      `select t.url, c.worker_id from crawl_run_targets c join crawl_targets t on t.id = c.target_id
        where c.run_id = any($1::uuid[])`,
      [runIds],
    );
    const workerOf = new Map(readBy.rows.map((r) => [new URL(r.url).pathname, r.worker_id]));
    const handovers = [plain, slow].flatMap((web) => {
      const order = web.timings
        .filter((x) => x.path !== '/robots.txt')
        .sort((a, b) => a.start - b.start)
        .map((x) => workerOf.get(x.path));
      return order.slice(1).filter((w, i) => w !== order[i]);
    });
    expect(new Set(readBy.rows.map((r) => r.worker_id)).size).toBeGreaterThan(1);
    expect(handovers.length).toBeGreaterThan(0);
    // Nothing is left claimed or leased once the runs are done.
    const left = await t.db.query<{ work: number; leased: number }>(
      `select (select count(*)::int from crawl_run_work) as work,
              (select count(*)::int from crawl_hosts where leased_by is not null) as leased`,
    );
    expect(left.rows[0]).toEqual({ work: 0, leased: 0 });
  }, 90_000);
});
