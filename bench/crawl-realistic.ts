/**
 * `npm run bench:crawl -- --realistic [--sites 100 --pages-per-site 10 --workers-list 1,2,4
 *   --parallel-workers 8 --worker-concurrency 2 --crawl-delay-share 0.1 --crawl-delay 2
 *   --order shuffled|grouped --seed 1 --timeout-min 30 --worker-log <dir> --no-write]`
 *
 * A crawl as a user runs one, timed end to end: a fixture web of store sites (crawl-realistic-web.ts,
 * in a process of its own: real platforms' pages of 50 KB–1 MB, gzipped, each answer 100–400 ms
 * late), the default politeness, PostgreSQL, and 1, 2, 4 … worker processes
 * (`node --import tsx apps/worker/src/main.ts`, as `npm run worker` starts them). For each count of
 * workers: a fresh database (`<BENCH_DB_NAME or preciofab>_crawl_realistic`, dropped at the end),
 * a vendor per site and its targets, the workers started and idle, then one run (type `all`,
 * `force`) queued through the crawl service as the API queues it, and waited for until its row says
 * completed or failed. Reports pages per minute, CPU per page (the worker processes' CPU from
 * /proc), and the ratio of the wall time to the politeness floor; writes the table into
 * docs/PERFORMANCE.md between the `bench:crawl-realistic` markers. Nothing here knows how a run is
 * split among workers: it runs against any version of the crawl.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPostgresDb, type Db } from '@preciofab/db/client';
import { createPostgresPubSub } from '@preciofab/db/pubsub';
import { createJobQueue } from '@preciofab/db/job-queue';
import { crawlRunsRepository, type CrawlRunRow } from '@preciofab/db/repositories/crawl-runs.repository';
import { crawlerConfigSchema } from '@preciofab/fetch/crawler-config';
import { createCrawlService } from '@preciofab/server/crawl/crawl.service';
import { seededShuffle, type ServedRequest, type WebOptions, type WebReady } from './crawl-realistic-web.ts';
import { writeIntoDoc } from './report.ts';

const WEB_MAIN = fileURLToPath(new URL('./crawl-realistic-web-main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));
/** The pause the worker keeps between two requests to a site when CRAWLER_MIN_DELAY_MS is unset. */
const DEFAULT_PAUSE_MS = crawlerConfigSchema.parse({}).CRAWLER_MIN_DELAY_MS;
/** A run counts as CPU-bound when the worker processes, or one of their threads, were busier than this. */
const CPU_BOUND = 0.85;
/** Past this, the machine was busy with more than the crawl (other processes): figures taken under
 * load. */
const SATURATED = 0.95;

