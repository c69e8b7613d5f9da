import type { EChartsCoreOption } from 'echarts/core';

export type RadarAxis = { name: string; score: number };

/** Scores (0..1) on a 0–100 radar, e.g. the four confidence components. */
export function buildRadarOption(axes: readonly RadarAxis[], seriesName: string, colour = '#0d9488') {
  const option: EChartsCoreOption = {
    radar: {
      indicator: axes.map((a) => ({ name: a.name, max: 100, min: 0 })),
      radius: '62%',
      splitNumber: 4,
    },
    series: [
      {
        type: 'radar',
        name: seriesName,
        symbolSize: 5,
        lineStyle: { color: colour, width: 2 },
        itemStyle: { color: colour },
        areaStyle: { color: colour, opacity: 0.25 },
        data: [{ name: seriesName, value: axes.map((a) => Math.round(a.score * 100)) }],
      },
    ],
  };
  return option;
}
