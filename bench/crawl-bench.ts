/**
 * `npm run bench:crawl [-- --pages 500 --hosts 10 --workers 10 --warmup 100 --screenshots 20 --first-run]`
 * (`-- --realistic` runs the realistic crawl bench instead: see crawl-realistic.ts)
 *
 * Crawls a local fixture web through the real pipeline (guarded polite fetcher with its loopback
 * hosts exempt and no delay, extraction, classification, normalization, confidence, storage with evidence
 * in embedded PGlite on disk, and also in PostgreSQL when DATABASE_URL is set: that database's tables are
 * truncated, so point it at a scratch database) and, in the same run, a plain @crawlee/cheerio
 * CheerioCrawler pass over the same pages (fetch and parse, nothing stored). Then it times Chromium
 * screenshots per page. Writes the figures into docs/PERFORMANCE.md between the `bench:crawl`
 * markers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CheerioCrawler, Configuration } from '@crawlee/cheerio';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { createCrawler, type Crawler } from '@preciofab/worker/crawl/crawler';
import { createBrowserPool } from '@preciofab/worker/crawl/browser-pool';
import { crawlRunJob } from '@preciofab/worker/jobs/crawl-run.job';
import { createPipelinePublisher } from '@preciofab/worker/pipeline/pipeline-publisher';
import { createJobQueue } from '@preciofab/db/job-queue';
import { writeIntoDoc } from './report.ts';
import { startBenchWeb } from './crawl-fixture-web.ts';

// `--realistic`: the realistic crawl bench (crawl-realistic.ts) instead of this micro-bench.
if (process.argv.includes('--realistic')) {
  const { runRealisticBench } = await import('./crawl-realistic.ts');
  await runRealisticBench(process.argv.slice(2).filter((a) => a !== '--realistic'));
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '500' },
    hosts: { type: 'string', default: '10' },
    workers: { type: 'string', default: '10' },
    screenshots: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '100' },
    'no-write': { type: 'boolean', default: false },
    'first-run': { type: 'boolean', default: false },
  },
});
const PAGES = Number(values.pages);
const HOSTS = Number(values.hosts);
const WORKERS = Math.min(10, Number(values.workers));
const SHOTS = Number(values.screenshots);
const WARMUP = Number(values.warmup);
const FIRST_RUN = values['first-run'];
const log = (s: string) => process.stdout.write(`${s}\n`);

const web = await startBenchWeb(PAGES, HOSTS);
// The warm-up crawls the first WARMUP pages served again by other sites (127.0.0.11 and up), so the
// timed pass still meets every host for the first time: robots.txt, sockets and per-host queues.
const warmWeb = await startBenchWeb(Math.min(WARMUP, PAGES), HOSTS, HOSTS + 1);
const silent = { info: () => {}, error: () => {} };

/** What a worker process keeps from one crawl run to the next: its database and its crawler (the
 * polite fetcher, the extraction thread). Both passes of a storage run on the same one, the
 * warm-up first, as a worker's second run follows its first. */
type Side = { db: Db; crawler: Crawler; close(): Promise<void> };

