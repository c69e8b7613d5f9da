import { describe, expect, it } from 'vitest';
import type { PriceHeatmap, PriceScatter, PriceTimeline } from '@preciofab/shared/contracts/prices';
import {
  buildHeatmapOption,
  buildScatterOption,
  buildTimelineOption,
  HEAT_COLOURS,
  observationIdOf,
  SCATTER_COLOURS,
  timelineSeriesFromHistory,
  timelineSeriesFromServer,
  timelineTargetOf,
} from './chart-options.ts';

type Point = PriceScatter['points'][number];
const point = (over: Partial<Point>): Point => ({
  observation_id: 'o1',
  vendor_name: 'Norte',
  offer_name: 'FDM',
  price_usd: 1,
  confidence_score: 0.9,
  price_type: 'service_per_part',
  base_unit: 'cm3',
  ...over,
});

type Series = { name: string; type: string; data: Array<{ value: unknown[]; id?: string; opens?: unknown }> };
const seriesOf = (option: Record<string, unknown>) => option.series as Series[];

const TYPES = {
  purchase: 'Purchase',
  service_per_part: 'Per part',
  service_hourly: 'Hourly',
  license_subscription: 'License',
};

const timeline: PriceTimeline = {
  total: 10,
  priced: 9,
  bucket: 'day',
  offers_total: 2,
  offers: [
    {
      offer_id: 'A',
      observation_id: 'a2',
      vendor_name: 'Norte',
      offer_name: 'FDM',
      base_unit: 'cm3',
      observations: 6,
    },
    {
      offer_id: 'B',
      observation_id: 'b1',
      vendor_name: 'Sur',
      offer_name: 'SLA',
      base_unit: null,
      observations: 3,
    },
  ],
  series_limit: 8,
  series: [
    {
      offer_id: 'A',
      points: [
        { at: '2026-11-01', value: 1, observations: 4 },
        { at: '2026-11-10', value: 2, observations: 2 },
      ],
    },
    { offer_id: 'B', points: [{ at: '2026-11-03', value: 5, observations: 3 }] },
  ],
};

describe('timeline', () => {
  it('names each drawn offer and keeps its points, each with the offer and bucket a click asks about', () => {
    const series = timelineSeriesFromServer(
      timeline,
      (o) => `${o.vendor_name} · ${o.offer_name} (${o.base_unit})`,
    );
    expect(series.map((s) => s.name)).toEqual(['Norte · FDM (cm3)', 'Sur · SLA (null)']);
    expect(series[0]?.points).toEqual([
      { time: '2026-11-01', value: 1, opens: { offerId: 'A', at: '2026-11-01', bucket: 'day' } },
      { time: '2026-11-10', value: 2, opens: { offerId: 'A', at: '2026-11-10', bucket: 'day' } },
    ]);
    expect(timelineSeriesFromServer(timeline).map((s) => s.name)).toEqual(['Norte · FDM', 'Sur · SLA']);
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
      {
        name: 'Norte · Corte',
        points: [{ time: '2026-01-01T00:00:00Z', value: 12, opens: { observationId: 'h1' } }],
      },
    ]);
  });

  it('builds a time axis with what a click opens on every point, read back from the clicked item', () => {
    const option = buildTimelineOption(timelineSeriesFromServer(timeline), { price: 'USD' });
    expect((option.xAxis as { type: string }).type).toBe('time');
    const [line] = seriesOf(option);
    expect(line?.type).toBe('line');
    const item = line?.data[0];
    expect(item).toEqual({
      value: ['2026-11-01', 1],
      opens: { offerId: 'A', at: '2026-11-01', bucket: 'day' },
    });
    expect(timelineTargetOf(item)).toEqual({ offerId: 'A', at: '2026-11-01', bucket: 'day' });
    expect(timelineTargetOf({ value: [1, 2], opens: { observationId: 'h1' } })).toEqual({
      observationId: 'h1',
    });
    expect(timelineTargetOf({ opens: { offerId: 'A', at: '2026-11-01', bucket: 'year' } })).toBeNull();
    expect(timelineTargetOf({ opens: { observationId: '' } })).toBeNull();
    expect(timelineTargetOf({ value: [1, 2], id: 'abc' })).toBeNull();
    expect(timelineTargetOf(null)).toBeNull();
  });
});

describe('heatmap', () => {
  const heatmap: PriceHeatmap = {
    total: 4,
    bucket: 'week',
    vendors_total: 3,
    vendor_limit: 2,
    vendors: [
      { vendor_id: 'v1', name: 'Norte' },
      { vendor_id: 'v2', name: 'Sur' },
    ],
    buckets_total: 2,
    bucket_limit: 104,
    buckets: ['2026-11-16', '2026-11-23'],
    cells: [
      { vendor_id: 'v1', at: '2026-11-16', observations: 2, observation_id: 'n2' },
      { vendor_id: 'v1', at: '2026-11-23', observations: 1, observation_id: 'n3' },
      { vendor_id: 'v2', at: '2026-11-16', observations: 1, observation_id: null },
    ],
  };

  it('places each vendor and week cell with its count and newest observation, 10 colour steps', () => {
    const option = buildHeatmapOption(heatmap, { count: 'Observations', bucket: (at) => `w ${at}` });
    expect((option.xAxis as { data: string[] }).data).toEqual(['w 2026-11-16', 'w 2026-11-23']);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Norte', 'Sur']);
    const cells = seriesOf(option)[0]?.data ?? [];
    expect(cells).toEqual([
      { value: [0, 0, 2], id: 'n2' },
      { value: [1, 0, 1], id: 'n3' },
      { value: [0, 1, 1], id: '' },
    ]);
    expect(observationIdOf(cells[2])).toBeNull();
    const map = option.visualMap as { splitNumber: number; inRange: { color: string[] } };
    expect(map.splitNumber).toBe(10);
    expect(map.inRange.color).toHaveLength(10);
    expect(HEAT_COLOURS).toHaveLength(10);
  });
});

describe('scatter', () => {
  it('plots confidence percent against USD price, one series per price type, 6 colours', () => {
    const points = [
      point({ observation_id: 'p', price_type: 'purchase', confidence_score: 0.634, price_usd: 20 }),
      point({ observation_id: 'h', price_type: 'service_hourly', price_usd: 50 }),
    ];
    const option = buildScatterOption(points, { confidence: 'C', price: 'P', types: TYPES });
    expect(option.color).toEqual([...SCATTER_COLOURS]);
    expect(SCATTER_COLOURS).toHaveLength(6);
    const series = seriesOf(option);
    expect(series.map((s) => s.name)).toEqual(['Purchase', 'Per part', 'Hourly', 'License']);
    expect(series[0]?.data).toEqual([{ name: 'Norte · FDM', value: [63, 20], id: 'p' }]);
    expect(series[2]?.data.map((d) => d.id)).toEqual(['h']);
    expect((option.yAxis as { type: string }).type).toBe('log');
  });

  it('falls back to a linear axis when a price is 0', () => {
    const option = buildScatterOption([point({ price_usd: 0 })], {
      confidence: 'C',
      price: 'P',
      types: TYPES,
    });
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
