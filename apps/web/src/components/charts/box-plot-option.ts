import type { EChartsCoreOption } from 'echarts/core';
import type { ObservationItem, ValuePoint } from './chart-item.ts';

/** One box as the server computed it over the whole filtered set (quartiles by percentile_cont,
 * whiskers at the furthest values within 1.5 × IQR), with the outliers it listed. */
export type BoxGroup = {
  name: string;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** What a click on the box opens; null when none. */
  observationId: string | null;
  outliers: readonly ValuePoint[];
};
type Labels = { value: string; outliers: string };

/** One box per group and the listed outliers as points over them. */
export function buildBoxPlotOption(groups: readonly BoxGroup[], labels: Labels): EChartsCoreOption {
  const names = groups.map((g) => g.name);
  const boxes: ObservationItem<number[]>[] = groups.map((g) => ({
    name: g.name,
    value: [g.min, g.q1, g.median, g.q3, g.max],
    observationId: g.observationId ?? '',
  }));
  const outliers: ObservationItem<[number, number]>[] = groups.flatMap((g, index) =>
    g.outliers.map((p) => ({ value: [index, p.value] as [number, number], observationId: p.observationId })),
  );
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