const log = (s: string) => process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Options = {
  sites: number;
  pagesPerSite: number;
  workersList: number[];
  parallelWorkers: number;
  workerConcurrency: number;
  order: 'shuffled' | 'grouped';
  /** The checkout whose worker processes and migrations run (another version of the product, to
   * compare with this one); this repository by default. */
  checkout: string;
  timeoutMs: number;
  write: boolean;
  /** Where the worker processes' logs go (info level, one file per process), to read what the
   * crawl lanes say of where their time went; none by default (the workers log nothing). */
  workerLog: string | null;
  web: WebOptions;
};

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      sites: { type: 'string', default: '100' },
      'pages-per-site': { type: 'string', default: '10' },
      'workers-list': { type: 'string', default: '1,2,4' },
      'parallel-workers': { type: 'string', default: '8' },
      'worker-concurrency': { type: 'string', default: '2' },
      'crawl-delay-share': { type: 'string', default: '0.1' },
      'crawl-delay': { type: 'string', default: '2' },
      'latency-min': { type: 'string', default: '100' },
      'latency-max': { type: 'string', default: '400' },
      order: { type: 'string', default: 'shuffled' },
      seed: { type: 'string', default: '1' },
      'timeout-min': { type: 'string', default: '30' },
      checkout: { type: 'string', default: REPO },
      'worker-log': { type: 'string' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const int = (name: keyof typeof values, min: number, max: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name}: an integer, ${min} to ${max}`);
    return n;
  };
  const workersList = String(values['workers-list'])
    .split(',')
    .map((w) => Number(w.trim()));
  if (workersList.length === 0 || workersList.some((w) => !Number.isInteger(w) || w < 1 || w > 16)) {
    throw new Error('--workers-list: worker process counts, 1 to 16, comma-separated (1,2,4)');
  }
  if (values.order !== 'shuffled' && values.order !== 'grouped') {
    throw new Error('--order: shuffled or grouped');
  }
  const share = Number(values['crawl-delay-share']);
  if (!(share >= 0 && share <= 1)) throw new Error('--crawl-delay-share: 0 to 1');
  const latencyMinMs = int('latency-min', 0, 10_000);
  const sites = int('sites', 1, 1000);
  const pagesPerSite = int('pages-per-site', 1, 60);
  return {
    sites,
    pagesPerSite,
    workersList,
    parallelWorkers: int('parallel-workers', 1, 10),
    workerConcurrency: int('worker-concurrency', 1, 32),
    order: values.order,
    checkout: resolve(values.checkout),
    timeoutMs: int('timeout-min', 1, 600) * 60_000,
    write: !values['no-write'],
    workerLog: values['worker-log'] ? resolve(values['worker-log']) : null,
    web: {
      sites,
      pagesPerSite,
      seed: int('seed', 0, 2 ** 31),
      latencyMinMs,
      latencyMaxMs: int('latency-max', latencyMinMs, 10_000),
      crawlDelayShare: share,
      crawlDelaySeconds: int('crawl-delay', 1, 60),
    },
  };
}

// ---- The fixture web's process ---------------------------------------------------------------

type Web = {
  child: ChildProcess;
  ready: WebReady;
  reset(): Promise<void>;
  requests(): Promise<ServedRequest[]>;
  close(): Promise<void>;
};

async function startWeb(options: WebOptions): Promise<Web> {
  const child = fork(WEB_MAIN, [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    cwd: REPO,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the fixture web exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next<WebReady>('ready');
  return {
    child,
    ready,
    async reset() {
      const done = next('reset');
      child.send({ type: 'reset' });
      await done;
    },
    async requests() {
      const answer = next<{ requests: ServedRequest[] }>('log');
      child.send({ type: 'log' });
      return (await answer).requests;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// ---- CPU, from /proc ---------------------------------------------------------------------------

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  } catch {
    return 10;
  }
})();

/** utime + stime of a process (all its threads) or of one thread, in ms. */
function statCpuMs(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 (state): 14 and 15 are
  // utime and stime.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A process's CPU: in all, its main thread's, and each thread's by id (a thread gone since
 * counts as nothing). */
type ProcessCpu = { total: number; main: number; threads: Map<string, number> };
const processCpu = (pid: number): ProcessCpu => {
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(tid, statCpuMs(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { total: statCpuMs(`/proc/${pid}/stat`), main: statCpuMs(`/proc/${pid}/task/${pid}/stat`), threads };
};
/** The most CPU one thread of the process used between two readings (ms). */
const busiestThreadMs = (before: ProcessCpu, after: ProcessCpu) =>
  Math.max(0, ...[...after.threads].map(([tid, ms]) => ms - (before.threads.get(tid) ?? 0)));

/** The machine's CPU time, busy and in all, summed over its cores (ms). */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .split(/\s+/)
    .slice(1, 9)
    .map((v) => Number(v) * TICK_MS);
  const idleAll = idle! + iowait!;
  const total = user! + nice! + system! + idleAll + irq! + softirq! + steal!;
  return { busy: total - idleAll, total };
}

// ---- Database ----------------------------------------------------------------------------------

function databaseUrls(): { admin: string; bench: string; name: string } {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const prefix = process.env.BENCH_DB_NAME?.match(/^[a-z_][a-z0-9_]{0,40}$/)?.[0] ?? 'preciofab';
  const name = `${prefix}_crawl_realistic`;
  const bench = new URL(base);
  bench.pathname = `/${name}`;
  return { admin: base.toString(), bench: bench.toString(), name };
}

async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = createPostgresDb(adminUrl, 1);
  try {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.exec(`create database ${name}`);
  } finally {
    await admin.close();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = createPostgresDb(adminUrl, 1);
  try {
    await admin.exec(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.close();
  }
}

/** A vendor per site and a target per page, inserted as the targets form inserts them, one by one
 * (each due at its own `now()`, so a run takes them in that order):
 * in a seeded random order across sites (`shuffled`, what a catalogue looks like once its targets
 * have come due at different times), or site by site (`grouped`, as a user adds them). */
async function seedTargets(db: Db, web: WebReady, options: Options): Promise<string> {
  const user = await db.query<{ id: string }>(
    `insert into users (email, name, role, password_hash)
     values ('crawl-bench@example.test', 'Crawl bench', 'operator', 'not-a-hash') returning id`,
  );
  const vendorOf = new Map<number, string>();
  for (const site of web.sites) {
    const origin = `http://${site.address}:${site.port}`;
    const r = await db.query<{ id: string }>(
      `insert into vendors (name, type, website, website_domain, trust_score)
       values ($1, 'reseller', $2, $3, 0.7) returning id`,
      [`Tienda ${site.index + 1}`, origin, site.address],
    );
    vendorOf.set(site.index, r.rows[0]!.id);
  }
  const pages = web.sites.flatMap((site) =>
    site.pages.map((page) => ({ site, url: `http://${site.address}:${site.port}${page.path}` })),
  );
  const ordered = options.order === 'grouped' ? pages : seededShuffle(pages, `${options.web.seed}|order`);
  // The targets repository's insert, written out: the same statement works on every version the
  // bench may drive (--checkout).
  for (const { site, url } of ordered) {
    await db.query(
      `insert into crawl_targets (vendor_id, url, domain, category, priority, frequency_hours, active, next_crawl_at)
       values ($1, $2, $3, 'additive_manufacturing', 5, 24, true, now())`,
      [vendorOf.get(site.index)!, url, site.address],
    );
  }
  return user.rows[0]!.id;
}

