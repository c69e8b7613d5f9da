import type { EChartsCoreOption } from 'echarts/core';
import type { ObservationItem } from './chart-item.ts';

export type TimelinePoint = { observationId: string; time: string; value: number };
type Labels = { series: string; value: string };

/** A price over time, oldest first, one marker per observation. */
export function buildTimelineOption(points: readonly TimelinePoint[], labels: Labels): EChartsCoreOption {
  const data: ObservationItem<[number, number]>[] = [...points]
    .map((p) => ({
      value: [Date.parse(p.time), p.value] as [number, number],
      observationId: p.observationId,
    }))
    .filter((p) => Number.isFinite(p.value[0]))
    .sort((a, b) => a.value[0] - b.value[0]);
  return {
    color: ['#0d9488'],
    grid: { left: 16, right: 24, top: 32, bottom: 24, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: labels.value, scale: true },
    series: [{ type: 'line', name: labels.series, data, showSymbol: true, symbolSize: 7, step: false }],
  };
}
