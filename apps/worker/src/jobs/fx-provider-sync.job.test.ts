import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { createLocalPubSub, type PubSub } from '@preciofab/db/pubsub';
import { installSocketTripwire } from '@preciofab/fetch/test-servers';
import { FX_PROVIDER_SYNC_JOB } from '@preciofab/shared/contracts/jobs';
import { fxProviderSettingsFromEnv } from '../fx/fx-provider-config.ts';
import {
  FX_PROVIDER_SOURCE,
  readProviderDay,
  syncFxProvider,
  type FxProviderSyncResult,
} from '../fx/fx-provider-sync.ts';
import { createJobQueue, type JobQueue, type JobRow } from '@preciofab/db/job-queue';
import { createWorkerRunner, type WorkerRunner } from '../queue/worker-runner.ts';
import { createScheduler } from '../scheduler/scheduler.ts';
import { startFixtureWeb, testCrawler, type FixturePage } from '../testing/fixture-web.ts';
import { createTestDb, memoryLogger, waitFor } from '../testing/test-db.ts';
import { createFxProviderSyncJob } from './fx-provider-sync.job.ts';
import type { JobContext } from './job-definition.ts';

const KEY = 'sekrit-Key-4711';
const DAY_MS = 86_400_000;
/** Day `n` of the test's window: 0 is six days ago, 6 is today. */
const d = (n: number) => new Date(Date.now() - (6 - n) * DAY_MS).toISOString().slice(0, 10);
const json = (body: unknown): FixturePage => ({
  contentType: 'application/json',
  body: JSON.stringify(body),
});
const usdDay = (rates: Record<string, number>) => json({ base: 'USD', timestamp: 1, rates });

let db: Db;
let drop: () => Promise<void>;
let pubsub: PubSub;
let queue: JobQueue;
let runner: WorkerRunner;
let web: Awaited<ReturnType<typeof startFixtureWeb>>;
const crawler = testCrawler();
const log = memoryLogger();
const tripwire = installSocketTripwire();
let copPrice: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  pubsub = createLocalPubSub();
  queue = createJobQueue(db, pubsub);
  web = await startFixtureWeb({
    [`/api/historical/${d(0)}.json`]: usdDay({
      MXN: 20.1,
      COP: 4100.5,
      EUR: 0.92,
      XAU: 0.0005,
      BTC: 0.00001,
    }),
    // d(1) is missing (404) until the second run.
    [`/api/historical/${d(2)}.json`]: { contentType: 'application/json', body: '{"base":"USD","rates":' },
    // Quoted in euros: converted through the euro's dollar rate.
    [`/api/historical/${d(3)}.json`]: json({ base: 'EUR', rates: { USD: 1.08, MXN: 21.6, COP: 4428.54 } }),
    [`/api/historical/${d(4)}.json`]: usdDay({ MXN: 20.2, COP: 4101 }),
    // Past the 1 MB cap.
    [`/api/historical/${d(5)}.json`]: json({
      base: 'USD',
      rates: { MXN: 20.25 },
      pad: 'x'.repeat(1_100_000),
    }),
    [`/api/historical/${d(6)}.json`]: usdDay({ MXN: 20.3, COP: 4102 }),
  });
  runner = createWorkerRunner({
    db,
    pubsub,
    definitions: [
      createFxProviderSyncJob({ settings: { url: `${web.origin}/api/`, key: KEY, backfillDays: 6 } }),
    ],
    concurrency: 1,
    log,
    pollMs: 25,
    crawler,
  });
  await runner.start();

  // A price in pesos colombianos, observed on d(1): no rate yet, so no USD value.
  const vendor = (
    await db.query<{ id: string }>(
      "insert into vendors (name, type) values ('Taller CO', 'bureau') returning id",
    )
  ).rows[0]!.id;
  const offer = (
    await db.query<{ id: string }>(
      "insert into offers (vendor_id, offer_key, name) values ($1, 'pla|kg', 'PLA') returning id",
      [vendor],
    )
  ).rows[0]!.id;
  copPrice = (
    await db.query<{ id: string }>(
      `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit,
         tax_state, base_unit, unit_factor, unit_factor_den, observed_at)
       values ($1, $2, 'PLA', 'materials', 82010, 'COP', 'kg', 'excluded', 'kg', 1, 1, $3) returning id`,
      [offer, vendor, `${d(1)}T15:00:00Z`],
    )
  ).rows[0]!.id;
  // An administrator's rate on d(4): the provider leaves it alone.
  await db.query(
    "insert into fx_rates (currency, effective_date, units_per_usd, source) values ('MXN', $1, 19.5, 'manual')",
    [d(4)],
  );
});
afterAll(async () => {
  await runner.stop();
  await crawler.close();
  await web.close();
  await pubsub.close();
  await drop();
  tripwire.restore();
});