// ---- Worker processes --------------------------------------------------------------------------

/** The environment a worker gets: the basics of this one, and the crawl settings of the bench, so
 * nothing set in this shell (CRAWLER_MIN_DELAY_MS=0, say) changes what is measured. */
function workerEnv(
  databaseUrl: string,
  web: WebReady,
  concurrency: number,
  logging: boolean,
): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_PATH'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    WORKER_CONCURRENCY: String(concurrency),
    LOG_LEVEL: logging ? 'info' : 'silent',
    CRAWLER_ALLOWED_HOSTS: web.sites.map((s) => `${s.address}:${s.port}`).join(','),
    CRAWLER_SCREENSHOTS: 'false',
    CRAWLER_SCHEDULE: 'false',
  };
}

/** Runs a TypeScript entry point of the checkout (`npm run worker` is `tsx apps/worker/src/main.ts`). */
const runTs = (
  checkout: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  stdout: 'ignore' | 'inherit' | number,
) =>
  spawn(process.execPath, ['--import', 'tsx', join(checkout, entry)], {
    cwd: checkout,
    env,
    stdio: ['ignore', stdout, 'inherit'],
  });

/** The checkout's own migrations, as `npm run migrate` applies them. */
async function migrateWith(checkout: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = runTs(checkout, 'packages/db/src/migrate-cli.ts', env, 'ignore');
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`migrations failed (${code})`);
}

async function startWorkers(
  n: number,
  checkout: string,
  env: NodeJS.ProcessEnv,
  db: Db,
  logDir: string | null,
): Promise<ChildProcess[]> {
  if (logDir) mkdirSync(logDir, { recursive: true });
  const children = Array.from({ length: n }, (_, i) => {
    const out = logDir ? openSync(join(logDir, `workers-${n}-${i + 1}.log`), 'w') : 'ignore';
    const child = runTs(checkout, 'apps/worker/src/main.ts', env, out);
    if (typeof out === 'number') closeSync(out);
    return child;
  });
  // Ready: each has written its row to `workers` (its runner has started).
  const deadline = Date.now() + 120_000;
  for (;;) {
    for (const c of children) {
      if (c.exitCode !== null) throw new Error(`a worker process exited at start (${c.exitCode})`);
    }
    const pids = children.map((c) => c.pid!);
    const up = await db
      .query<{ n: number }>('select count(distinct pid)::int as n from workers where pid = any($1)', [pids])
      .then((r) => r.rows[0]!.n)
      .catch(() => 0);
    if (up === n) break;
    if (Date.now() > deadline) throw new Error(`only ${up} of ${n} worker processes started in 2 minutes`);
    await sleep(250);
  }
  // And idle: compiling the code and warming the extraction thread is a worker's start, not the
  // crawl. Waits until they use less than a tenth of a core between them, at most 30 s.
  const quietBy = Date.now() + 30_000;
  let before = children.reduce((s, c) => s + processCpu(c.pid!).total, 0);
  while (Date.now() < quietBy) {
    await sleep(1000);
    const now = children.reduce((s, c) => s + processCpu(c.pid!).total, 0);
    if (now - before < 100) break;
    before = now;
  }
  return children;
}

