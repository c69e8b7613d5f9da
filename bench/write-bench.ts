/**
 * npm run bench:write -- [--storage pglite|postgres] [--sizes 10000,100000] [--duration 10]
 *   [--concurrency 16] [--import-rows 50000] [--no-write]
 *
 * Writes through HTTP, as a client makes them: the real server (`apps/server/src/main.ts` in a process
 * of its own, embedded workers on) on a database seeded like `npm run bench` and grown to each stored
 * size in turn (PGlite: 10k and 100k rows; PostgreSQL: 10k, 100k and 1M). At each size:
 * `POST /api/v1/prices` from 16 concurrent clients for a timed window (rows/s, latency), then the
 * same writes while a benchmark refresh and a report generation run (the longest time no write
 * completed, against the same figure without them), then a bulk import (`POST /api/v1/prices/import`,
 * CSV) of `--import-rows` rows. Targets (issue 15, item 4) are reported, never failed on: ≥ 1,000
 * rows/s on PostgreSQL and ≥ 500 on PGlite flat across sizes, ≥ 20,000 rows/s imported, no stall over
 * 100 ms. BENCH_DB_NAME picks the database (and PGlite folder), as for `npm run bench`.
 * After the import alone, a second import while the 16 clients write: the longest time no write
 * completed during it (the import must not hold other writers for more than 100 ms at a time).
 * `--import-only` skips the single-write windows and the jobs (the imports only).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { compactRollup, compactVendorDays } from '@preciofab/db/observation-rollup';
import {
  freePort,
  SERVER_ADMIN,
  spawnServer,
  type ServerProcess,
} from '../apps/server/src/testing/server-process.ts';
import { machine, percentile, writeIntoDoc } from './report.ts';
import { seedBench } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    storage: { type: 'string', default: 'pglite' },
    sizes: { type: 'string' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    'import-rows': { type: 'string', default: '50000' },
    'import-only': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const storage = args.storage;
if (storage !== 'postgres' && storage !== 'pglite') throw new Error('--storage is postgres or pglite');
const sizes = (args.sizes ?? (storage === 'postgres' ? '10000,100000,1000000' : '10000,100000'))
  .split(',')
  .map(Number);
const duration = Number(args.duration) * 1000;
const concurrency = Number(args.concurrency);
const importRows = Number(args['import-rows']);
const TARGET = { single: storage === 'postgres' ? 1000 : 500, import: 20_000, stall: 100 };
const log = (s: string) => process.stdout.write(`${s}\n`);

const BENCH_DB_NAME = process.env.BENCH_DB_NAME?.match(/^[a-z_][a-z0-9_]{0,40}$/)?.[0] ?? 'preciofab_write';
const dataDir = join(tmpdir(), `preciofab-write-${BENCH_DB_NAME}`);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = () => {
  const u = new URL(adminUrl);
  u.pathname = `/${BENCH_DB_NAME}`;
  return u.toString();
};

const openDb = (): Promise<Db> =>
  storage === 'pglite' ? createPgliteDb(dataDir) : Promise.resolve(createPostgresDb(databaseUrl(), 2));

async function fresh(): Promise<void> {
  if (storage === 'pglite') rmSync(dataDir, { recursive: true, force: true });
  else {
    const admin = createPostgresDb(adminUrl, 1);
    await admin.exec(`drop database if exists ${BENCH_DB_NAME} with (force)`);
    await admin.exec(`create database ${BENCH_DB_NAME}`);
    await admin.close();
  }
}

const count = async (db: Db) =>
  (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;

/** Grows the observations to `size`: the bench seed first, then copies of stored rows spread over
 * the same year (new ids; the triggers count and roll them up as any insert). */