async function run(): Promise<JobRow & { result: FxProviderSyncResult }> {
  const id = (await queue.enqueue(FX_PROVIDER_SYNC_JOB, {}))!;
  return waitFor(
    async () => {
      const job = await queue.get(id);
      return job && (job.state === 'completed' || job.state === 'failed')
        ? (job as JobRow & { result: FxProviderSyncResult })
        : undefined;
    },
    { what: 'the provider job' },
  );
}
const rates = async (currency: string) =>
  (
    await db.query<{ day: string; rate: string; source: string }>(
      `select effective_date::text as day, units_per_usd as rate, source from fx_rates
        where currency = $1 and effective_date >= $2 order by effective_date`,
      [currency, d(0)],
    )
  ).rows.map((r) => [r.day, r.rate, r.source]);
const cop = async () =>
  (
    await db.query<{ price_usd: string | null; fx_rate: string | null }>(
      'select price_usd, fx_rate from price_observations where id = $1',
      [copPrice],
    )
  ).rows[0]!;

describe('the exchange-rate provider job', () => {
  it('fills the missing days, converts another base, reports the failed days, and re-prices', async () => {
    expect(await cop()).toEqual({ price_usd: null, fx_rate: null });
    const job = await run();
    expect(job.state).toBe('completed');
    expect(job.result).toEqual({
      from: d(0),
      to: d(6),
      requested: 7,
      days: 4,
      rates: 9,
      renormalized: 1,
      // XAU and BTC are no ISO currency in use; the administrator's MXN of d(4) stays.
      skipped: 3,
      failed: [
        { date: d(1), reason: 'http_404' },
        { date: d(2), reason: 'invalid_json' },
        { date: d(5), reason: 'too_large' },
      ],
      out_of_time: false,
    });
    expect(await rates('MXN')).toEqual([
      [d(0), '20.10000000', FX_PROVIDER_SOURCE],
      [d(3), '20.00000000', FX_PROVIDER_SOURCE], // 21.6 / 1.08
      [d(4), '19.50000000', 'manual'],
      [d(6), '20.30000000', FX_PROVIDER_SOURCE],
    ]);
    expect(await rates('EUR')).toEqual([
      [d(0), '0.92000000', FX_PROVIDER_SOURCE],
      [d(3), '0.92592593', FX_PROVIDER_SOURCE], // 1 / 1.08
    ]);
    expect((await rates('COP'))[1]).toEqual([d(3), '4100.50000000', FX_PROVIDER_SOURCE]); // 4428.54 / 1.08
    // The price that had no rate now converts at d(0)'s: 82010 / 4100.5 = 20.
    expect(await cop()).toEqual({ price_usd: '20.000000', fx_rate: '4100.50000000' });
    // Every request carried the key, through the guarded fetcher, to the loopback fixture only.
    expect(web.requests.filter((r) => r.endsWith(`?app_id=${KEY}`))).toHaveLength(7);
    expect(new Set(tripwire.targets)).toEqual(new Set(['127.0.0.1']));
  });

  it('asks again only for the failed days and today, and never shows the key', async () => {
    web.pages[`/api/historical/${d(1)}.json`] = usdDay({ MXN: 20.15, COP: 4200 });
    const before = web.requests.length;
    const job = await run();
    expect(web.requests.slice(before).map((r) => r.split('?')[0])).toEqual(
      [1, 2, 5, 6].map((n) => `/api/historical/${d(n)}.json`),
    );
    expect(job.result).toMatchObject({ requested: 4, days: 2, renormalized: 1 });
    expect(job.result.failed.map((f) => f.date)).toEqual([d(2), d(5)]);
    // d(1) has its own COP rate now.
    expect(await cop()).toEqual({ price_usd: '19.526190', fx_rate: '4200.00000000' });

    const activity = await db.query<{ details: Record<string, unknown> }>(
      "select details from activity_log where action = 'fx_provider_synced' order by id",
    );
    expect(activity.rows.map((r) => [r.details.name, r.details.count, r.details.failed_count])).toEqual([
      [new URL(web.origin).host, 4, 3],
      [new URL(web.origin).host, 2, 2],
    ]);
    const jobs = await db.query('select payload, result, last_error from jobs');
    for (const text of [
      JSON.stringify(activity.rows),
      JSON.stringify(jobs.rows),
      JSON.stringify(log.entries),
    ])
      expect(text).not.toContain(KEY);
    expect(log.entries.some((e) => e.level === 'error' && e.msg === 'fx provider: some days failed')).toBe(
      true,
    );
  });

  it('refuses a provider on a private address the allow-list does not name', async () => {
    const connections = web.requests.length;
    const result = await syncFxProvider(
      db,
      { url: `${web.origin}/api`, key: KEY, backfillDays: 1 },
      { allowedHosts: [], now: new Date() },
    );
    expect(result.failed.map((f) => f.reason)).toEqual(['refused_address', 'refused_address']);
    expect(web.requests.length).toBe(connections);
  });

  it('is skipped when no provider is configured, and scheduled once a day only when one is', async () => {
    expect(fxProviderSettingsFromEnv({})).toBeNull();
    const unset = createFxProviderSyncJob({ settings: null });
    // Returns before it touches its context: nothing to fetch.
    expect(await unset.handler({}, {} as JobContext)).toEqual({
      status: 'skipped',
      reason: 'FX_PROVIDER_URL is not set',
    });
    expect(() => fxProviderSettingsFromEnv({ FX_PROVIDER_URL: 'ftp://rates.example' })).toThrow(
      /FX_PROVIDER_URL/,
    );
    expect(
      fxProviderSettingsFromEnv({
        FX_PROVIDER_URL: 'https://openexchangerates.org/api',
        FX_PROVIDER_KEY: 'k',
      }),
    ).toEqual({ url: 'https://openexchangerates.org/api', key: 'k', backfillDays: 30 });
    await runner.stop(); // the jobs enqueued here stay queued
    await db.exec("delete from jobs where name = 'fx.provider_sync'");
    const now = new Date();
    const off = createScheduler({ db, queue, log: memoryLogger(), crawls: false });
    expect(await off.tick(now)).toMatchObject({ fxSyncs: 0 });
    const on = () => createScheduler({ db, queue, log: memoryLogger(), crawls: false, fxProvider: true });
    const [a, b] = await Promise.all([on().tick(now), on().tick(now)]);
    expect(a.fxSyncs + b.fxSyncs).toBe(1);
    expect(await on().tick(new Date(now.getTime() + 3_600_000))).toMatchObject({ fxSyncs: 0 });
    const tomorrow = new Date(now.getTime() + DAY_MS + 60_000);
    // A day later, but the last one still waits: its singleton key holds.
    expect(await on().tick(tomorrow)).toMatchObject({ fxSyncs: 0 });
    await db.query("update jobs set state = 'completed' where name = 'fx.provider_sync'");
    expect(await on().tick(tomorrow)).toMatchObject({ fxSyncs: 1 });
    expect(
      (await db.query("select payload from jobs where name = 'fx.provider_sync' order by created_at")).rows,
    ).toEqual([{ payload: {} }, { payload: {} }]);
  });
});

