import { PRICE_TYPES } from '@preciofab/shared/catalogue';
import type { PriceHistory, PriceRow } from '@preciofab/shared/contracts/prices';
import type { EChartsCoreOption } from 'echarts/core';

/** What the charts read of a price row. Every data item carries the observation `id`, so a click
 * on a point or cell can open that observation's evidence. */
export type ChartRow = Pick<
  PriceRow,
  | 'id'
  | 'offer_id'
  | 'vendor_name'
  | 'offer_name'
  | 'price_usd'
  | 'confidence_score'
  | 'observed_at'
  | 'price_type'
>;
export type ChartItem = { id: string };

/** Reads the observation id back out of a clicked data item (whatever shape ECharts hands back). */
export function observationIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('id' in data)) return null;
  return typeof data.id === 'string' ? data.id : null;
}

// ---- Timeline: price over observed time, one line per vendor offer -------------------------

export type TimelinePoint = { id: string; time: string; value: number };
export type TimelineSeries = { name: string; points: TimelinePoint[] };

const offerLabel = (row: Pick<ChartRow, 'vendor_name' | 'offer_name'>) =>
  `${row.vendor_name} · ${row.offer_name}`;

/** The loaded rows as one series per offer, in USD per base unit (the only scale on which offers
 * in different currencies and units compare); the offers with most observations first. */
export function timelineSeriesFromRows(rows: readonly ChartRow[], maxSeries = 8): TimelineSeries[] {
  const byOffer = new Map<string, TimelineSeries>();
  for (const row of rows) {
    if (row.price_usd === null) continue;
    const series = byOffer.get(row.offer_id) ?? { name: offerLabel(row), points: [] };
    series.points.push({ id: row.id, time: row.observed_at, value: row.price_usd });
    byOffer.set(row.offer_id, series);
  }
  return [...byOffer.values()]
    .sort((a, b) => b.points.length - a.points.length)
    .slice(0, maxSeries)
    .map((series) => ({
      ...series,
      points: [...series.points].sort((a, b) => a.time.localeCompare(b.time)),
    }));
}

/** One offer's full history (GET /prices/{id}/history), in its own currency. */
export function timelineSeriesFromHistory(history: PriceHistory): TimelineSeries[] {
  const name = offerLabel({ vendor_name: history.offer.vendor_name, offer_name: history.offer.name });
  const points = history.data.map((point) => ({ id: point.id, time: point.observed_at, value: point.price }));
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
      data: s.points.map((p) => ({ value: [p.time, p.value], id: p.id })),
    })),
  };
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

/** The Monday (UTC) of an ISO date-time's week, as YYYY-MM-DD. */
export function weekStart(iso: string): string {
  const date = new Date(iso);
  const day = (date.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

export function buildHeatmapOption(
  rows: readonly ChartRow[],
  labels: { count: string },
  maxVendors = 15,
): EChartsCoreOption {
  const perVendor = new Map<string, number>();
  for (const row of rows) perVendor.set(row.vendor_name, (perVendor.get(row.vendor_name) ?? 0) + 1);
  const vendors = [...perVendor.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, maxVendors)
    .map(([name]) => name);
  const weeks = [...new Set(rows.map((row) => weekStart(row.observed_at)))].sort();

  // One cell per vendor and week: its count and its newest observation (what a click opens).
  const cells = new Map<string, { count: number; id: string; at: string }>();
  for (const row of rows) {
    const y = vendors.indexOf(row.vendor_name);
    if (y < 0) continue;
    const key = `${weeks.indexOf(weekStart(row.observed_at))}:${y}`;
    const cell = cells.get(key);
    if (!cell) cells.set(key, { count: 1, id: row.id, at: row.observed_at });
    else {
      cell.count += 1;
      if (row.observed_at > cell.at) Object.assign(cell, { id: row.id, at: row.observed_at });
    }
  }
  const data = [...cells.entries()].map(([key, cell]) => {
    const [x, y] = key.split(':').map(Number);
    return { value: [x, y, cell.count], id: cell.id };
  });
  const max = Math.max(1, ...data.map((item) => item.value[2] ?? 0));

  return {
    grid: { left: 16, right: 24, top: 16, bottom: 72, containLabel: true },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'category', data: weeks, splitArea: { show: true } },
    yAxis: { type: 'category', data: vendors, splitArea: { show: true } },
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
  rows: readonly ChartRow[],
  labels: { confidence: string; price: string; types: Record<(typeof PRICE_TYPES)[number], string> },
): EChartsCoreOption {
  const priced = rows.filter((row) => row.price_usd !== null);
  // Prices span cents per cm³ to hundreds per hour: a log axis keeps both readable.
  const logScale = priced.length > 0 && priced.every((row) => (row.price_usd ?? 0) > 0);
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
      data: priced
        .filter((row) => row.price_type === type)
        .map((row) => ({
          name: offerLabel(row),
          value: [Math.round(row.confidence_score * 100), row.price_usd],
          id: row.id,
        })),
    })),
  };
}
