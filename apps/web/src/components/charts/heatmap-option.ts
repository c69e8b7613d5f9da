import type { EChartsCoreOption } from 'echarts/core';
import { uniqueInOrder, type ObservationItem } from './chart-item.ts';

/** A cell and what a click on it opens (null: nothing). */
export type HeatCell = { x: string; y: string; value: number; observationId: string | null };
type Labels = { x: string; y: string; value: string };

/** Spec §2: 10 colour steps, light to dark, readable on both themes. */
export const HEATMAP_COLOURS = [
  '#ecfeff',
  '#cffafe',
  '#a5f3fc',
  '#67e8f9',
  '#22d3ee',
  '#06b6d4',
  '#0891b2',
  '#0e7490',
  '#155e75',
  '#164e63',
] as const;

export type HeatPiece = { gte: number; lt?: number; lte?: number; color: string };

/** Ten equal steps from min to max; the last one includes max. */
export function heatmapPieces(min: number, max: number): HeatPiece[] {
  const top = max > min ? max : min + 1;
  const step = (top - min) / HEATMAP_COLOURS.length;
  return HEATMAP_COLOURS.map((color, i) => {
    const gte = min + step * i;
    return i === HEATMAP_COLOURS.length - 1 ? { gte, lte: top, color } : { gte, lt: gte + step, color };
  });
}

/** The categories of each axis come in the given order, or in order of first appearance. */
export function buildHeatmapOption(
  cells: readonly HeatCell[],
  labels: Labels,
  axes?: { xs: readonly string[]; ys: readonly string[] },
): EChartsCoreOption {
  const xs = axes ? [...axes.xs] : uniqueInOrder(cells.map((c) => c.x));
  const ys = axes ? [...axes.ys] : uniqueInOrder(cells.map((c) => c.y));
  const values = cells.map((c) => c.value);
  const data: ObservationItem<[number, number, number]>[] = cells.map((c) => ({
    value: [xs.indexOf(c.x), ys.indexOf(c.y), c.value],
    observationId: c.observationId ?? '',
  }));
  return {
    grid: { left: 24, right: 32, top: 32, bottom: 110, containLabel: true },
    tooltip: { trigger: 'item' },
    // Every category labelled; axis names centred outside the labels so they are never clipped.
    xAxis: {
      type: 'category',
      name: labels.x,
      nameLocation: 'middle',
      nameGap: xs.length > 6 ? 56 : 30,
      data: xs,
      axisLabel: { interval: 0, rotate: xs.length > 6 ? 30 : 0 },
    },
    yAxis: {
      type: 'category',
      name: labels.y,
      nameLocation: 'end',
      data: ys,
      axisLabel: { interval: 0 },
    },
    visualMap: {
      type: 'piecewise',
      dimension: 2,
      pieces: values.length ? heatmapPieces(Math.min(...values), Math.max(...values)) : heatmapPieces(0, 1),
      orient: 'horizontal',
      left: 'center',
      bottom: 8,
      itemWidth: 14,
    },
    series: [{ type: 'heatmap', name: labels.value, data, label: { show: false } }],
  };
}
