import type { EChartsCoreOption } from 'echarts/core';

export type ChartColours = { text: string; muted: string; border: string; surface: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const each = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : isObj(v) ? [v] : []);

/** Adds the theme's colours to axes, legends, radar and visual maps (ECharts' defaults are made
 * for a white background and fail contrast on the dark theme). Values a builder set win. */
export function applyThemeColours(option: EChartsCoreOption, c: ChartColours): EChartsCoreOption {
  const axis = (a: Obj): Obj => ({
    nameTextStyle: { color: c.muted },
    ...a,
    axisLabel: { color: c.muted, ...(a.axisLabel as Obj | undefined) },
    axisLine: { lineStyle: { color: c.border } },
    splitLine: { lineStyle: { color: c.border }, ...(a.splitLine as Obj | undefined) },
  });
  const withText = (o: Obj): Obj => ({
    ...o,
    textStyle: { color: c.text, ...(o.textStyle as Obj | undefined) },
  });
  const out: Obj = { ...option };
  for (const key of ['xAxis', 'yAxis'] as const) {
    if (option[key] !== undefined)
      out[key] = Array.isArray(option[key]) ? each(option[key]).map(axis) : axis(each(option[key])[0] ?? {});
  }
  if (option.legend !== undefined) out.legend = withText(each(option.legend)[0] ?? {});
  if (option.visualMap !== undefined) out.visualMap = withText(each(option.visualMap)[0] ?? {});
  if (isObj(option.radar)) {
    const r = option.radar;
    out.radar = {
      axisName: { color: c.text },
      axisLine: { lineStyle: { color: c.border } },
      splitLine: { lineStyle: { color: c.border } },
      splitArea: { show: false },
      ...r,
    };
  }
  return out;
}
