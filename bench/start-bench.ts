/**
 * npm run bench:start -- [--runs 5] [--rows 100000] [--no-write]
 *
 * How long a start takes, from the spawn of the command to the first 200 from `GET /health` (asked
 * every 20 ms), on embedded PGlite, the console and the server built (`npm run bench:start` builds
 * both first):
 * - a cold start, on a new data directory (copied from the PGlite template `npm run build` makes);
 * - a warm start, on a data directory holding `--rows` observations (seeded like `npm run bench`,
 *   kept between runs in the temp dir);
 * - a restart after the server was killed with SIGKILL while four writers posted prices, on that
 *   same directory; then every price it had acknowledged is looked up (none may be missing).
 * Each for `npm start` and for the command it ends in (`node apps/server/dist/main.js`); the warm
 * start also for the sources through tsx (`node --import tsx apps/server/src/main.ts`, what the
 * browser tests and `npm run dev` run). Commands alternate run by run, so a busy spell of the
 * machine falls on all of them. Writes the table into docs/PERFORMANCE.md between the start markers.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPgliteDb } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import {
  freePort,
  REPO_ROOT,
  signIn,
  spawnServer,
  waitHealthy,
  writeUntilKilled,
} from '@preciofab/server/testing/server-process';
import { machine, percentile, writeIntoDoc } from './report.ts';
import { seedBench } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rows: { type: 'string', default: '100000' },
    'no-write': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const rows = Number(args.rows);
const log = (s: string) => process.stdout.write(`${s}\n`);
const warmDir = join(tmpdir(), `preciofab-start-pglite-${rows}`);

const COMMANDS = {
  npm: { label: '`npm start`', argv: ['npm', 'start', '--silent'] },
  node: { label: '`node apps/server/dist/main.js`', argv: [process.execPath, 'apps/server/dist/main.js'] },
  tsx: {
    label: '`node --import tsx apps/server/src/main.ts`',
    argv: [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
  },
} as const;
type CommandName = keyof typeof COMMANDS;

/** The 100k directory: seeded once, reused by later runs (restarts add a few hundred prices). */
async function prepareWarmDir(): Promise<{ total: number; machineLine: string }> {
  const db = await createPgliteDb(warmDir);
  await migrate(db);
  let total = (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;
  if (total < rows) {
    log(`seeding ${rows.toLocaleString('en-US')} observations into ${warmDir}…`);
    await seedBench(db, rows - total, (done) => log(`  seeded ${done.toLocaleString('en-US')}`));
    await db.exec('vacuum analyze');
    total = (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;
  }
  const machineLine = await machine(db);
  await db.close();
  return { total, machineLine };
}

/** What `npm start` prints when it builds first (a source changed since the build): such a run
 * times a build, not a start, and is run again. */
const BUILT = /Server compiled|built in/;

/** Starts `command` on `dataDir`, returns the milliseconds to healthy, and stops it cleanly. */
async function timeStart(command: CommandName, dataDir: string): Promise<number> {
  for (;;) {
    const server = spawnServer({ command: [...COMMANDS[command].argv], dataDir, port: await freePort() });
    const ms = await waitHealthy(server);
    await server.stop();
    if (!BUILT.test(server.output())) return ms;
    log(`  (${command} built first: a source changed; run again)`);
  }
}

type Restart = { ms: number; acknowledged: number; missing: number };

/** Starts the server on the warm directory, kills it (its process group) with SIGKILL mid-write,
 * restarts it with `command`, and times that restart; then looks up every price acknowledged
 * before the kill. */
async function timeRestart(command: CommandName, run: number): Promise<Restart> {
  const port = await freePort();
  // Started through `npm start`: a build a changed source calls for happens here, not in the restart.
  const first = spawnServer({ command: [...COMMANDS.npm.argv], dataDir: warmDir, port });
  await waitHealthy(first);
  const call = await signIn(first.base);
  const vendor = await call<{ id: string }>('POST', '/api/v1/vendors', {
    name: `Reinicio bench ${new Date().toISOString()} ${run}`,
    capabilities: ['fdm_printing'],
  });
  if (vendor.status !== 201) throw new Error(`could not create the vendor: ${vendor.status}`);
  const acknowledged = await writeUntilKilled(first, call, vendor.json.id, { after: 40, concurrency: 4 });

  const second = spawnServer({ command: [...COMMANDS[command].argv], dataDir: warmDir, port });
  const ms = await waitHealthy(second);
  if (BUILT.test(second.output()))
    log(`  (restart ${run}: ${command} built first; its time includes the build)`);
  try {
    const again = await signIn(second.base);
    const stored = await again<{ data: { id: string }[] }>(
      'GET',
      `/api/v1/prices?vendor_id=${vendor.json.id}&limit=500`,
    );
    const ids = new Set(stored.json.data.map((p) => p.id));
    return {
      ms,
      acknowledged: acknowledged.length,
      missing: acknowledged.filter((id) => !ids.has(id)).length,
    };
  } finally {
    await second.stop();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const summary = (times: number[]) =>
  `${seconds(percentile(times, 50))} | ${seconds(Math.min(...times))} | ${seconds(Math.max(...times))}`;

if (!existsSync(join(REPO_ROOT, 'apps/server/dist/build.json'))) {
  throw new Error(
    'build the server first: node scripts/build-server.js (or run through npm run bench:start)',
  );
}
const { total, machineLine } = await prepareWarmDir();
log(`warm directory: ${total.toLocaleString('en-US')} observations`);

const cold: Record<'npm' | 'node', number[]> = { npm: [], node: [] };
const warm: Record<CommandName, number[]> = { npm: [], node: [], tsx: [] };
const restarts: Record<'npm' | 'node', Restart[]> = { npm: [], node: [] };
// One run of each first, not counted: the page cache, tsx's transform cache and the template.
await timeStart('node', warmDir);
await timeStart('tsx', warmDir);
for (let run = 1; run <= runs; run++) {
  for (const command of ['npm', 'node'] as const) {
    const fresh = mkdtempSync(join(tmpdir(), 'preciofab-start-cold-'));
    try {
      cold[command].push(await timeStart(command, fresh));
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }
  for (const command of ['npm', 'node', 'tsx'] as const)
    warm[command].push(await timeStart(command, warmDir));
  for (const command of ['npm', 'node'] as const) restarts[command].push(await timeRestart(command, run));
  log(
    `run ${run}: cold ${seconds(cold.npm.at(-1)!)} / ${seconds(cold.node.at(-1)!)} s, warm ${seconds(
      warm.npm.at(-1)!,
    )} / ${seconds(warm.node.at(-1)!)} / ${seconds(warm.tsx.at(-1)!)} s, restart ${seconds(
      restarts.npm.at(-1)!.ms,
    )} / ${seconds(restarts.node.at(-1)!.ms)} s`,
  );
}

const lost = [...restarts.npm, ...restarts.node].reduce((n, r) => n + r.missing, 0);
const acked = [...restarts.npm, ...restarts.node].reduce((n, r) => n + r.acknowledged, 0);
const verdict = (times: number[], targetMs: number) => (percentile(times, 50) <= targetMs ? 'pass' : 'MISS');
const lines = [
  `Embedded PGlite, the console and the server built; ${runs} runs of each, commands alternating; time from the ` +
    `spawn to the first 200 from \`GET /health\` (asked every 20 ms). Date: ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `Machine: ${machineLine}.`,
  '',
  '| Start | command | median s | min s | max s | target | result |',
  '|---|---|---:|---:|---:|---|---|',
  `| cold: new data directory (from the template) | ${COMMANDS.npm.label} | ${summary(cold.npm)} | ≤ 3 s | ${verdict(cold.npm, 3000)} |`,
  `| cold: new data directory (from the template) | ${COMMANDS.node.label} | ${summary(cold.node)} | — | — |`,
  `| warm: ${total.toLocaleString('en-US')} observations | ${COMMANDS.npm.label} | ${summary(warm.npm)} | ≤ 3 s | ${verdict(warm.npm, 3000)} |`,
  `| warm: ${total.toLocaleString('en-US')} observations | ${COMMANDS.node.label} | ${summary(warm.node)} | — | — |`,
  `| warm: ${total.toLocaleString('en-US')} observations | ${COMMANDS.tsx.label} | ${summary(warm.tsx)} | — | — |`,
  `| restart after SIGKILL mid-write | ${COMMANDS.npm.label} | ${summary(restarts.npm.map((r) => r.ms))} | ≤ 5 s | ${verdict(
    restarts.npm.map((r) => r.ms),
    5000,
  )} |`,
  `| restart after SIGKILL mid-write | ${COMMANDS.node.label} | ${summary(restarts.node.map((r) => r.ms))} | — | — |`,
  '',
  `Prices acknowledged before the ${runs * 2} kills: ${acked}; missing after the restarts: ${lost}.`,
].join('\n');
log(lines);
if (!args['no-write'])
  writeIntoDoc(new URL('../docs/PERFORMANCE.md', import.meta.url).pathname, 'start', lines);
if (lost > 0) process.exitCode = 1;
