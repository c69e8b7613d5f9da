import type { Db } from '@preciofab/db/client';
import { priceChartsRepository, type TimeBucket } from '@preciofab/db/repositories/price-charts.repository';
import type { PriceFilter } from '@preciofab/db/repositories/prices.repository';
import {
  PRICE_CHART_LIMITS,
  type PriceChartQuery,
  type PriceHeatmap,
  type PriceScatter,
  type PriceTimeline,
  type PriceTimelinePoint,
  type PriceTimelinePointQuery,
} from '@preciofab/shared/contracts/prices';

const DAY_MS = 86_400_000;

const filterOf = (q: PriceChartQuery): PriceFilter => ({
  search: q.search || undefined,
  currency: q.currency,
  vendorId: q.vendor_id,
  category: q.category,
  priceType: q.price_type,
});

/** Days while the offers span at most `timelinePoints` days, then weeks, then months. */
export function timelineBucket(
  first: Date,
  last: Date,
  points = PRICE_CHART_LIMITS.timelinePoints,
): TimeBucket {
  const days = (last.getTime() - first.getTime()) / DAY_MS;
  if (days < points) return 'day';
  return days < points * 7 ? 'week' : 'month';
}

/** The Prices screen's charts over every price matching its filters. */
export function createPriceChartsService(db: Db) {
  return {
    async timeline(q: PriceChartQuery): Promise<PriceTimeline> {
      const f = filterOf(q);
      const rows = await priceChartsRepository.timelineOffers(db, f, PRICE_CHART_LIMITS.timelineOffers);
      const head = rows[0];
      const offers = rows.filter((r) => r.offer_id !== null);
      const drawn = offers.slice(0, PRICE_CHART_LIMITS.timelineSeries);
      const firsts = drawn.map((r) => r.first_at!.getTime());
      const lasts = drawn.map((r) => r.last_at!.getTime());
      const bucket = drawn.length
        ? timelineBucket(new Date(Math.min(...firsts)), new Date(Math.max(...lasts)))
        : 'day';
      const points = await priceChartsRepository.timelinePoints(
        db,
        f,
        drawn.map((r) => r.offer_id!),
        bucket,
      );
      const series = drawn.map((offer) => ({
        offer_id: offer.offer_id!,
        points: points
          .filter((p) => p.offer_id === offer.offer_id)
          .map((p) => ({
            at: p.at,
            value: Number(p.value),
            observations: p.n,
          })),
      }));
      return {
        total: head?.total ?? 0,
        priced: head?.priced ?? 0,
        bucket,
        offers_total: head?.offers_total ?? 0,
        offers: offers.map((r) => ({
          offer_id: r.offer_id!,
          observation_id: r.observation_id,
          vendor_name: r.vendor_name ?? '',
          offer_name: r.offer_name ?? '',
          base_unit: r.base_unit,
          observations: r.n ?? 0,
        })),
        series_limit: PRICE_CHART_LIMITS.timelineSeries,
        series,
      };
    },

    /** What a click on a timeline point opens: its bucket's newest observation. */
    async timelinePoint(q: PriceTimelinePointQuery): Promise<PriceTimelinePoint> {
      return {
        observation_id: await priceChartsRepository.timelinePointObservation(
          db,
          filterOf(q),
          q.offer_id,
          q.at,
          q.bucket,
        ),
      };
    },

    async heatmap(q: PriceChartQuery): Promise<PriceHeatmap> {
      const f = filterOf(q);
      const bounds = {
        maxVendors: PRICE_CHART_LIMITS.heatmapVendors,
        maxBuckets: PRICE_CHART_LIMITS.heatmapBuckets,
      };
      let bucket: 'week' | 'month' = 'week';
      let rows = await priceChartsRepository.heatmap(db, f, bucket, bounds);
      // More weeks than columns: months instead, so the whole period still shows.
      if ((rows[0]?.buckets_total ?? 0) > bounds.maxBuckets) {
        bucket = 'month';
        rows = await priceChartsRepository.heatmap(db, f, bucket, bounds);
      }
      const head = rows[0];
      const cells = rows.filter((r) => r.vendor_id !== null && r.at !== null);
      const vendors = new Map<string, string>();
      for (const c of cells) vendors.set(c.vendor_id!, c.vendor_name ?? '');
      return {
        total: head?.total ?? 0,
        bucket,
        vendors_total: head?.vendors_total ?? 0,
        vendor_limit: bounds.maxVendors,
        vendors: [...vendors].map(([vendor_id, name]) => ({ vendor_id, name })),
        buckets_total: head?.buckets_total ?? 0,
        bucket_limit: bounds.maxBuckets,
        buckets: [...new Set(cells.map((c) => c.at!))].sort(),
        cells: cells.map((c) => ({
          vendor_id: c.vendor_id!,
          at: c.at!,
          observations: c.n ?? 0,
          observation_id: c.observation_id,
        })),
      };
    },

    async scatter(q: PriceChartQuery): Promise<PriceScatter> {
      const f = filterOf(q);
      const limit = PRICE_CHART_LIMITS.scatterPoints;
      const [coverage, rows] = await Promise.all([
        priceChartsRepository.coverage(db, f),
        priceChartsRepository.scatter(db, f, limit),
      ]);
      return {
        total: coverage.total,
        priced: coverage.priced,
        sample_size: rows.length,
        limit,
        points: rows.map((r) => ({
          observation_id: r.id,
          vendor_name: r.vendor_name,
          offer_name: r.offer_name,
          price_type: r.price_type as PriceScatter['points'][number]['price_type'],
          confidence_score: Number(r.confidence_score),
          price_usd: Number(r.price_usd),
          base_unit: r.base_unit,
        })),
      };
    },
  };
}