describe('a day of the provider', () => {
  it('keeps active ISO codes, 8 decimals, and refuses a body without base or dollar rate', () => {
    expect(
      readProviderDay(
        '{"base":"USD","rates":{"MXN":17.123456789,"CLP":940,"XDR":0.75,"HRK":7.1,"ARS":-1}}',
        '2025-01-02',
      ),
    ).toEqual({
      rates: [
        { currency: 'MXN', effectiveDate: '2025-01-02', unitsPerUsd: '17.12345679' },
        { currency: 'CLP', effectiveDate: '2025-01-02', unitsPerUsd: '940.00000000' },
      ],
      skipped: 3,
    });
    expect(() => readProviderDay('{"rates":{"MXN":17}}', '2025-01-02')).toThrow('invalid_body');
    expect(() => readProviderDay('{"base":"EUR","rates":{"MXN":18.5}}', '2025-01-02')).toThrow('no_usd_rate');
    expect(() => readProviderDay('[]', '2025-01-02')).toThrow('invalid_body');
    // The base itself, when it is not listed: 1 / its dollar rate.
    expect(readProviderDay('{"base":"GBP","rates":{"USD":1.25}}', '2025-01-02').rates).toEqual([
      { currency: 'GBP', effectiveDate: '2025-01-02', unitsPerUsd: '0.80000000' },
    ]);
  });
});
