/**
 * The server in a process of its own, as an operator runs it: started, timed to its first healthy
 * answer, written to, killed with SIGKILL. Shared by the restart test (kill-restart.test.ts) and
 * `npm run bench:start` (bench/start-bench.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_ADMIN = { email: 'restart@example.com', password: 'restart-test-password' } as const;
const OUTPUT_LIMIT = 20_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  /** When the process was spawned (performance.now()). */
  spawnedAt: number;
  /** The exit code, once it has exited. */
  exited: Promise<number | null>;
  /** The last of what it printed, for a failure's message. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL at once; resolves once the process is gone. */
  kill(): Promise<void>;
};

export type SpawnOptions = {
  /** The command, from the checkout's root: by default the sources through tsx. */
  command?: string[];
  dataDir: string;
  port: number;
  env?: Record<string, string>;
};

/** Starts a server on embedded PGlite in `dataDir`, answering on 127.0.0.1:`port`, quiet. */
export function spawnServer(options: SpawnOptions): ServerProcess {
  const [file, ...args] = options.command ?? [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  // Embedded PGlite, whatever this shell exports.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const spawnedAt = performance.now();
  const child = spawn(file!, args, {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: SERVER_ADMIN.email,
      ADMIN_PASSWORD: SERVER_ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `npm start` runs the server in a child, and stop/kill reach both.
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_LIMIT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone.
    }
  };
  // `npm start` exits as soon as it is signalled, its server a second or two later: stopped means
  // every process of the group gone.
  const groupGone = async () => {
    await exited;
    for (;;) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    child,
    base: `http://127.0.0.1:${options.port}`,
    spawnedAt,
    exited,
    output: () => output,
    async stop() {
      signal('SIGTERM');
      const killer = setTimeout(() => signal('SIGKILL'), 10_000);
      await groupGone();
      clearTimeout(killer);
    },
    async kill() {
      signal('SIGKILL');
      await groupGone();
    },
  };
}

/** Waits for the first 200 from GET /health and returns the milliseconds since the spawn. Asks
 * every `pollMs`; throws with the server's output when it exits or `timeoutMs` passes. */
export async function waitHealthy(
  server: ServerProcess,
  { timeoutMs = 180_000, pollMs = 20 } = {},
): Promise<number> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && exitCode === undefined) {
    const status = await fetch(`${server.base}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return performance.now() - server.spawnedAt;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  await server.stop();
  const why = exitCode === undefined ? `not healthy within ${timeoutMs / 1000} s` : `exited (${exitCode})`;
  throw new Error(`The server ${why}.\n${server.output()}`);
}

/** Signs in as SERVER_ADMIN and returns a call function carrying the token. */
export async function signIn(base: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SERVER_ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, json: (await r.json()) as T };
  };
}

export type Call = Awaited<ReturnType<typeof signIn>>;

/**
 * Writes prices (`POST /api/v1/prices`, `concurrency` at a time) until `after` have been
 * acknowledged, then kills the server with SIGKILL while writes are in flight. Returns the ids of
 * every price acknowledged (201) before the kill.
 */
export async function writeUntilKilled(
  server: ServerProcess,
  call: Call,
  vendorId: string,
  { after = 40, concurrency = 4 } = {},
): Promise<string[]> {
  const acknowledged: string[] = [];
  let killing: Promise<void> | null = null;
  let n = 0;
  const writer = async () => {
    while (!killing) {
      n += 1;
      const price = await call<{ id: string }>('POST', '/api/v1/prices', {
        vendor_id: vendorId,
        service_name: `Impresión FDM PLA lote ${n}`,
        category: 'additive_manufacturing',
        subcategory: 'FDM',
        material: 'PLA',
        price: 2 + (n % 50) / 10,
        currency: 'MXN',
        unit: 'cm³',
        includes_tax: true,
      }).catch(() => null); // the connection the kill cut
      if (price?.status === 201) acknowledged.push(price.json.id);
      if (acknowledged.length >= after) killing ??= server.kill();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  await killing;
  return acknowledged;
}
