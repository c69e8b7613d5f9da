import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { createJobQueue } from '@preciofab/db/job-queue';
import { startFixtureWeb, type FixturePage } from '../testing/fixture-web.ts';
import { createTestDb, waitFor, type TestDb } from '../testing/test-db.ts';

const PAGES = 12;
const WORKER_MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Page n states two prices no other page states, so every stored row can be traced to its page. */
const page = (n: number): FixturePage => ({
  body: `<html><body><h1>Precios sucursal ${n}</h1><table>
    <tr><th>Servicio</th><th>Precio</th></tr>
    <tr><td>Impresión 3D FDM sucursal ${n}</td><td>$${n}.10 MXN por cm³</td></tr>
    <tr><td>Impresión 3D SLA sucursal ${n}</td><td>$${n}.90 MXN por cm³</td></tr>
  </table></body></html>`,
});

function startWorker(url: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'silent',
      CRAWLER_ALLOWED_HOSTS: '127.0.0.1',
      CRAWLER_MIN_DELAY_MS: '0',
      CRAWLER_SCREENSHOTS: 'false',
      CRAWLER_SCHEDULE: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// Worker processes share a database only on PostgreSQL (PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)('a crawl whose worker process is killed mid-run', () => {
  let t: TestDb;
  let web: Awaited<ReturnType<typeof startFixtureWeb>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestDb();
    const pages: Record<string, FixturePage> = {};
    for (let n = 1; n <= PAGES; n++) pages[`/sucursal-${n}`] = page(n);
    web = await startFixtureWeb(pages, { delayMs: 300 });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await web?.close();
    await t?.drop();
  });

  it('is finished by another worker with every page stored once', async () => {
    const vendor = await t.db.query<{ id: string }>(
      "insert into vendors (name, type) values ('Red Fab', 'bureau') returning id",
    );
    const vendorId = vendor.rows[0]!.id;
    for (let n = 1; n <= PAGES; n++) {
      await targetsRepository.insert(t.db, vendorId, {
        url: `${web.origin}/sucursal-${n}`,
        domain: '127.0.0.1',
        category: 'additive_manufacturing',
        priority: 5,
        frequency_hours: 24,
        active: true,
      });
    }
    const runId = await crawlRunsRepository.insert(t.db, {
      type: 'vendor',
      force: true,
      parallel_workers: 1,
      vendor_id: vendorId,
      category: null,
      requested_by: null,
    });
    const pubsub = createLocalPubSub();
    const jobId = (await createJobQueue(t.db, pubsub).enqueue('crawl.run', { run_id: runId }))!;
    await pubsub.close();

    const first = startWorker(t.url!);
    children.push(first);
    const finishedTargets = async () =>
      (
        await t.db.query<{ n: number }>(
          'select count(*)::int as n from crawl_run_targets where run_id = $1',
          [runId],
        )
      ).rows[0]!.n;
    await waitFor(async () => (await finishedTargets()) >= 3, {
      timeoutMs: 60_000,
      what: 'three pages crawled',
    });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const doneByFirst = await finishedTargets();
    expect(doneByFirst).toBeLessThan(PAGES);

    // Its lease would run out in minutes; let it run out now, as if that time had passed.
    await t.db.query("update jobs set locked_until = now() - interval '1 second' where id = $1", [jobId]);
    const second = startWorker(t.url!);
    children.push(second);
    const run = await waitFor(
      async () => {
        const r = await crawlRunsRepository.findById(t.db, runId);
        return r?.status === 'completed' || r?.status === 'failed' ? r : undefined;
      },
      { timeoutMs: 90_000, what: 'the run to finish' },
    );
    second.kill('SIGTERM');

    expect(run).toMatchObject({
      status: 'completed',
      targets_total: PAGES,
      targets_done: PAGES,
      pages_fetched: PAGES,
    });
    expect(run.observations_created).toBe(PAGES * 2);
    const rows = await t.db.query<{ offer_name: string; price: string }>(
      'select offer_name, price from price_observations where crawl_run_id = $1 order by offer_name',
      [runId],
    );
    // Every page's two prices, each exactly once.
    expect(rows.rows).toHaveLength(PAGES * 2);
    expect(new Set(rows.rows.map((r) => `${r.offer_name}|${r.price}`)).size).toBe(PAGES * 2);
    for (let n = 1; n <= PAGES; n++) {
      expect(
        rows.rows
          .filter((r) => r.offer_name.endsWith(`sucursal ${n}`))
          .map((r) => Number(r.price))
          .sort(),
      ).toEqual([Number(`${n}.1`), Number(`${n}.9`)]);
    }
    const job = await t.db.query<{ state: string; attempts: number }>(
      'select state, attempts from jobs where id = $1',
      [jobId],
    );
    expect(job.rows[0]).toEqual({ state: 'completed', attempts: 2 });
  }, 180_000);
});