async function stopWorkers(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGKILL');
        await exited;
      }
    }),
  );
}

// ---- One measured run --------------------------------------------------------------------------

type Politeness = {
  /** Requests to one site that overlapped (one started before the previous one was answered). */
  overlaps: number;
  /** Pauses shorter than the site's (minimum pause or Crawl-delay), 10 ms of timer slack allowed. */
  shortPauses: number;
  /** The least (pause observed − pause due), ms, over every site. */
  leastSlackMs: number;
  /** robots.txt requests that overlapped a page request to the same site (the fetcher reads
   * robots.txt outside its per-site queue). */
  robotsOverlaps: number;
};

type Floor = { ms: number; site: number; requests: number };

type RunResult = {
  workers: number;
  status: string;
  wallMs: number;
  done: number;
  failed: number;
  documents: number;
  observations: number;
  /** Worker processes that stored any page, when the schema says (crawl_run_targets.worker_id). */
  workersThatStored: number | null;
  workerCpuMs: number;
  busiestMainThread: number;
  /** Of any thread of a worker process: the extraction thread, a page at a time, is one. */
  busiestThread: number;
  machineBusy: number;
  webCpuMs: number;
  served: number;
  robots: number;
  floor: Floor;
  politeness: Politeness;
};

const pauseOf = (site: WebReady['sites'][number]) =>
  Math.max(DEFAULT_PAUSE_MS, (site.crawlDelay ?? 0) * 1000);

/**
 * The politeness floor: the least time the pauses allow for the requests this run made, with the
 * pages a run may read at once. A site's requests go one at a time with its pause (the minimum, or
 * its robots.txt Crawl-delay when longer) between the end of one answer and the next request, after
 * its robots.txt is read; so a site takes at least its robots.txt's latency + every page request's
 * latency + (page requests − 1) × its pause. And a worker process reads at most the run's
 * `parallel_workers` pages at once (the issue's own floor: 240 pages of 300 ms on 4 lanes, 18 s):
 * all the requests' latency over that many lanes per worker is a floor too. The floor is the larger:
 * no crawl of this web with these workers and no time spent computing can end sooner.
 */
function politenessFloor(requests: readonly ServedRequest[], web: WebReady, lanes: number): Floor {
  let floor: Floor = { ms: 0, site: -1, requests: 0 };
  for (const site of web.sites) {
    const mine = requests.filter((r) => r.site === site.index);
    const robots = mine.find((r) => r.path === '/robots.txt');
    const pages = mine.filter((r) => r.path !== '/robots.txt');
    const ms =
      (robots?.latency ?? 0) +
      pages.reduce((s, r) => s + r.latency, 0) +
      Math.max(0, pages.length - 1) * pauseOf(site);
    if (ms > floor.ms) floor = { ms, site: site.index, requests: pages.length };
  }
  const laneMs = requests.reduce((sum, r) => sum + r.latency, 0) / lanes;
  return laneMs > floor.ms ? { ms: laneMs, site: -1, requests: requests.length } : floor;
}

