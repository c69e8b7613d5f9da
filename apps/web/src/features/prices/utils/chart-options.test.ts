import { describe, expect, it } from 'vitest';
import {
  buildHeatmapOption,
  buildScatterOption,
  buildTimelineOption,
  HEAT_COLOURS,
  observationIdOf,
  SCATTER_COLOURS,
  timelineSeriesFromHistory,
  timelineSeriesFromRows,
  weekStart,
  type ChartRow,
} from './chart-options.ts';

const row = (over: Partial<ChartRow>): ChartRow => ({
  id: 'o1',
  offer_id: 'f1',
  vendor_name: 'Norte',
  offer_name: 'FDM',
  price_usd: 1,
  confidence_score: 0.9,
  observed_at: '2026-11-18T10:00:00.000Z',
  price_type: 'service_per_part',
  ...over,
});

type Series = { name: string; type: string; data: Array<{ value: unknown[]; id: string }> };
const seriesOf = (option: Record<string, unknown>) => option.series as Series[];

const TYPES = {
  purchase: 'Purchase',
  service_per_part: 'Per part',
  service_hourly: 'Hourly',
  license_subscription: 'License',
};

describe('timeline', () => {
  it('groups rows per offer, oldest point first, busiest offers first, skipping rows without USD', () => {
    const rows = [
      row({ id: 'a2', offer_id: 'A', observed_at: '2026-11-10T00:00:00Z', price_usd: 2 }),
      row({ id: 'a1', offer_id: 'A', observed_at: '2026-11-01T00:00:00Z', price_usd: 1 }),
      row({ id: 'b1', offer_id: 'B', offer_name: 'SLA' }),
      row({ id: 'c1', offer_id: 'C', price_usd: null }),
    ];
    const series = timelineSeriesFromRows(rows);
    expect(series.map((s) => s.name)).toEqual(['Norte · FDM', 'Norte · SLA']);
    expect(series[0]?.points.map((p) => p.id)).toEqual(['a1', 'a2']);
    expect(timelineSeriesFromRows(rows, 1)).toHaveLength(1);
  });

  it('turns an offer history into one series in its own currency', () => {
    const series = timelineSeriesFromHistory({
      offer: {
        id: 'f',
        vendor_id: 'v',
        vendor_name: 'Norte',
        name: 'Corte',
        unit: 'minute',
        first_seen_at: '2026-01-01T00:00:00Z',
        last_seen_at: '2026-02-01T00:00:00Z',
      },
      data: [
        {
          id: 'h1',
          price: 12,
          currency: 'MXN',
          unit: 'minute',
          price_usd: 0.7,
          observed_at: '2026-01-01T00:00:00Z',
          last_seen_at: '2026-01-01T00:00:00Z',
        },
      ],
    });
    expect(series).toEqual([
      { name: 'Norte · Corte', points: [{ id: 'h1', time: '2026-01-01T00:00:00Z', value: 12 }] },
    ]);
  });

  it('builds a time axis with the observation id on every point', () => {
    const option = buildTimelineOption(timelineSeriesFromRows([row({})]), { price: 'USD' });
    expect((option.xAxis as { type: string }).type).toBe('time');
    const [line] = seriesOf(option);
    expect(line?.type).toBe('line');
    expect(line?.data[0]).toEqual({ value: ['2026-11-18T10:00:00.000Z', 1], id: 'o1' });
  });
});

describe('heatmap', () => {
  it('puts a date in the week of its Monday', () => {
    expect(weekStart('2026-11-22T23:00:00Z')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-16T00:00:00Z')).toBe('2026-11-16');
    expect(weekStart('2026-11-24T08:00:00Z')).toBe('2026-11-23');
  });

  it('counts observations per vendor and week, keeping the newest id of each cell', () => {
    const rows = [
      row({ id: 'n1', observed_at: '2026-11-16T09:00:00Z' }),
      row({ id: 'n2', observed_at: '2026-11-18T09:00:00Z' }),
      row({ id: 'n3', observed_at: '2026-11-24T09:00:00Z' }),
      row({ id: 's1', vendor_name: 'Sur', observed_at: '2026-11-17T09:00:00Z' }),
    ];
    const option = buildHeatmapOption(rows, { count: 'Observations' });
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-11-16', '2026-11-23']);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Norte', 'Sur']);
    const cells = seriesOf(option)[0]?.data ?? [];
    expect(cells).toContainEqual({ value: [0, 0, 2], id: 'n2' });
    expect(cells).toContainEqual({ value: [1, 0, 1], id: 'n3' });
    expect(cells).toContainEqual({ value: [0, 1, 1], id: 's1' });
  });

  it('has 10 colour steps and keeps only the busiest vendors', () => {
    const rows = [row({ vendor_name: 'A' }), row({ vendor_name: 'B' }), row({ vendor_name: 'B', id: 'x' })];
    const option = buildHeatmapOption(rows, { count: 'n' }, 1);
    const map = option.visualMap as { splitNumber: number; inRange: { color: string[] } };
    expect(map.splitNumber).toBe(10);
    expect(map.inRange.color).toHaveLength(10);
    expect(HEAT_COLOURS).toHaveLength(10);
    expect((option.yAxis as { data: string[] }).data).toEqual(['B']);
  });
});

describe('scatter', () => {
  it('plots confidence percent against USD price, one series per price type, 6 colours', () => {
    const rows = [
      row({ id: 'p', price_type: 'purchase', confidence_score: 0.634, price_usd: 20 }),
      row({ id: 'h', price_type: 'service_hourly', price_usd: 50 }),
      row({ id: 'z', price_usd: null }),
    ];
    const option = buildScatterOption(rows, { confidence: 'C', price: 'P', types: TYPES });
    expect(option.color).toEqual([...SCATTER_COLOURS]);
    expect(SCATTER_COLOURS).toHaveLength(6);
    const series = seriesOf(option);
    expect(series.map((s) => s.name)).toEqual(['Purchase', 'Per part', 'Hourly', 'License']);
    expect(series[0]?.data).toEqual([{ name: 'Norte · FDM', value: [63, 20], id: 'p' }]);
    expect(series[2]?.data.map((d) => d.id)).toEqual(['h']);
    expect((option.yAxis as { type: string }).type).toBe('log');
  });

  it('falls back to a linear axis when a price is 0', () => {
    const option = buildScatterOption([row({ price_usd: 0 })], { confidence: 'C', price: 'P', types: TYPES });
    expect((option.yAxis as { type: string }).type).toBe('value');
  });
});

describe('click payload', () => {
  it('reads the observation id of a data item', () => {
    expect(observationIdOf({ value: [1, 2], id: 'abc' })).toBe('abc');
    expect(observationIdOf([1, 2])).toBeNull();
    expect(observationIdOf(null)).toBeNull();
  });
});
