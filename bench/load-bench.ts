/**
 * npm run bench:load -- [--storage pglite|postgres] [--rows N] [--duration 10] [--no-write]
 *
 * The server under load, the way it runs: `apps/server/src/main.ts` in a process of its own (embedded
 * workers on, the built console served, logs at warn) on a database seeded like `npm run bench` (PGlite:
 * 100k observations in a temp directory kept between runs; PostgreSQL: database preciofab_load). This
 * process drives it with autocannon over loopback HTTP and reads nothing but the answers. Scenarios:
 * the public and the signed-in `/health`, the console's index.html, the first page of prices, and
 * `/health` while 200 connections send wrong passwords (issue 13's burst). Results go to
 * docs/PERFORMANCE.md between the load markers; nothing fails on a slow machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { machine, writeIntoDoc } from './report.ts';
import { seedBench } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    storage: { type: 'string', default: 'pglite' },
    rows: { type: 'string' },
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const storage = args.storage;
if (storage !== 'postgres' && storage !== 'pglite') throw new Error('--storage is postgres or pglite');
const rows = Number(args.rows ?? (storage === 'postgres' ? 1_000_000 : 100_000));
const duration = Number(args.duration);
const log = (s: string) => process.stdout.write(`${s}\n`);

const ADMIN_EMAIL = 'load@bench.test';
const ADMIN_PASSWORD = 'load-bench-password';
const dataDir = join(tmpdir(), 'preciofab-load-pglite');

function databaseUrl(): string {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = '/preciofab_load';
  return base.toString();
}

/** Seeds the database once; later runs reuse it. Returns the observation count and the machine line. */
async function prepare(): Promise<{ total: number; machineLine: string }> {
  if (storage === 'postgres') {
    const admin = createPostgresDb(
      process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      1,
    );
    const exists = await admin.query('select 1 from pg_database where datname = $1', ['preciofab_load']);
    if (exists.rows.length === 0) await admin.exec('create database preciofab_load');
    await admin.close();
  }
  const db: Db = storage === 'pglite' ? await createPgliteDb(dataDir) : createPostgresDb(databaseUrl(), 2);
  await migrate(db);
  let total = (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;
  if (total === 0) {
    log(`seeding ${rows.toLocaleString('en-US')} observations…`);
    await seedBench(db, rows, (done) => log(`  seeded ${done.toLocaleString('en-US')}`));
    await db.exec('vacuum analyze');
    total = (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;
  }
  const machineLine = await machine(db);
  await db.close();
  return { total, machineLine };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(port: number): Promise<ChildProcess> {
  // PGlite: no DATABASE_URL, whatever this shell has.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The burst and the owner come from different addresses through X-Forwarded-For.
    TRUST_PROXY: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...(storage === 'pglite' ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl() }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status < 600,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /health within 120 s');
}

type Scenario = {
  name: string;
  connections: number;
  path: string;
  method?: 'GET' | 'POST';
  token?: boolean;
  body?: string;
  forwardedFor?: string;
};

const fire = (base: string, token: string, s: Scenario, seconds: number): Promise<Result> =>
  autocannon({
    url: base + s.path,
    method: s.method ?? 'GET',
    connections: s.connections,
    duration: seconds,
    headers: {
      ...(s.token ? { authorization: `Bearer ${token}` } : {}),
      ...(s.body ? { 'content-type': 'application/json' } : {}),
      ...(s.forwardedFor ? { 'x-forwarded-for': s.forwardedFor } : {}),
    },
    ...(s.body ? { body: s.body } : {}),
  });

const row = (name: string, connections: number, r: Result) =>
  `| ${name} | ${connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${
    r.latency.max
  } | ${r['2xx']} | ${r.non2xx} | ${r.errors + r.timeouts} |`;

if (!existsSync('apps/web/dist/index.html')) {
  throw new Error(
    'build the console first: npm run build -w @preciofab/web (or run through npm run bench:load)',
  );
}
const { total, machineLine } = await prepare();
const port = await freePort();
const server = await startServer(port);
const base = `http://127.0.0.1:${port}`;
try {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;

  const scenarios: Scenario[] = [
    { name: '`GET /health` (public)', connections: 100, path: '/health' },
    { name: '`GET /health` (signed in: details)', connections: 100, path: '/health', token: true },
    { name: '`GET /` (the console)', connections: 50, path: '/' },
    {
      name: '`GET /api/v1/prices?limit=100`',
      connections: 50,
      path: '/api/v1/prices?limit=100',
      token: true,
    },
  ];
  const lines: string[] = [];
  for (const s of scenarios) {
    await fire(base, token, s, 2); // warm-up
    const r = await fire(base, token, s, duration);
    log(
      `${s.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
    );
    lines.push(row(s.name, s.connections, r));
  }

  // A sign-in burst (wrong passwords from one address) with /health asked meanwhile.
  const burst: Scenario = {
    name: 'wrong sign-ins',
    connections: 200,
    path: '/api/v1/auth/login',
    method: 'POST',
    body: JSON.stringify({ email: ADMIN_EMAIL, password: 'not-the-password' }),
    forwardedFor: '10.9.9.9',
  };
  const health: Scenario = { name: 'health', connections: 10, path: '/health' };
  const [b, h] = await Promise.all([fire(base, token, burst, duration), fire(base, token, health, duration)]);
  log(`burst: ${b['2xx']} ok, ${b.non2xx} refused; /health meanwhile p99 ${h.latency.p99} ms`);
  lines.push(row('200 wrong sign-ins at once (`POST /api/v1/auth/login`)', 200, b));
  lines.push(row('`GET /health` during those sign-ins', 10, h));

  const owner = performance.now();
  const signIn = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.2.3' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const ownerMs = performance.now() - owner;

  const body = [
    `${storage === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${total.toLocaleString('en-US')} observations, ` +
      `${duration} s per scenario after a 2 s warm-up, autocannon over loopback against \`main.ts\` in its own ` +
      `process (embedded workers on). Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `Machine: ${machineLine}.`,
    '',
    '| Scenario | connections | req/s | p50 ms | p99 ms | max ms | 2xx | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
    `After the burst the owner's sign-in answered ${signIn.status} in ${ownerMs.toFixed(0)} ms (the burst's address is ` +
      `refused for 15 minutes; the owner's own address is not).`,
  ].join('\n');
  log(body);
  if (!args['no-write']) {
    writeIntoDoc(new URL('../docs/PERFORMANCE.md', import.meta.url).pathname, `load-${storage}`, body);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
