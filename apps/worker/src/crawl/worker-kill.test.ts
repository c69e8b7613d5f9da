import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlRunsRepository } from '@preciofab/db/repositories/crawl-runs.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { createJobQueue } from '@preciofab/db/job-queue';
import { startFixtureWeb, type FixturePage } from '../testing/fixture-web.ts';
import { createTestDb, waitFor, type TestDb } from '../testing/test-db.ts';

const SITES = 4;
const PAGES_PER_SITE = 4;
const PAGES = SITES * PAGES_PER_SITE;
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
      // The default pause: the run lasts long enough (four pages a site, ≥ 4.2 s) for the kill to
      // land mid-run. With no pause the lanes read every page within a couple of seconds, ahead of
      // storage, and a worker could have stored them all by the time both had stored one.
      CRAWLER_MIN_DELAY_MS: '1000',
      CRAWLER_SCREENSHOTS: 'false',
      CRAWLER_SCHEDULE: 'false',
      // A killed worker's claims and site leases run out after 3 s.
      CRAWLER_LEASE_SECONDS: '3',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// Worker processes share a database only on PostgreSQL (PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)(
  'a crawl shared by two worker processes, one killed mid-run',
  () => {
    let t: TestDb;
    const webs: Awaited<ReturnType<typeof startFixtureWeb>>[] = [];
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      t = await createTestDb();
      // Four sites (one server each), each with four slow pages.
      for (let s = 0; s < SITES; s++) {
        const pages: Record<string, FixturePage> = {};
        for (let i = 1; i <= PAGES_PER_SITE; i++)
          pages[`/sucursal-${s * PAGES_PER_SITE + i}`] = page(s * PAGES_PER_SITE + i);
        webs.push(await startFixtureWeb(pages, { delayMs: 300 }));
      }
    });
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      for (const web of webs) await web.close();
      await t?.drop();
    });

    it('is finished by the other worker with every page stored once', async () => {
      const vendor = await t.db.query<{ id: string }>(
        "insert into vendors (name, type) values ('Red Fab', 'bureau') returning id",
      );
      const vendorId = vendor.rows[0]!.id;
      for (const web of webs) {
        for (const path of Object.keys(web.pages)) {
          await targetsRepository.insert(t.db, vendorId, {
            url: `${web.origin}${path}`,
            domain: '127.0.0.1',
            category: 'additive_manufacturing',
            priority: 5,
            frequency_hours: 24,
            active: true,
          });
        }
      }
      const runId = await crawlRunsRepository.insert(t.db, {
        type: 'vendor',
        force: true,
        parallel_workers: 2,
        vendor_id: vendorId,
        category: null,
        requested_by: null,
      });
      const pubsub = createLocalPubSub();
      const jobId = (await createJobQueue(t.db, pubsub).enqueue('crawl.run', { run_id: runId }))!;
      await pubsub.close();

      const workers = [startWorker(t.url!), startWorker(t.url!)];
      children.push(...workers);
      // The worker that coordinates the run holds its job: that is the one killed.
      const coordinator = await waitFor(
        async () => {
          const r = await t.db.query<{ locked_by: string | null }>(
            'select locked_by from jobs where id = $1',
            [jobId],
          );
          return r.rows[0]?.locked_by ?? undefined;
        },
        { timeoutMs: 30_000, what: 'a worker to take the run' },
      );
      const victim = workers.find((w) => coordinator.includes(`:${w.pid}:`))!;
      const survivor = workers.find((w) => w !== victim)!;
      expect(victim).toBeDefined();
      const finishedBy = async () =>
        (
          await t.db.query<{ worker_id: string; n: number }>(
            'select worker_id, count(*)::int as n from crawl_run_targets where run_id = $1 group by worker_id',
            [runId],
          )
        ).rows;
      // Both workers read the run's pages: it is shared work.
      await waitFor(
        async () => {
          const rows = await finishedBy();
          return rows.length === 2 && rows.every((r) => r.n >= 1);
        },
        { timeoutMs: 60_000, intervalMs: 20, what: 'both workers to store pages' },
      );
      victim.kill('SIGKILL');
      await new Promise((resolve) => victim.once('exit', resolve));
      const before = await finishedBy();
      expect(before.reduce((n, r) => n + r.n, 0)).toBeLessThan(PAGES);

      // The run's job lease would run out within a minute; let it run out now, as if that time had passed.
      await t.db.query("update jobs set locked_until = now() - interval '1 second' where id = $1", [jobId]);
      const run = await waitFor(
        async () => {
          const r = await crawlRunsRepository.findById(t.db, runId);
          return r?.status === 'completed' || r?.status === 'failed' ? r : undefined;
        },
        { timeoutMs: 90_000, what: 'the run to finish' },
      );
      const job = await waitFor(
        async () => {
          const r = await t.db.query<{ state: string; attempts: number }>(
            'select state, attempts from jobs where id = $1',
            [jobId],
          );
          return r.rows[0]?.state === 'completed' ? r.rows[0] : undefined;
        },
        { timeoutMs: 10_000, what: 'the run’s job to complete' },
      );
      survivor.kill('SIGTERM');
      expect(job).toEqual({ state: 'completed', attempts: 2 });

      expect(run).toMatchObject({
        status: 'completed',
        targets_total: PAGES,
        targets_done: PAGES,
        pages_fetched: PAGES,
      });
      expect(run.observations_created).toBe(PAGES * 2);
      // The survivor finished what the killed worker held when it died.
      const after = await finishedBy();
      expect(after.reduce((n, r) => n + r.n, 0)).toBe(PAGES);
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
      const left = await t.db.query<{ n: number }>('select count(*)::int as n from crawl_run_work');
      expect(left.rows[0]!.n).toBe(0);
    }, 180_000);
  },
);
