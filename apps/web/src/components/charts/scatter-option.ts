import type { EChartsCoreOption } from 'echarts/core';
import type { ObservationItem } from './chart-item.ts';

export type ScatterPoint = { observationId: string; x: number; y: number; group: string };
type Labels = { x: string; y: string; other: string };

/** Spec §2: 6 colours, one per series. */
export const SCATTER_COLOURS = ['#0d9488', '#d97706', '#7c3aed', '#db2777', '#2563eb', '#65a30d'] as const;

/** Groups by size; when there are more than 6, the 5 largest keep their name and the rest share
 * the sixth colour under `other`. */
export function scatterSeriesGroups(points: readonly ScatterPoint[], other: string): Map<string, string> {
  const counts = new Map<string, number>();
  for (const p of points) counts.set(p.group, (counts.get(p.group) ?? 0) + 1);
  const ordered = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const limit = SCATTER_COLOURS.length;
  const keep = ordered.length > limit ? limit - 1 : limit;
  return new Map(ordered.map(([group], i) => [group, i < keep ? group : other]));
}

export function buildScatterOption(
  points: readonly ScatterPoint[],
  labels: Labels,
  xType: 'time' | 'value' = 'time',
): EChartsCoreOption {
  const seriesOf = scatterSeriesGroups(points, labels.other);
  const series = new Map<string, ObservationItem<[number, number]>[]>();
  for (const name of seriesOf.values()) series.set(name, []);
  for (const p of points) {
    series.get(seriesOf.get(p.group)!)!.push({ value: [p.x, p.y], observationId: p.observationId });
  }
  return {
    color: [...SCATTER_COLOURS],
    grid: { left: 24, right: 24, top: 48, bottom: 32, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'item' },
    xAxis: { type: xType, name: labels.x, scale: true },
    yAxis: { type: 'value', name: labels.y, scale: true },
    series: [...series.entries()].map(([name, data]) => ({ type: 'scatter', name, data, symbolSize: 9 })),
  };
}
