import { describe, expect, it } from 'vitest';
import { buildBoxPlotOption } from './box-plot-option.ts';
import { observationIdOf } from './chart-item.ts';
import { buildHeatmapOption, HEATMAP_COLOURS, heatmapPieces } from './heatmap-option.ts';
import { buildRadarOption } from './radar-option.ts';
import { buildScatterOption, SCATTER_COLOURS, scatterSeriesGroups } from './scatter-option.ts';
import { applyThemeColours } from './theme-option.ts';
import { buildTimelineOption } from './timeline-option.ts';

type Series = { type: string; name: string; data: { value: unknown; observationId: string }[] };
const seriesOf = (option: Record<string, unknown>) => option.series as Series[];

describe('chart option builders', () => {
  it('box plot: one box per group from its statistics, outliers as points, each carrying an observation', () => {
    const option = buildBoxPlotOption(
      [
        {
          name: 'FDM · cm³',
          min: 1,
          q1: 2.25,
          median: 3.5,
          q3: 4.75,
          max: 5,
          observationId: 'o3',
          outliers: [{ observationId: 'o5', value: 100 }],
        },
        { name: 'SLA · cm³', min: 2, q1: 2, median: 2, q3: 2, max: 2, observationId: null, outliers: [] },
      ],
      { value: 'Price', outliers: 'Outliers' },
    ) as Record<string, unknown>;
    expect((option.xAxis as { data: string[] }).data).toEqual(['FDM · cm³', 'SLA · cm³']);
    const [boxes, outliers] = seriesOf(option);
    expect(boxes!.data[0]).toMatchObject({ value: [1, 2.25, 3.5, 4.75, 5], observationId: 'o3' });
    // A box with no observation to open is not clickable.
    expect(observationIdOf(boxes!.data[1])).toBeNull();
    expect(outliers!.data).toEqual([{ value: [0, 100], observationId: 'o5' }]);
  });

  it('heatmap: 10 equal colour steps covering min to max', () => {
    const pieces = heatmapPieces(0, 100);
    expect(pieces).toHaveLength(10);
    expect(pieces.map((p) => p.color)).toEqual([...HEATMAP_COLOURS]);
    expect(pieces[0]).toEqual({ gte: 0, lt: 10, color: HEATMAP_COLOURS[0] });
    expect(pieces[9]).toMatchObject({ gte: 90, lte: 100 });
    // A single value still gets a valid scale.
    expect(heatmapPieces(5, 5)[9]).toMatchObject({ lte: 6 });
  });

  it('heatmap: cells indexed on their categories with their observation', () => {
    const option = buildHeatmapOption(
      [
        { x: 'fdm', y: 'pla', value: 2, observationId: 'a' },
        { x: 'sla', y: 'resin', value: 8, observationId: 'b' },
        { x: 'fdm', y: 'resin', value: 4, observationId: 'c' },
      ],
      { x: 'Technology', y: 'Material', value: 'Price' },
    ) as Record<string, unknown>;
    expect((option.xAxis as { data: string[] }).data).toEqual(['fdm', 'sla']);
    expect((option.yAxis as { data: string[] }).data).toEqual(['pla', 'resin']);
    expect(seriesOf(option)[0]!.data[2]).toEqual({ value: [0, 1, 4], observationId: 'c' });
    const visual = option.visualMap as { type: string; pieces: unknown[] };
    expect(visual.type).toBe('piecewise');
    expect(visual.pieces).toHaveLength(10);
  });

  it('scatter: at most 6 series in 6 colours; the smallest groups share "other"', () => {
    const groups = ['a', 'a', 'a', 'b', 'b', 'c', 'c', 'd', 'd', 'e', 'e', 'f', 'g'];
    const points = groups.map((group, i) => ({ observationId: `o${i}`, x: i, y: i * 2, group }));
    const map = scatterSeriesGroups(points, 'Other');
    expect(map.get('a')).toBe('a');
    expect(map.get('f')).toBe('Other');
    expect(map.get('g')).toBe('Other');
    const option = buildScatterOption(points, { x: 'Date', y: 'Price', other: 'Other' }) as Record<
      string,
      unknown
    >;
    const series = seriesOf(option);
    expect(series).toHaveLength(6);
    expect(option.color).toEqual([...SCATTER_COLOURS]);
    expect(series.find((s) => s.name === 'Other')!.data.map((d) => d.observationId)).toEqual(['o11', 'o12']);
    expect(series[0]!.data[0]).toEqual({ value: [0, 0], observationId: 'o0' });
  });

  it('scatter: up to 6 groups keep their own names', () => {
    const points = ['a', 'b', 'c'].map((group, i) => ({ observationId: `${i}`, x: i, y: i, group }));
    expect(
      seriesOf(buildScatterOption(points, { x: 'x', y: 'y', other: 'Other' }) as Record<string, unknown>)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
  });

  it('radar: scores as percentages on 0–100 axes', () => {
    const option = buildRadarOption(
      [
        { name: 'Source', score: 0.734 },
        { name: 'Fresh', score: 1 },
      ],
      'Confidence',
    ) as Record<string, unknown>;
    expect((option.radar as { indicator: unknown[] }).indicator).toEqual([
      { name: 'Source', max: 100, min: 0 },
      { name: 'Fresh', max: 100, min: 0 },
    ]);
    expect((seriesOf(option)[0]!.data[0] as unknown as { value: number[] }).value).toEqual([73, 100]);
  });

  it('timeline: points in time order with their observation', () => {
    const option = buildTimelineOption(
      [
        { observationId: 'b', time: '2025-02-01T00:00:00Z', value: 3 },
        { observationId: 'a', time: '2025-01-01T00:00:00Z', value: 2 },
      ],
      { series: 'FDM', value: 'MXN' },
    ) as Record<string, unknown>;
    const data = seriesOf(option)[0]!.data;
    expect(data.map((d) => d.observationId)).toEqual(['a', 'b']);
    expect(data[0]!.value).toEqual([Date.parse('2025-01-01T00:00:00Z'), 2]);
  });

  it('reads the observation id of a clicked item, and nothing else', () => {
    expect(observationIdOf({ value: [1, 2], observationId: 'x' })).toBe('x');
    expect(observationIdOf([1, 2])).toBeNull();
    expect(observationIdOf({ observationId: '' })).toBeNull();
    expect(observationIdOf(undefined)).toBeNull();
  });
});

describe('theme colours', () => {
  const colours = { text: '#eee', muted: '#aaa', border: '#333', surface: '#111' };
  it('colours axes and legends, keeping what a builder set', () => {
    const out = applyThemeColours(
      { xAxis: { type: 'category', axisLabel: { rotate: 30 } }, yAxis: [{ type: 'value' }], legend: {} },
      colours,
    ) as Record<string, Record<string, unknown>>;
    expect(out.xAxis!.axisLabel).toEqual({ color: '#aaa', rotate: 30 });
    expect((out.yAxis as unknown as Record<string, unknown>[])[0]!.axisLine).toEqual({
      lineStyle: { color: '#333' },
    });
    expect(out.legend!.textStyle).toEqual({ color: '#eee' });
    expect(out.radar).toBeUndefined();
  });
});
