import type { EChartsCoreOption } from 'echarts/core';
import { boxPlotStats } from './box-plot-stats.ts';
import type { ObservationItem, ValuePoint } from './chart-item.ts';

export type BoxGroup = { name: string; points: readonly ValuePoint[] };
type Labels = { value: string; outliers: string };

/** The point nearest the median stands for a box when it is clicked. */
function nearest(points: readonly ValuePoint[], target: number): ValuePoint {
  return points.reduce((best, p) => (Math.abs(p.value - target) < Math.abs(best.value - target) ? p : best));
}

/** One box per group (empty groups left out) and the outliers as points over them. */
export function buildBoxPlotOption(groups: readonly BoxGroup[], labels: Labels): EChartsCoreOption {
  const boxes: ObservationItem<number[]>[] = [];
  const outliers: ObservationItem<[number, number]>[] = [];
  const names: string[] = [];
  for (const group of groups) {
    const stats = boxPlotStats(group.points.map((p) => p.value));
    if (!stats) continue;
    const index = names.length;
    names.push(group.name);
    boxes.push({
      name: group.name,
      value: [stats.min, stats.q1, stats.median, stats.q3, stats.max],
      observationId: nearest(group.points, stats.median).observationId,
    });
    for (const i of stats.outlierIndexes) {
      const p = group.points[i]!;
      outliers.push({ value: [index, p.value], observationId: p.observationId });
    }
  }
  return {
    grid: { left: 64, right: 24, top: 32, bottom: 56, containLabel: true },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', name: labels.value, scale: true },
    series: [
      {
        type: 'boxplot',
        name: labels.value,
        data: boxes,
        itemStyle: { color: 'rgba(13, 148, 136, 0.18)', borderColor: '#0d9488', borderWidth: 1.5 },
      },
      {
        type: 'scatter',
        name: labels.outliers,
        data: outliers,
        symbolSize: 8,
        itemStyle: { color: '#d97706' },
      },
    ],
  };
}