/** What the fixture web saw of the pauses: requests to a site, in order of arrival. */
function politenessSeen(requests: readonly ServedRequest[], web: WebReady): Politeness {
  const seen: Politeness = {
    overlaps: 0,
    shortPauses: 0,
    leastSlackMs: Number.POSITIVE_INFINITY,
    robotsOverlaps: 0,
  };
  for (const site of web.sites) {
    const mine = requests.filter((r) => r.site === site.index);
    const pages = mine.filter((r) => r.path !== '/robots.txt').sort((a, b) => a.start - b.start);
    for (const robots of mine.filter((r) => r.path === '/robots.txt')) {
      if (pages.some((p) => p.start < robots.end && robots.start < p.end)) seen.robotsOverlaps += 1;
    }
    for (let i = 1; i < pages.length; i++) {
      const gap = pages[i]!.start - pages[i - 1]!.end;
      if (gap < 0) seen.overlaps += 1;
      else if (gap < pauseOf(site) - 10) seen.shortPauses += 1;
      seen.leastSlackMs = Math.min(seen.leastSlackMs, gap - pauseOf(site));
    }
  }
  return seen;
}

async function measure(n: number, web: Web, options: Options): Promise<RunResult> {
  const urls = databaseUrls();
  await recreateDatabase(urls.admin, urls.name);
  const db = createPostgresDb(urls.bench, 2);
  const pubsub = createPostgresPubSub(db, urls.bench);
  let workers: ChildProcess[] = [];
  try {
    const env = workerEnv(urls.bench, web.ready, options.workerConcurrency, options.workerLog !== null);
    await migrateWith(options.checkout, env);
    const userId = await seedTargets(db, web.ready, options);
    workers = await startWorkers(n, options.checkout, env, db, options.workerLog);
    await web.reset();

    const cpuBefore = workers.map((w) => processCpu(w.pid!));
    const webBefore = processCpu(web.child.pid!).total;
    const machineBefore = machineCpu();
    // Queued as POST /api/v1/crawl/run queues it: the run row, its job and the activity entry.
    const service = createCrawlService({ db, queue: createJobQueue(db, pubsub) });
    const { run_id: runId } = await service.start(
      {
        type: 'all',
        force: true,
        parallel_workers: options.parallelWorkers,
        vendor_id: null,
        category: null,
      },
      userId,
    );
    let run: CrawlRunRow | undefined;
    const deadline = Date.now() + options.timeoutMs;
    let lastShown = Date.now();
    for (;;) {
      run = await crawlRunsRepository.findById(db, runId);
      if (run?.status === 'completed' || run?.status === 'failed') break;
      if (Date.now() > deadline)
        throw new Error(`the run did not finish in ${options.timeoutMs / 60_000} min`);
      if (workers.every((w) => w.exitCode !== null)) throw new Error('every worker process exited');
      if (Date.now() - lastShown > 10_000) {
        lastShown = Date.now();
        log(`  … ${run?.targets_done ?? 0} of ${run?.targets_total ?? '?'} targets`);
      }
      await sleep(200);
    }
    const cpuAfter = workers.map((w) => processCpu(w.pid!));
    const webAfter = processCpu(web.child.pid!).total;
    const machineAfter = machineCpu();
    const requests = await web.requests();

    const wallMs = run.finished_at!.getTime() - run.created_at.getTime();
    const byStatus = await db.query<{ status: string; n: number; pages: number }>(
      `select status, count(*)::int as n, coalesce(sum(pages), 0)::int as pages
         from crawl_run_targets where run_id = $1 group by status`,
      [runId],
    );
    const count = (status: string) => byStatus.rows.find((r) => r.status === status)?.n ?? 0;
    const observations = await db.query<{ n: number }>(
      'select count(*)::int as n from price_observations where crawl_run_id = $1',
      [runId],
    );
    // Which workers stored pages: a column the shared-run schema adds; absent before it.
    const workersThatStored = await db
      .query<{ n: number }>(
        'select count(distinct worker_id)::int as n from crawl_run_targets where run_id = $1',
        [runId],
      )
      .then((r) => r.rows[0]!.n)
      .catch(() => null);
    const workerCpu = cpuAfter.map((a, i) => ({
      total: a.total - cpuBefore[i]!.total,
      main: a.main - cpuBefore[i]!.main,
      busiest: busiestThreadMs(cpuBefore[i]!, a),
    }));
    return {
      workers: n,
      status: run.status,
      wallMs,
      done: count('done'),
      failed: count('failed'),
      documents: byStatus.rows.reduce((s, r) => s + r.pages, 0),
      observations: observations.rows[0]!.n,
      workersThatStored,
      workerCpuMs: workerCpu.reduce((s, c) => s + c.total, 0),
      busiestMainThread: Math.max(...workerCpu.map((c) => c.main)) / wallMs,
      busiestThread: Math.max(...workerCpu.map((c) => c.busiest)) / wallMs,
      machineBusy:
        (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
      webCpuMs: webAfter - webBefore,
      served: requests.length,
      robots: requests.filter((r) => r.path === '/robots.txt').length,
      floor: politenessFloor(requests, web.ready, options.parallelWorkers * n),
      politeness: politenessSeen(requests, web.ready),
    };
  } finally {
    await stopWorkers(workers);
    await pubsub.close();
    await db.close();
  }
}

// ---- Report ------------------------------------------------------------------------------------

/** The crawl's own processes needed the machine: its worker processes used most of its cores, or
 * one of their threads was nearly always busy (the main thread, where JavaScript runs, or the
 * extraction thread, which reads one page at a time: a lane whose page waits for it waits too). */
const coreShare = (r: RunResult) => r.workerCpuMs / (r.wallMs * cpus().length);
const cpuBound = (r: RunResult) =>
  coreShare(r) >= CPU_BOUND || r.busiestMainThread >= CPU_BOUND || r.busiestThread >= CPU_BOUND;
const underLoad = (r: RunResult) => r.machineBusy >= SATURATED && !cpuBound(r);
const perMinute = (r: RunResult) => (r.done / r.wallMs) * 60_000;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

function report(results: RunResult[], web: WebReady, options: Options, machine: string): string {
  const one = results.find((r) => r.workers === 1);
  const two = results.find((r) => r.workers === 2);
  const bytes = web.corpus.map((c) => c.bytes).sort((a, b) => a - b);
  const kb = (b: number) => `${Math.round(b / 1024)} KB`;
  const delayed = web.sites.filter((s) => s.crawlDelay !== null).length;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; workers running ${codeLine(options.checkout)}.`,
    `${options.sites} sites × ${options.pagesPerSite} pages (${options.sites * options.pagesPerSite} targets, ${
      options.order === 'shuffled' ? 'in a seeded random order across sites' : 'site by site'
    }), drawn from ${web.corpus.length} corpus pages of ${kb(bytes[0]!)}–${kb(bytes.at(-1)!)} (median ${kb(
      bytes[Math.floor(bytes.length / 2)]!,
    )}), gzipped; answers ${options.web.latencyMinMs}–${options.web.latencyMaxMs} ms late; pause ${DEFAULT_PAUSE_MS} ms (the default), ${delayed} sites with robots.txt \`Crawl-delay: ${options.web.crawlDelaySeconds}\`; run type \`all\`, \`parallel_workers: ${options.parallelWorkers}\`, \`WORKER_CONCURRENCY=${options.workerConcurrency}\`; PostgreSQL.`,
    '',
    '| Worker processes (that stored pages) | Targets done / failed | Observations | Wall s | Pages/min | × 1 worker | Worker CPU s | CPU ms/page | Workers’ share of the cores | Busiest main thread | Busiest thread | Machine busy | Floor s | Wall ÷ floor | Pauses kept |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const p = r.politeness;
    const kept =
      p.overlaps + p.shortPauses === 0
        ? `yes (least slack ${Number.isFinite(p.leastSlackMs) ? p.leastSlackMs.toFixed(0) : '—'} ms)`
        : `**no**: ${p.overlaps} overlapping, ${p.shortPauses} short`;
    lines.push(
      `| ${r.workers}${r.workersThatStored !== null ? ` (${r.workersThatStored})` : ''} | ${r.done} / ${r.failed} | ${r.observations} | ${(r.wallMs / 1000).toFixed(1)} | ${perMinute(r).toFixed(0)} | ${
        one ? `${(perMinute(r) / perMinute(one)).toFixed(2)}×` : '—'
      } | ${(r.workerCpuMs / 1000).toFixed(1)} | ${(r.workerCpuMs / Math.max(1, r.done)).toFixed(0)} | ${pct(
        coreShare(r),
      )}${cpuBound(r) ? ' (CPU-bound)' : ''} | ${pct(r.busiestMainThread)} | ${pct(r.busiestThread)} | ${pct(r.machineBusy)}${
        underLoad(r) ? ' (other load)' : ''
      } | ${(r.floor.ms / 1000).toFixed(1)} | ${(r.wallMs / r.floor.ms).toFixed(2)}× | ${kept} |`,
    );
  }
  lines.push('');
  for (const r of results) {
    lines.push(
      `- ${r.workers} worker process${r.workers > 1 ? 'es' : ''}: run ${r.status}, ${r.served} requests served (${r.robots} robots.txt, ${r.politeness.robotsOverlaps} of them while a page of that site was being answered; ${r.documents} documents stored from), fixture web ${(r.webCpuMs / 1000).toFixed(1)} s CPU; floor set by ${r.floor.site < 0 ? `the lanes (${r.floor.requests} requests over ${options.parallelWorkers * r.workers} at once)` : `site ${r.floor.site + 1} (${r.floor.requests} requests)`}.`,
    );
  }
  lines.push('');
  const verdicts: string[] = [];
  if (one) {
    const ratio = one.wallMs / one.floor.ms;
    verdicts.push(
      `One worker within 1.3× of the floor: ${ratio <= 1.3 ? '**met**' : '**not met**'} (${ratio.toFixed(2)}×${
        underLoad(one) ? ', under other load' : ''
      }).`,
    );
  }
  if (one && two) {
    const gain = perMinute(two) / perMinute(one);
    // The target holds while the run is not CPU-bound; under other load a run's speed says as much
    // about the other processes as about the crawl.
    const why =
      cpuBound(one) || cpuBound(two)
        ? 'a run was CPU-bound'
        : underLoad(one) || underLoad(two)
          ? 'taken under other load'
          : null;
    verdicts.push(
      `Two workers ≥ 1.8× one worker's pages per minute: ${
        why ? `not judged, ${why}` : gain >= 1.8 ? '**met**' : '**not met**'
      } (${gain.toFixed(2)}×).`,
    );
  }
  if (results.some(underLoad)) {
    verdicts.push(
      'Taken under load: other processes kept the machine busy (“other load”), so the workers waited for CPU as well as for the pauses.',
    );
  }
  lines.push(...verdicts);
  return lines.join('\n');
}

