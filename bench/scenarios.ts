import { randomUUID } from 'node:crypto';
import {
  insertBenchmarksForRegion,
  MIN_BENCHMARK_VENDORS,
  useBenchmarkMemory,
} from '@preciofab/db/benchmark-calculation';
import type { Db } from '@preciofab/db/client';
import { observationViewsRepository } from '@preciofab/db/repositories/observation-views.repository';
import { priceChartsRepository } from '@preciofab/db/repositories/price-charts.repository';
import { createObservationViewsService } from '@preciofab/server/observations/observation-views.service';
import { createObservationsService } from '@preciofab/server/observations/observations.service';
import { createPriceChartsService } from '@preciofab/server/prices/price-charts.service';
import { createPricesService } from '@preciofab/server/prices/prices.service';
import { createStatsService } from '@preciofab/server/stats/stats.service';
import { REGIONS } from '@preciofab/shared/catalogue';
import {
  observationBoxPlotBody,
  observationPivotBody,
  observationScatterBody,
  VIEW_LIMITS,
} from '@preciofab/shared/contracts/observation-views';
import { observationSearchBody, type ObservationSearch } from '@preciofab/shared/contracts/observations';
import { PRICE_CHART_LIMITS, priceChartQuery, priceListQuery } from '@preciofab/shared/contracts/prices';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { createJobQueue } from '@preciofab/db/job-queue';

export type Scenario = {
  name: string;
  /** The p95 target in ms for this storage, or null when the issue sets none. */
  target: number | null;
  /** Through the code the route calls. */
  real: () => Promise<unknown>;
  /** The same statements, written by hand, through the same driver. */
  bare: () => Promise<unknown>;
};

class Rollback extends Error {}

/** Runs `fn` in a transaction that is always rolled back, so a timed write leaves no trace. */
async function rolledBack(db: Db, fn: (tx: Db) => Promise<void>): Promise<void> {
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
}

const ROW_COLUMNS = `o.id, o.vendor_id, v.name as vendor_name, v.type as vendor_type, o.offer_id,
  o.offer_name, o.price, o.currency, o.unit, o.quantity, o.price_type, o.confidence_score, o.observed_at,
  o.tax_state, o.includes_shipping, o.source_url, o.category, o.subcategory, o.technology, o.material, o.price_usd`;
const FROM = 'price_observations o join vendors v on v.id = o.vendor_id';

const CATEGORY = 'additive_manufacturing';
const BENCH_WINDOW_DAYS = 30;

type Targets = { search: number; deep: number | null; stats: number | null; benchmark: number | null };

