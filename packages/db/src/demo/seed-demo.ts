import { BENCHMARK_FILTER_WINDOWS, REGIONS } from '@preciofab/shared/catalogue';
import { insertBenchmarksForRegion } from '../benchmark-calculation.ts';
import type { Db } from '../client.ts';
import { insertRows } from './batch-insert.ts';
import { benchmarkActivity, buildActivity } from './build-activity.ts';
import { buildCandidates, buildSources } from './build-discovery.ts';
import { buildFxRates } from './build-fx-rates.ts';
import { addRunErrors, buildObservations, buildRuns, settleTargets } from './build-prices.ts';
import { buildReports } from './build-reports.ts';
import { buildReviewPlan, writeReviewPlan } from './build-review.ts';
import { buildVendors, vendorFocus } from './build-vendors.ts';
import { OBSERVATION_INSERT, observationRows } from './observation-rows.ts';
import {
  writeActivity,
  writeDiscovery,
  writeFxRates,
  writeOffers,
  writeReports,
  writeRuns,
  writeVendors,
} from './write-demo.ts';
import { createRng } from './prng.ts';

export const DEFAULT_DEMO_SEED = 20_240_601;

export const DEMO_TABLES = [
  'vendors',
  'crawl_targets',
  'crawl_runs',
  'offers',
  'price_observations',
  'fx_rates',
  'benchmarks',
  'discovery_sources',
  'discovery_candidates',
  'excluded_domains',
  'reports',
  'activity_log',
] as const;
export type DemoTable = (typeof DEMO_TABLES)[number];

export type DemoSummary = {
  seed: number;
  now: string;
  /** Rows in each table after seeding (fx_rates also holds the rates a migration may seed). */
  counts: Record<DemoTable, number>;
  elapsedMs: number;
};

export type SeedDemoOptions = { seed?: number; now?: Date };

async function assertEmpty(db: Db): Promise<void> {
  const table = await db.query<{ t: string | null }>(`select to_regclass('vendors')::text as t`);
  if (!table.rows[0]?.t)
    throw new Error('seedDemo: the database is not migrated (no vendors table); run migrate() first');
  const r = await db.query<{ n: number }>('select count(*)::int as n from vendors');
  const n = r.rows[0]?.n ?? 0;
  if (n > 0) {
    throw new Error(
      `seedDemo: refusing to seed demo data into a database that already has ${n} vendor(s); use an empty database`,
    );
  }
}

/** Fills an empty, migrated database with a clearly labelled demo dataset (every vendor's
 * description starts with "[DEMO]", every site is under the reserved `.example`, the discovery
 * sources are paused), the same for the same seed and `now`. Prices are normalized and scored
 * with the shared money and confidence rules and the benchmarks come from the benchmark job's own
 * query, so the demo agrees with what the app computes. Everything is written in one transaction, in batched parameterized inserts. */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await assertEmpty(tx);
    const rng = createRng(seed);
    const vendors = buildVendors(rng, now);
    const targets = vendors.flatMap((v) => v.targets);
    const fxRates = buildFxRates(rng, now);
    const runs = buildRuns(rng, now, vendors);
    const { offers, observations } = buildObservations(rng, now, vendors, runs, fxRates);
    settleTargets(vendors, offers);
    addRunErrors(rng, runs, targets);
    const sources = buildSources(rng, now);
    const { candidates, excluded } = buildCandidates(
      rng,
      now,
      sources,
      vendors.filter((v) => v.recent),
      vendorFocus,
    );
    const reports = buildReports(rng, now);
    const activity = buildActivity(rng, now, { vendors, sources, candidates, runs, observations });
    const calculationId = rng.uuid();

    await writeFxRates(tx, fxRates);
    await writeVendors(tx, vendors);
    await writeRuns(tx, runs);
    await writeOffers(tx, offers);
    // The review queue's readings (build-review.ts) go last, on a generator of their own: the rest
    // of the demo is the same with them. They are held before the benchmarks, which leave them out.
    const reviewRng = createRng(seed + 16);
    const review = buildReviewPlan(reviewRng, now, observations);
    await insertRows(
      tx,
      'price_observations',
      OBSERVATION_INSERT,
      observationRows(rng, now, [...observations, ...review.observations]),
    );
    await writeReviewPlan(tx, review, reviewRng, now);
    let benchmarks = 0;
    for (const region of REGIONS) {
      for (const windowDays of BENCHMARK_FILTER_WINDOWS) {
        const input = { calculationId, region, category: null, windowDays, minObservations: 3, asOf: now };
        benchmarks += await insertBenchmarksForRegion(tx, input);
      }
    }
    // Written paused, schedules kept: their sites are fictional, and a seeded source must not run
    // on a demo's first start (the history above still tells which ones were live).
    const paused = sources.map((s) => ({ ...s, active: false }));
    await writeDiscovery(tx, paused, candidates, excluded);
    await writeReports(tx, reports);
    await writeActivity(tx, [...activity, benchmarkActivity(now, calculationId, benchmarks)]);
  });
  const countSql = `select ${DEMO_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`;
  const counts = (await db.query<Record<DemoTable, number>>(countSql)).rows[0];
  if (!counts) throw new Error('seedDemo: could not count the seeded rows');
  return { seed, now: now.toISOString(), counts, elapsedMs: Math.round(performance.now() - started) };
}
