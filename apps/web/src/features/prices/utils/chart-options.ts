import { PRICE_TYPES } from '@preciofab/shared/catalogue';
import {
  TIME_BUCKETS,
  type PriceHeatmap,
  type PriceHistory,
  type PriceScatter,
  type PriceTimeline,
} from '@preciofab/shared/contracts/prices';
import type { EChartsCoreOption } from 'echarts/core';

// The Prices screen's charts, from the server's answers over every price matching the filters.
// Every data item carries the observation `id` (the timeline's, what finds it: `opens`), so a
// click on a point or cell opens its evidence.

export type ChartItem = { id: string };

/** Reads the observation id back out of a clicked data item (whatever shape ECharts hands back);
 * null for an item that opens nothing (an empty id). */
export function observationIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('id' in data)) return null;
  return typeof data.id === 'string' && data.id !== '' ? data.id : null;
}

// ---- Timeline: price over observed time, one line per vendor offer -------------------------

/** What a click on a timeline point opens: one observation (an offer's own history), or the
 * newest observation of an offer's bucket, which the server finds when the point is clicked. */
export type TimelineTarget =
  { observationId: string } | { offerId: string; at: string; bucket: PriceTimeline['bucket'] };
export type TimelinePoint = { time: string; value: number; opens: TimelineTarget };
export type TimelineSeries = { name: string; points: TimelinePoint[] };

const offerLabel = (offer: { vendor_name: string; offer_name: string }) =>
  `${offer.vendor_name} · ${offer.offer_name}`;

/** The most observed offers, one series each: a point per day, week or month (the average USD
 * per base unit of its observations), in time order. `name` labels an offer (with its unit). */
export function timelineSeriesFromServer(
  result: PriceTimeline,
  name: (offer: PriceTimeline['offers'][number]) => string = offerLabel,
): TimelineSeries[] {
  const offers = new Map(result.offers.map((o) => [o.offer_id, o]));
  return result.series.flatMap((series) => {
    const offer = offers.get(series.offer_id);
    if (!offer) return [];
    return [
      {
        name: name(offer),
        points: series.points.map((p) => ({
          time: p.at,
          value: p.value,
          opens: { offerId: series.offer_id, at: p.at, bucket: result.bucket },
        })),
      },
    ];
  });
}

/** One offer's full history (GET /prices/{id}/history), in its own currency. */
export function timelineSeriesFromHistory(history: PriceHistory): TimelineSeries[] {
  const name = offerLabel({ vendor_name: history.offer.vendor_name, offer_name: history.offer.name });
  const points = history.data.map((point) => ({
    time: point.observed_at,
    value: point.price,
    opens: { observationId: point.id },
  }));
  return [{ name, points }];
}

export function buildTimelineOption(
  series: readonly TimelineSeries[],
  labels: { price: string },
): EChartsCoreOption {
  return {
    grid: { left: 16, right: 24, top: 56, bottom: 48, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'item' },
    dataZoom: [{ type: 'inside' }],
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: labels.price, scale: true },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      showSymbol: true,
      symbolSize: 8,
      data: s.points.map((p) => ({ value: [p.time, p.value], opens: p.opens })),
    })),
  };
}

const isBucket = (v: unknown): v is PriceTimeline['bucket'] =>
  (TIME_BUCKETS as readonly unknown[]).includes(v);

/** Reads a clicked timeline item's target back (whatever shape ECharts hands back); null for
 * anything else. */
export function timelineTargetOf(data: unknown): TimelineTarget | null {
  if (typeof data !== 'object' || data === null || !('opens' in data)) return null;
  const opens: unknown = data.opens;
  if (typeof opens !== 'object' || opens === null) return null;
  if ('observationId' in opens && typeof opens.observationId === 'string' && opens.observationId !== '')
    return { observationId: opens.observationId };
  if (
    'offerId' in opens &&
    'at' in opens &&
    'bucket' in opens &&
    typeof opens.offerId === 'string' &&
    typeof opens.at === 'string' &&
    isBucket(opens.bucket)
  )
    return { offerId: opens.offerId, at: opens.at, bucket: opens.bucket };
  return null;
}

// ---- Heatmap: vendors × weeks, observations per cell, 10 colour steps ------------------------

/** Ten steps from pale to deep blue: light enough at the bottom to read on both themes. */
export const HEAT_COLOURS = [
  '#eff6ff',
  '#dbeafe',
  '#bfdbfe',
  '#93c5fd',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
] as const;

/** Vendors (rows, most observed first) by week or month (columns, oldest first): the count of
 * observations of each cell, and its newest observation. `bucket` labels a column. */
export function buildHeatmapOption(
  result: PriceHeatmap,
  labels: { count: string; bucket: (at: string) => string },
): EChartsCoreOption {
  const vendorIndex = new Map(result.vendors.map((v, i) => [v.vendor_id, i]));
  const bucketIndex = new Map(result.buckets.map((at, i) => [at, i]));
  const data = result.cells.map((c) => ({
    value: [bucketIndex.get(c.at) ?? 0, vendorIndex.get(c.vendor_id) ?? 0, c.observations],
    id: c.observation_id ?? '',
  }));
  const max = Math.max(1, ...data.map((item) => item.value[2] ?? 0));

  return {
    grid: { left: 16, right: 24, top: 16, bottom: 72, containLabel: true },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'category', data: result.buckets.map(labels.bucket), splitArea: { show: true } },
    yAxis: { type: 'category', data: result.vendors.map((v) => v.name), splitArea: { show: true } },
    visualMap: {
      type: 'piecewise',
      min: 1,
      max: Math.max(max, 10),
      splitNumber: HEAT_COLOURS.length,
      inRange: { color: [...HEAT_COLOURS] },
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
    },
    series: [{ type: 'heatmap', name: labels.count, data, label: { show: true } }],
  };
}

// ---- Scatter: price vs confidence, one colour per price type ---------------------------------

/** Six distinct hues; the price types take them in catalogue order. */
export const SCATTER_COLOURS = ['#2563eb', '#16a34a', '#ea580c', '#9333ea', '#0891b2', '#db2777'] as const;

export function buildScatterOption(
  points: PriceScatter['points'],
  labels: { confidence: string; price: string; types: Record<(typeof PRICE_TYPES)[number], string> },
): EChartsCoreOption {
  // Prices span cents per cm³ to hundreds per hour: a log axis keeps both readable.
  const logScale = points.length > 0 && points.every((p) => p.price_usd > 0);
  return {
    color: [...SCATTER_COLOURS],
    grid: { left: 16, right: 24, top: 48, bottom: 40, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'value', name: labels.confidence, min: 0, max: 100 },
    yAxis: { type: logScale ? 'log' : 'value', name: labels.price },
    series: PRICE_TYPES.map((type) => ({
      type: 'scatter',
      name: labels.types[type],
      symbolSize: 9,
      data: points
        .filter((p) => p.price_type === type)
        .map((p) => ({
          name: offerLabel(p),
          value: [Math.round(p.confidence_score * 100), p.price_usd],
          id: p.observation_id,
        })),
    })),
  };
}