export async function buildScenarios(db: Db, targets: Targets): Promise<Scenario[]> {
  const observations = createObservationsService(db);
  // The list does not write, so the queue is never used: a real one on an in-process bus.
  const prices = createPricesService(db, createJobQueue(db, createLocalPubSub()));
  const stats = createStatsService(db);

  // An operator's question: additive manufacturing seen in the last 90 days, cheapest first,
  // with the average and the count of the USD price per base unit over the whole filtered set.
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const searchBody = {
    filters: [
      { field: 'category', operator: 'eq', value: CATEGORY },
      { field: 'observed_at', operator: 'gte', value: since },
    ],
    sort: { field: 'price_usd', order: 'asc' },
    limit: 50,
    aggregations: [
      { field: 'price_usd', type: 'avg', alias: 'avg_price_usd' },
      { field: 'price_usd', type: 'count', alias: 'count_price_usd' },
    ],
  };
  const search: ObservationSearch = observationSearchBody.parse(searchBody);
  const sinceTs = `${since}T00:00:00Z`;
  const bareSearchData = (extra: string, params: unknown[], tail = '') =>
    db.query(
      `select ${ROW_COLUMNS} from ${FROM} where o.category = $1 and o.observed_at >= $2::timestamptz ${extra}
        order by o.price_usd asc nulls last, o.id desc limit 50 ${tail}`,
      [CATEGORY, sinceTs, ...params],
    );
  const bareSearchSummary = () =>
    db.query(
      `select count(*)::int as total, avg(o.price_usd)::text as a0, count(o.price_usd)::text as a1
         from price_observations o where o.category = $1 and o.observed_at >= $2::timestamptz`,
      [CATEGORY, sinceTs],
    );

  // Row 10,000 of the same search (on a smaller seed, the deepest whole page), reached with the
  // cursor of the page that ends there.
  const matching = (
    await db.query<{ n: number }>(
      'select count(*)::int as n from price_observations where category = $1 and observed_at >= $2::timestamptz',
      [CATEGORY, sinceTs],
    )
  ).rows[0]!.n;
  const depth = Math.min(10_000, Math.floor((matching - 50) / 50) * 50);
  if (depth < 100) throw new Error('the search matches too few rows: seed more');
  const before = (await observations.search({ ...search, offset: depth - 50 })) as { next_cursor?: string };
  const cursor = before.next_cursor ?? null;
  const at = await db.query<{ id: string; price_usd: string }>(
    `select o.id, o.price_usd::text from price_observations o where o.category = $1 and o.observed_at >= $2::timestamptz
      order by o.price_usd asc nulls last, o.id desc limit 1 offset $3`,
    [CATEGORY, sinceTs, depth - 1],
  );
  const last = at.rows[0]!;
  const deep = depth.toLocaleString('en-US');

  const listQuery = priceListQuery.parse({});

  return [...baseScenarios(), ...viewScenarios(db, search.filters, targets.search)];

  function baseScenarios(): Scenario[] {
    return [
      {
        name: 'search: category + last 90 days, by price, page of 50, avg + count',
        target: targets.search,
        real: () => observations.search(search),
        bare: () => Promise.all([bareSearchData('', []), bareSearchSummary()]),
      },
      {
        name: `search, page at row ${deep} (${cursor ? 'cursor' : 'offset'})`,
        target: targets.deep,
        real: () =>
          observations.search(
            cursor ? ({ ...search, cursor } as ObservationSearch) : { ...search, offset: depth },
          ),
        bare: () =>
          Promise.all([
            bareSearchData(
              'and o.price_usd >= $3::numeric and (o.price_usd > $3::numeric or (o.price_usd = $3::numeric and o.id < $4::uuid))',
              [last.price_usd, last.id],
            ),
            bareSearchSummary(),
          ]),
      },
      {
        name: `search, page at row ${deep} (offset, for comparison)`,
        target: null,
        real: () => observations.search({ ...search, offset: depth }),
        bare: () => Promise.all([bareSearchData('', [], `offset ${depth}`), bareSearchSummary()]),
      },
      {
        name: 'prices list (default page of 100)',
        target: null,
        real: () => prices.list(listQuery),
        bare: () =>
          Promise.all([
            db.query(
              `select ${ROW_COLUMNS} from ${FROM} order by o.observed_at desc nulls last, o.id desc limit 100`,
            ),
            db.query(`select n from table_counts where table_name = 'price_observations'`),
          ]),
      },
      {
        name: 'dashboard stats',
        target: targets.stats,
        real: () => stats.dashboard('en'),
        bare: () =>
          Promise.all([
            db.query(
              `select (select count(*)::int from vendors), (select count(*)::int from crawl_targets),
                    (select n from table_counts where table_name = 'price_observations'),
                    (select count(*)::int from (select distinct category, subcategory, base_unit, region,
                       time_window_days from benchmarks) g),
                    (select count(*)::int from discovery_sources where active),
                    (select count(*)::int from discovery_candidates where status = 'pending'),
                    (select count(*)::int from crawl_runs where created_at >= date_trunc('day', now())),
                    (select max(calculated_at) from benchmarks)`,
            ),
            db.query(
              `select id::text, occurred_at, action, details from activity_log order by occurred_at desc, id desc limit 6`,
            ),
          ]),
      },
      {
        name: `benchmark calculation, every group (4 regions, ${BENCH_WINDOW_DAYS}-day window)`,
        target: targets.benchmark,
        real: () =>
          rolledBack(db, async (tx) => {
            const asOf = new Date();
            const calculationId = randomUUID();
            await useBenchmarkMemory(tx);
            for (const region of REGIONS) {
              await insertBenchmarksForRegion(tx, {
                calculationId,
                region,
                category: null,
                windowDays: BENCH_WINDOW_DAYS,
                minObservations: 3,
                asOf,
              });
            }
          }),
        bare: () =>
          rolledBack(db, async (tx) => {
            const scopes = [['CDMX'], ['CDMX', 'Mexico'], ['CDMX', 'Mexico', 'LATAM'], null];
            await tx.query("set local work_mem = '64MB'");
            for (const [i, scope] of scopes.entries()) {
              await tx.query(
                `insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days,
                 price_p10, price_p25, price_p50, price_p75, price_p90, price_mean, price_stddev, observation_count,
                 vendor_count, average_confidence, calculated_at)
               select gen_random_uuid(), category, subcategory, base_unit, $1, $2, p[1], p[2], p[3], p[4], p[5],
                      mean, sd, n, v, c, now()
                 from (select category, subcategory, base_unit,
                              percentile_cont(array[0.1, 0.25, 0.5, 0.75, 0.9]) within group (order by price_net_usd) p,
                              avg(price_net_usd) mean, stddev_samp(price_net_usd) sd, count(*) n,
                              count(distinct vendor_id) v, avg(confidence_score) c
                         from price_observations
                        where price_net_usd is not null and base_unit is not null
                          and observed_at >= now() - make_interval(days => $2) and observed_at <= now()
                          and ($3::text[] is null or region = any($3::text[]))
                        group by category, subcategory, base_unit
                       having count(*) >= 3 and count(distinct vendor_id) >= $4) g`,
                [REGIONS[i], BENCH_WINDOW_DAYS, scope, MIN_BENCHMARK_VENDORS],
              );
            }
          }),
      },
    ];
  }
}

/** The explorer's chart views and the Prices screen's charts (issue 14), over the search's own
 * filtered set and over the whole table. Real: the service the route calls; bare: the repository's
 * statements alone (what the service adds is the mapping and ordering of the bounded answer). */