async function growTo(db: Db, size: number): Promise<void> {
  let n = await count(db);
  if (n === 0) {
    await seedBench(db, size, (done) => log(`  seeded ${done.toLocaleString('en-US')}`));
    n = await count(db);
  }
  while (n < size) {
    const add = Math.min(size - n, n, 100_000);
    await db.query(
      `insert into price_observations (offer_id, vendor_id, origin, offer_name, category, subcategory, technology,
         material, price_type, price, currency, unit, quantity, tax_state, includes_shipping, region, base_unit,
         unit_factor, fx_rate, fx_date, price_usd, price_net_usd, price_gross_usd, confidence_score, confidence_source,
         confidence_completeness, confidence_consistency, confidence_freshness, confidence_factors, volume_cm3,
         source_url, captured_at, observed_at, last_seen_at)
       select offer_id, vendor_id, origin, offer_name, category, subcategory, technology, material, price_type, price,
              currency, unit, quantity, tax_state, includes_shipping, region, base_unit, unit_factor, fx_rate, fx_date,
              price_usd, price_net_usd, price_gross_usd, confidence_score, confidence_source, confidence_completeness,
              confidence_consistency, confidence_freshness, confidence_factors, volume_cm3, source_url, captured_at,
              t.at, t.at
         from (select o.*, greatest(o.observed_at - random() * interval '3 days', now() - interval '365 days') as at
                 from price_observations o where o.origin = 'crawl' limit $1) t`,
      [add],
    );
    // Counted again: fewer crawled rows than asked for may exist to copy (a size of "100,000"
    // stopped at about 64,000 rows when this added what it asked for).
    n = await count(db);
    log(`  grown to ${n.toLocaleString('en-US')}`);
  }
  while ((await compactRollup(db)) + (await compactVendorDays(db)) > 0);
  await db.exec('vacuum analyze');
}

type Vendor = { id: string };
const SERVICES: [string, string, string, string | null][] = [
  ['Impresión FDM PLA', 'additive_manufacturing', 'cm3', 'FDM'],
  ['Impresión SLA resina', 'additive_manufacturing', 'cm3', 'SLA'],
  ['Fresado CNC aluminio', 'cnc_machining', 'hour', 'Milling'],
  ['Corte láser acrílico', 'laser_cutting', 'minute', 'CO2 Laser'],
  ['Filamento PLA 1 kg', 'materials', 'kg', 'Filaments'],
  ['Lámina de acrílico', 'materials', 'm2', 'Sheets'],
];

const newPrice = (vendors: Vendor[], i: number) => {
  const [service, category, unit, subcategory] = SERVICES[i % SERVICES.length]!;
  return {
    vendor_id: vendors[Math.floor(Math.random() * vendors.length)]!.id,
    service_name: `${service} ${1 + (i % 7)}`,
    category,
    subcategory,
    price: Math.round((1 + Math.random() * 500) * 100) / 100,
    currency: i % 5 === 0 ? 'USD' : 'MXN',
    unit,
    includes_tax: i % 3 === 0 ? true : i % 3 === 1 ? false : null,
  };
};

type Window = { rows: number; failed: number; seconds: number; latencies: number[]; longestGap: number };

/** `concurrency` clients posting prices until `ms` pass, or `until` settles. */
async function writeWindow(
  base: string,
  token: string,
  vendors: Vendor[],
  ms: number,
  until?: Promise<unknown>,
): Promise<Window> {
  const end = performance.now() + ms;
  let stopped = false;
  void until?.finally(() => (stopped = true)).catch(() => undefined);
  const latencies: number[] = [];
  let rows = 0;
  let failed = 0;
  let last = performance.now();
  let longestGap = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && !stopped) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/v1/prices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(newPrice(vendors, next++)),
        });
        await res.arrayBuffer();
        const t1 = performance.now();
        if (res.status === 201) rows++;
        else failed++;
        latencies.push(t1 - t0);
        longestGap = Math.max(longestGap, t1 - last);
        last = t1;
      }
    }),
  );
  return { rows, failed, seconds: (performance.now() - started) / 1000, latencies, longestGap };
}

