import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN = { email: 'admin@example.com', password: 'e2e-Admin-Pass16' } as const;

// Generous: a loaded 2-core CI machine seeds the demo database slowly.
const START_TIMEOUT_MS = 180_000;
const OUTPUT_LIMIT = 20_000;

export type TestServer = { baseUrl: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ServerOptions = {
  /** Start `npm run demo`'s entry instead: the same server on a database filled with the demo
   * dataset (fixed seed), signed in with ADMIN all the same. */
  demo?: boolean;
  /** More environment for the server (an SMTP_URL, say). */
  env?: NodeJS.ProcessEnv;
};

/** Starts `node --import tsx apps/server/src/main.ts` (or demo-main.ts) on a free port with an
 * empty data directory and waits until GET /health answers 200. The server serves the built
 * console (apps/web/dist). */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'preciofab-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'production',
    // The demo web on free ports: e2e servers must not depend on 4310 being free.
    DEMO_WEB_PORT: '0',
    ...options.env,
  };
  // Always a fresh embedded database, whatever the shell exports.
  delete env.DATABASE_URL;

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/${options.demo ? 'demo-main' : 'main'}.ts`],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-OUTPUT_LIMIT)));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-OUTPUT_LIMIT)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline && exitCode === undefined) {
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.status === 200) return { baseUrl, stop };
      lastProblem = `GET /health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }

  await stop();
  const reason =
    exitCode === undefined
      ? `not healthy after ${START_TIMEOUT_MS / 1000} s (${lastProblem})`
      : `exited with code ${exitCode}`;
  const message = `The server ${reason}.\n--- stderr ---\n${stderr}\n--- stdout ---\n${stdout}`;
  process.stderr.write(`${message}\n`);
  throw new Error(message);
}