function viewScenarios(db: Db, filters: ObservationSearch['filters'], target: number): Scenario[] {
  const views = createObservationViewsService(db);
  const charts = createPriceChartsService(db);
  const pivot = observationPivotBody.parse({ filters, dimension: 'technology', measure: 'price' });
  const byMonth = observationPivotBody.parse({ dimension: 'date', measure: 'price', aggregation: 'count' });
  const heatmap = observationPivotBody.parse({ filters, dimension: 'technology', cross: 'material' });
  const box = observationBoxPlotBody.parse({ filters, dimension: 'technology', measure: 'price' });
  const scatter = observationScatterBody.parse({ filters, dimension: 'technology', measure: 'price' });
  const everything = observationScatterBody.parse({ dimension: 'technology', measure: 'price' });
  const pivotBare = (b: typeof pivot, maxX: number, maxY: number) =>
    observationViewsRepository.pivot(db, { ...b, maxX, maxY });
  const noFilter = priceChartQuery.parse({});
  return [
    {
      name: 'explorer pivot: category + last 90 days, by technology, avg USD per base unit',
      target,
      real: () => views.pivot(pivot),
      bare: () => pivotBare(pivot, VIEW_LIMITS.pivotGroups, 1),
    },
    {
      name: 'explorer pivot: whole table, by month, count',
      target,
      real: () => views.pivot(byMonth),
      bare: () => pivotBare(byMonth, VIEW_LIMITS.pivotGroups, 1),
    },
    {
      name: 'explorer heatmap: category + last 90 days, technology × material, avg USD',
      target,
      real: () => views.pivot(heatmap),
      bare: () => pivotBare(heatmap, VIEW_LIMITS.heatmapColumns, VIEW_LIMITS.heatmapRows),
    },
    {
      name: 'explorer box plot: category + last 90 days, by technology, USD',
      target,
      real: () => views.boxPlot(box),
      bare: () =>
        observationViewsRepository.boxPlot(db, {
          ...box,
          maxGroups: VIEW_LIMITS.boxGroups,
          maxOutliers: VIEW_LIMITS.boxOutliers,
        }),
    },
    {
      // Above 20,000 values the box plot reads its quartiles from the price histogram (within
      // 0.5 %): the same set sorted exactly, for comparison.
      name: 'explorer box plot, exact (every value sorted), for comparison',
      target: null,
      real: () =>
        observationViewsRepository.boxPlot(
          db,
          { ...box, maxGroups: VIEW_LIMITS.boxGroups, maxOutliers: VIEW_LIMITS.boxOutliers },
          { rollup: false },
        ),
      bare: () =>
        observationViewsRepository.boxPlot(
          db,
          { ...box, maxGroups: VIEW_LIMITS.boxGroups, maxOutliers: VIEW_LIMITS.boxOutliers },
          { rollup: false },
        ),
    },
    {
      name: `explorer scatter: category + last 90 days, sample of ${VIEW_LIMITS.scatterPoints.toLocaleString('en-US')}`,
      target,
      real: () => views.scatter(scatter),
      bare: () =>
        Promise.all([
          observationViewsRepository.coverage(db, scatter.filters, 'price'),
          observationViewsRepository.scatter(db, scatter),
        ]),
    },
    {
      name: `explorer scatter: whole table, sample of ${VIEW_LIMITS.scatterPoints.toLocaleString('en-US')}`,
      target,
      real: () => views.scatter(everything),
      bare: () =>
        Promise.all([
          observationViewsRepository.coverage(db, [], 'price'),
          observationViewsRepository.scatter(db, everything),
        ]),
    },
    {
      name: 'prices timeline: whole table, 8 most observed offers',
      target,
      real: () => charts.timeline(noFilter),
      bare: async () => {
        const offers = await priceChartsRepository.timelineOffers(db, {}, PRICE_CHART_LIMITS.timelineOffers);
        const drawn = offers.slice(0, PRICE_CHART_LIMITS.timelineSeries).flatMap((o) => o.offer_id ?? []);
        return priceChartsRepository.timelinePoints(db, {}, drawn, 'day');
      },
    },
    {
      name: 'prices heatmap: whole table, vendors × weeks',
      target,
      real: () => charts.heatmap(noFilter),
      bare: () =>
        priceChartsRepository.heatmap(db, {}, 'week', {
          maxVendors: PRICE_CHART_LIMITS.heatmapVendors,
          maxBuckets: PRICE_CHART_LIMITS.heatmapBuckets,
        }),
    },
    {
      name: `prices scatter: whole table, sample of ${PRICE_CHART_LIMITS.scatterPoints.toLocaleString('en-US')}`,
      target,
      real: () => charts.scatter(noFilter),
      bare: () =>
        Promise.all([
          priceChartsRepository.coverage(db, {}),
          priceChartsRepository.scatter(db, {}, PRICE_CHART_LIMITS.scatterPoints),
        ]),
    },
  ];
}