async function openSide(storage: 'pglite' | 'postgres'): Promise<Side> {
  // PGlite on disk, as the product runs it (DATA_DIR), in a folder removed afterwards.
  const dataDir = storage === 'pglite' ? mkdtempSync(join(tmpdir(), 'preciofab-bench-crawl-')) : null;
  const db = dataDir ? await createPgliteDb(dataDir) : createPostgresDb(process.env.DATABASE_URL!, 8);
  await migrate(db);
  const crawler = createCrawler({
    allowedHosts: [...web.addresses, ...warmWeb.addresses],
    minDelayMs: 0,
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    chromiumPath: null,
    browserPages: 1,
    schedule: false,
  });
  await crawler.ready(); // the worker process's startup, not the crawl
  return {
    db,
    crawler,
    async close() {
      await crawler.close();
      await db.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One crawl run over `urls`, on a database emptied first. */
async function ours(
  { db, crawler }: Side,
  urls: readonly string[],
): Promise<{ seconds: number; observations: number; pages: number }> {
  await db.exec('truncate vendors, crawl_runs, evidence_files cascade');
  const vendor = await db.query<{ id: string }>(
    "insert into vendors (name, type, trust_score) values ('Bench', 'bureau', 0.7) returning id",
  );
  for (const url of urls) {
    await db.query(
      `insert into crawl_targets (vendor_id, url, domain, category, priority, frequency_hours, active, next_crawl_at)
       values ($1, $2, $3, 'additive_manufacturing', 5, 24, true, now())`,
      [vendor.rows[0]!.id, url, new URL(url).hostname],
    );
  }
  const runId = await crawlRunsRepository.insert(db, {
    type: 'all',
    force: true,
    parallel_workers: WORKERS,
    vendor_id: null,
    category: null,
    requested_by: null,
  });
  const pubsub = createLocalPubSub();
  const queue = createJobQueue(db, pubsub);
  const jobId = (await queue.enqueue('crawl.run', { run_id: runId }))!;
  const started = performance.now();
  const outcome = await crawlRunJob.handler(
    { run_id: runId },
    {
      db,
      pubsub,
      queue,
      pipeline: createPipelinePublisher(pubsub),
      log: silent,
      job: (await queue.get(jobId))!,
      workerId: 'bench',
      crawler,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (outcome.status !== 'success') throw new Error(`crawl failed: ${JSON.stringify(outcome)}`);
  const result = outcome.result as { pages: number; observations: number };
  await pubsub.close();
  return { seconds, observations: result.observations, pages: result.pages };
}

async function crawlee(urls: readonly string[]): Promise<{ seconds: number; pages: number }> {
  let pages = 0;
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: WORKERS,
      maxRequestRetries: 0,
      async requestHandler({ $ }) {
        // A plain pass: parse and read the cells, store nothing.
        $('td, li').each((_, el) => void $(el).text());
        pages++;
      },
    },
    config,
  );
  const started = performance.now();
  await crawler.run([...urls]);
  return { seconds: (performance.now() - started) / 1000, pages };
}

async function screenshots(): Promise<number | null> {
  const pool = createBrowserPool({
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    pages: 1,
    timeoutMs: 10_000,
    async through() {
      return { status: 404, headers: {}, body: Buffer.alloc(0) };
    },
  });
  try {
    const html = await (await fetch(web.urls[0]!)).text();
    await pool.capture(web.urls[0]!, html, { screenshot: true }); // start the browser
    const started = performance.now();
    for (let i = 1; i <= SHOTS; i++) {
      const url = web.urls[i % web.urls.length]!;
      await pool.capture(url, await (await fetch(url)).text(), { screenshot: true });
    }
    return (performance.now() - started) / SHOTS;
  } catch (err) {
    log(`screenshots skipped: ${String(err)}`);
    return null;
  } finally {
    await pool.close();
  }
}

/** The warm-up, then the timed pass: on the same side (a worker's later run), or with
 * `--first-run` on a side opened afterwards (the first run of a freshly started worker: its threads
 * have not compiled the code yet; the main thread has, from the warm-up). */
async function warmThenTimed(storage: 'pglite' | 'postgres') {
  let side = await openSide(storage);
  await ours(side, warmWeb.urls);
  if (FIRST_RUN) {
    await side.close();
    side = await openSide(storage);
  }
  const timed = await ours(side, web.urls);
  await side.close();
  return timed;
}

log(`fixture web: ${PAGES} pages on ${HOSTS} local hosts; ${WORKERS} parallel workers`);
// Each side warms up first on WARMUP pages of the other sites (untimed), so neither pays in the
// timed pass for loading and compiling its code, ours in each of its threads.
// Crawlee goes first, before any thread of ours exists.
await crawlee(warmWeb.urls);
const baseline = await crawlee(web.urls);
log(`crawlee CheerioCrawler: ${baseline.pages} pages in ${baseline.seconds.toFixed(2)} s`);
const mine = await warmThenTimed('pglite');
log(
  `PrecioFab on PGlite: ${mine.pages} pages, ${mine.observations} observations in ${mine.seconds.toFixed(2)} s`,
);
// With DATABASE_URL the same run on PostgreSQL too (the bench truncates that database's tables).
let onPostgres: Awaited<ReturnType<typeof ours>> | null = null;
if (process.env.DATABASE_URL) {
  onPostgres = await warmThenTimed('postgres');
  log(`PrecioFab on PostgreSQL: ${onPostgres.pages} pages in ${onPostgres.seconds.toFixed(2)} s`);
}
const shot = SHOTS > 0 ? await screenshots() : null;
if (shot !== null) log(`screenshot: ${shot.toFixed(0)} ms per page`);
await Promise.all([web.close(), warmWeb.close()]);

const rate = (pages: number, s: number) => (pages / s).toFixed(1);
const body = [
  `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine: ${PAGES} pages over ${HOSTS} local hosts, ${WORKERS} at a time, each pass after an untimed warm-up on ${warmWeb.urls.length} of the pages served by ${HOSTS} other hosts, ${FIRST_RUN ? "ours then on a freshly opened database and crawler (a new worker's first run)" : "on the same database and crawler (a worker's later run)"}.`,
  '',
  '| Pass | Pages | Seconds | Pages/s | What it does |',
  '|---|---:|---:|---:|---|',
  `| PrecioFab crawl run, embedded PGlite (on disk) | ${mine.pages} | ${mine.seconds.toFixed(2)} | ${rate(mine.pages, mine.seconds)} | robots.txt, address guard, fetch, 7 extractors, classification, normalization, confidence, ${mine.observations} observations and ${mine.pages} snapshots stored, checkpoint per page |`,
  ...(onPostgres
    ? [
        `| PrecioFab crawl run, PostgreSQL | ${onPostgres.pages} | ${onPostgres.seconds.toFixed(2)} | ${rate(onPostgres.pages, onPostgres.seconds)} | the same |`,
      ]
    : []),
  `| @crawlee/cheerio CheerioCrawler | ${baseline.pages} | ${baseline.seconds.toFixed(2)} | ${rate(baseline.pages, baseline.seconds)} | fetch and parse, nothing stored |`,
  '',
  `Ratio to Crawlee's speed (target: 100 % or more): ${((baseline.seconds / mine.seconds) * 100).toFixed(0)} % on PGlite${
    onPostgres ? `, ${((baseline.seconds / onPostgres.seconds) * 100).toFixed(0)} % on PostgreSQL` : ''
  }.`,
  shot === null
    ? 'Screenshots: not measured (no Chromium).'
    : `Screenshot cost: ${shot.toFixed(0)} ms per page (Chromium, 1280 px wide, JPEG, one shared browser, ${SHOTS} pages).`,
].join('\n');
log(`\n${body}`);
if (!values['no-write']) {
  writeIntoDoc(new URL('../docs/PERFORMANCE.md', import.meta.url).pathname, 'crawl', body);
  log('\nwritten into docs/PERFORMANCE.md');
}
