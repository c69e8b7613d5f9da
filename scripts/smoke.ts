/**
 * Smoke test of the real server as it is started in production (`npm start`: the compiled server,
 * built first if need be): `tsx scripts/smoke.ts pglite|postgres`.
 * pglite: server on a fresh data dir; sign in, write, queue a crawl run, restart, and find the data again.
 * postgres: server without embedded workers plus a separate `npm run worker` process on a fresh
 * database: the crawl run is picked up by the other process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const storage = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const ADMIN = { email: 'smoke@example.com', password: 'smoke-test-password' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** A TypeScript entry runs through tsx; `scripts/start.js` is `npm start` (the compiled server). */
function start(entry: string, env: Record<string, string>): ChildProcess {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(`smoke check failed: ${message}`);
  process.stdout.write(`  ok: ${message}\n`);
}

async function session(base: string) {
  await waitFor('health', async () => ((await fetch(`${base}/health`)).ok ? true : undefined));
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  check(res.status === 200, 'admin signs in');
  const { access_token } = (await res.json()) as { access_token: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
  return call;
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const cleanup: (() => Promise<void>)[] = [];
  const children: ChildProcess[] = [];
  try {
    if (storage === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'preciofab-smoke-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      env.DATA_DIR = dir;
    } else {
      const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
      const name = `preciofab_smoke_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanup.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const u = new URL(url);
      u.pathname = `/${name}`;
      env.DATABASE_URL = u.toString();
      env.EMBEDDED_WORKERS = 'false';
    }

    process.stdout.write(`smoke (${storage}): starting the server on ${base}\n`);
    let server = start('scripts/start.js', env);
    children.push(server);
    let call = await session(base);
    if (storage === 'postgres') {
      children.push(start('apps/worker/src/main.ts', { DATABASE_URL: env.DATABASE_URL! }));
    }

    const page = await fetch(`${base}/vendors`);
    const html = await page.text();
    check(page.status === 200 && html.includes('<div id="root">'), 'the console is served at client routes');
    check(
      page.headers.get('content-security-policy')?.includes("script-src 'self'"),
      'the console has a strict CSP',
    );

    const vendor = await call('POST', '/api/v1/vendors', {
      name: 'Smoke Fab',
      capabilities: ['fdm_printing'],
    });
    check(vendor.status === 201, 'a vendor is created');
    const run = await call('POST', '/api/v1/crawl/run', { type: 'all', force: true, parallel_workers: 2 });
    check(run.status === 202 && run.json.status === 'queued', 'a crawl run is queued');
    const done = await waitFor('the crawl run to finish', async () => {
      const r = await call('GET', `/api/v1/crawl/runs/${String(run.json.run_id)}`);
      return r.json.status === 'completed' || r.json.status === 'failed' ? r.json : undefined;
    });
    check(
      done.status === 'completed',
      `the crawl run was picked up by a ${storage === 'postgres' ? 'separate worker process' : 'worker'} and completed`,
    );
    // /health keeps a reading for 2 s: one taken before the worker's first heartbeat may still be
    // the one served, so the check waits (10 s at most) for a reading that shows it.
    const workers = await waitFor(
      'health to report a live worker',
      async () => {
        const health = await call('GET', '/health');
        const n = (health.json.services as { crawler: { worker_processes: number } }).crawler
          .worker_processes;
        return n >= 1 ? n : undefined;
      },
      10_000,
    );
    check(workers >= 1, 'health reports a live worker');

    await stop(server);
    server = start('scripts/start.js', env);
    children.push(server);
    call = await session(base);
    const list = await call('GET', '/api/v1/vendors?search=Smoke');
    check(list.json.total === 1, 'the data is still there after a restart');
    process.stdout.write(`smoke (${storage}): passed\n`);
  } finally {
    for (const c of children) await stop(c);
    for (const c of cleanup) await c();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