/** Which code the workers ran: the checkout's commit, and whether it has uncommitted changes. */
function codeLine(checkout: string): string {
  try {
    const commit = execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['-C', checkout, 'status', '--porcelain', '--untracked-files=no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return `commit ${commit}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return `the copy in ${checkout}`;
  }
}

async function machineLine(): Promise<string> {
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const { admin } = databaseUrls();
  const db = createPostgresDb(admin, 1);
  const version = (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  await db.close();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, PostgreSQL ${version.split(' ')[0]}, load average at start ${load}`;
}

export async function runRealisticBench(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const machine = await machineLine();
  const web = await startWeb(options.web);
  const results: RunResult[] = [];
  try {
    log(
      `fixture web: ${web.ready.sites.length} sites, ${options.pagesPerSite} pages each, from ${web.ready.corpus.length} corpus pages`,
    );
    for (const n of options.workersList) {
      log(`${n} worker process${n > 1 ? 'es' : ''}:`);
      const r = await measure(n, web, options);
      log(
        `  ${r.status}: ${r.done} done, ${r.failed} failed, ${r.observations} observations in ${(r.wallMs / 1000).toFixed(1)} s; ` +
          `${perMinute(r).toFixed(0)} pages/min, ${(r.workerCpuMs / Math.max(1, r.done)).toFixed(0)} CPU ms/page, ` +
          `floor ${(r.floor.ms / 1000).toFixed(1)} s (× ${(r.wallMs / r.floor.ms).toFixed(2)}), machine ${pct(r.machineBusy)} busy`,
      );
      results.push(r);
    }
  } finally {
    await web.close();
    const { admin, name } = databaseUrls();
    await dropDatabase(admin, name);
  }
  const body = report(results, web.ready, options, machine);
  log(`\n${body}`);
  if (options.write) {
    writeIntoDoc(new URL('../docs/PERFORMANCE.md', import.meta.url).pathname, 'crawl-realistic', body);
    log('\nwritten into docs/PERFORMANCE.md');
  }
}