async function api(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The writes again while a benchmark calculation (every category, region and the 365-day window)
 * and a pricing report (CSV of the last year) run; returns how long they took to finish, too. */
async function writesDuringJobs(base: string, token: string, vendors: Vendor[]) {
  const writing = writeWindow(base, token, vendors, duration);
  await new Promise((r) => setTimeout(r, 1000));
  const jobsStart = performance.now();
  const requestedAt = Date.now() - 1000;
  await api(base, token, 'POST', '/api/v1/benchmarks/calculate', {
    time_window_days: 365,
    force_recalculation: true,
  });
  const report = (await api(base, token, 'POST', '/api/v1/reports', {
    type: 'pricing',
    format: 'csv',
    period_days: 365,
  })) as { id: string };
  let benchmarkDone: number | null = null;
  let reportDone: number | null = null;
  while (
    performance.now() - jobsStart < duration + 60_000 &&
    (benchmarkDone === null || reportDone === null)
  ) {
    await new Promise((r) => setTimeout(r, 200));
    if (reportDone === null) {
      const r = (await api(base, token, 'GET', `/api/v1/reports/${report.id}`)) as { status: string };
      if (r.status === 'ready' || r.status === 'failed') reportDone = performance.now() - jobsStart;
    }
    if (benchmarkDone === null) {
      const list = (await api(base, token, 'GET', '/api/v1/benchmarks?time_window=365')) as {
        data: { calculated_at: string }[];
      };
      if (list.data.some((b) => Date.parse(b.calculated_at) >= requestedAt)) {
        benchmarkDone = performance.now() - jobsStart;
      }
    }
  }
  return { window: await writing, benchmarkMs: benchmarkDone, reportMs: reportDone };
}

async function bulkImport(base: string, token: string, vendors: Vendor[]) {
  const header = 'vendor_id,service_name,category,subcategory,price,currency,unit,includes_tax\n';
  const lines = Array.from({ length: importRows }, (_, i) => {
    const p = newPrice(vendors, i);
    return `${p.vendor_id},"${p.service_name}",${p.category},${p.subcategory},${p.price},${p.currency},${p.unit},${p.includes_tax ?? ''}\n`;
  });
  const body = header + lines.join('');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/prices/import`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
    body,
  });
  const report = (await res.json()) as { accepted: number; rejected: number };
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200 || report.rejected > 0)
    throw new Error(`import: ${res.status} ${JSON.stringify(report)}`);
  return { rows: report.accepted, seconds, mb: Buffer.byteLength(body) / 2 ** 20 };
}

async function startServer(): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer({
    dataDir,
    port,
    env: {
      ...(storage === 'postgres' ? { DATABASE_URL: databaseUrl() } : {}),
      // The console is not what is timed.
      WEB_DIST_DIR: join(tmpdir(), 'preciofab-write-no-console'),
      CRAWLER_SCHEDULE: 'false',
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${server.base}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.kill();
  throw new Error(`the server did not answer /health within 120 s:\n${server.output()}`);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pass = (ok: boolean) => (ok ? 'pass' : 'MISS');

await fresh();
let machineLine = '';
const lines: string[] = [];
const importLines: string[] = [];
const stallLines: string[] = [];
const rates: number[] = [];
for (const size of sizes) {
  const db = await openDb();
  await migrate(db);
  log(`${storage}: growing to ${size.toLocaleString('en-US')} observations…`);
  await growTo(db, size);
  machineLine ||= await machine(db);
  const vendors = (await db.query<Vendor>('select id from vendors')).rows;
  await db.close();

  const server = await startServer();
  try {
    const base = server.base;
    const login = (await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SERVER_ADMIN),
    }).then((r) => r.json())) as { access_token: string };
    const token = login.access_token;
    const counted = async () =>
      ((await api(base, token, 'GET', '/api/v1/stats/dashboard')) as { total_price_observations: number })
        .total_price_observations;
    if (!args['import-only']) {
      await writeWindow(base, token, vendors, 2000); // warm-up
      const storedBefore = await counted();
      const w = await writeWindow(base, token, vendors, duration);
      const rate = w.rows / w.seconds;
      rates.push(rate);
      log(
        `  ${fmt(storedBefore)} stored: ${fmt(rate)} rows/s, p50 ${percentile(w.latencies, 50).toFixed(1)} ms, p99 ${percentile(w.latencies, 99).toFixed(1)} ms, longest gap ${w.longestGap.toFixed(0)} ms`,
      );
      lines.push(
        `| ${fmt(storedBefore)} | ${concurrency} | ${fmt(rate)} | ${percentile(w.latencies, 50).toFixed(1)} | ${percentile(
          w.latencies,
          99,
        ).toFixed(
          1,
        )} | ${w.longestGap.toFixed(0)} | ${w.failed} | ≥ ${fmt(TARGET.single)} | ${pass(rate >= TARGET.single)} |`,
      );

      const storedJobs = await counted();
      const j = await writesDuringJobs(base, token, vendors);
      log(
        `  with a benchmark refresh (${j.benchmarkMs?.toFixed(0) ?? '—'} ms) and a report (${j.reportMs?.toFixed(0) ?? '—'} ms): ${fmt(j.window.rows / j.window.seconds)} rows/s, longest gap ${j.window.longestGap.toFixed(0)} ms`,
      );
      stallLines.push(
        `| ${fmt(storedJobs)} | ${j.benchmarkMs === null ? 'not done' : fmt(j.benchmarkMs)} | ${
          j.reportMs === null ? 'not done' : fmt(j.reportMs)
        } | ${fmt(j.window.rows / j.window.seconds)} | ${percentile(j.window.latencies, 99).toFixed(1)} | ${j.window.longestGap.toFixed(
          0,
        )} | ${w.longestGap.toFixed(0)} | ${pass(j.window.longestGap <= TARGET.stall)} |`,
      );
    }

    const storedImport = await counted();
    const imp = await bulkImport(base, token, vendors);
    const importRate = imp.rows / imp.seconds;
    log(
      `  import of ${fmt(imp.rows)} rows (${imp.mb.toFixed(1)} MB CSV): ${imp.seconds.toFixed(2)} s, ${fmt(importRate)} rows/s`,
    );
    // The same import while the clients write: how long the import holds them at most.
    const importing = bulkImport(base, token, vendors);
    const during = await writeWindow(base, token, vendors, 600_000, importing);
    const busy = await importing;
    log(
      `  the same import while ${concurrency} clients write: ${busy.seconds.toFixed(2)} s, ${fmt(busy.rows / busy.seconds)} rows/s; writes ${fmt(during.rows / during.seconds)} rows/s, longest gap ${during.longestGap.toFixed(0)} ms`,
    );
    importLines.push(
      `| ${fmt(storedImport)} | ${fmt(imp.rows)} | ${imp.mb.toFixed(1)} | ${imp.seconds.toFixed(2)} | ${fmt(importRate)} | ≥ ${fmt(
        TARGET.import,
      )} | ${pass(importRate >= TARGET.import)} | ${busy.seconds.toFixed(2)} | ${during.longestGap.toFixed(0)} | ${pass(
        during.longestGap <= TARGET.stall,
      )} |`,
    );
  } finally {
    await server.stop();
  }
}

const flat = Math.min(...rates) / Math.max(...rates);
const singleWrites = [
  '`POST /api/v1/prices` (one price a request: random vendor of 300, six services in seven variants):',
  '',
  '| stored rows | clients | rows/s | p50 ms | p99 ms | longest gap ms | failed | target | result |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...lines,
  '',
  `Slowest size / fastest: ${flat.toFixed(2)} (flat is 1.00).`,
  '',
  'The same writes while a benchmark refresh (every category and region, 365 days) and a pricing report',
  '(CSV, 365 days) run; "longest gap" is the longest time no write completed:',
  '',
  '| stored rows | benchmark ms | report ms | rows/s | p99 ms | longest gap ms | without jobs | ≤ 100 ms |',
  '|---:|---:|---:|---:|---:|---:|---:|---|',
  ...stallLines,
  '',
];
const body = [
  `${storage === 'postgres' ? 'PostgreSQL' : 'PGlite'}, the server in its own process over loopback HTTP, ` +
    `${concurrency} concurrent clients, ${duration / 1000} s windows. Date: ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `Machine: ${machineLine}.`,
  '',
  ...(args['import-only'] ? [] : singleWrites),
  '`POST /api/v1/prices/import` (one CSV body); then the same import while the clients write, and the',
  'longest time no write completed meanwhile:',
  '',
  '| stored rows | rows | MB | seconds | rows/s | target | result | seconds while writing | longest gap ms | ≤ 100 ms |',
  '|---:|---:|---:|---:|---:|---:|---|---:|---:|---|',
  ...importLines,
].join('\n');
log(`\n${body}`);
// An imports-only run leaves the section as the last full run wrote it.
if (!args['no-write'] && !args['import-only']) {
  writeIntoDoc(new URL('../docs/PERFORMANCE.md', import.meta.url).pathname, `write-${storage}`, body);
  log('\nwritten into docs/PERFORMANCE.md');
}
