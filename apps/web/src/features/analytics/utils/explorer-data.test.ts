import { describe, expect, it } from 'vitest';
import {
  aggregate,
  boxGroups,
  heatCells,
  pivotRows,
  scatterPoints,
  type ObservationRow,
} from './explorer-data.ts';

const row = (
  id: string,
  technology: string | null,
  material: string | null,
  price_usd: number | null,
  date = '2025-03-04T10:00:00Z',
) =>
  ({
    id,
    technology,
    material,
    price_usd,
    confidence_score: 0.5,
    volume_cm3: null,
    vendor_name: 'V',
    observed_at: date,
  }) as ObservationRow;

const rows = [
  row('a', 'FDM', 'pla', 2),
  row('b', 'fdm', 'petg', 4),
  row('c', 'sla', 'resin', 9),
  row('d', null, null, 1),
  row('e', 'sla', 'resin', null),
];

describe('explorer data', () => {
  it('aggregates average, sum and count', () => {
    expect(aggregate([1, 2, 6], 'avg')).toBe(3);
    expect(aggregate([1, 2, 6], 'sum')).toBe(9);
    expect(aggregate([1, 2, 6], 'count')).toBe(3);
    expect(aggregate([], 'avg')).toBe(0);
  });

  it('pivots by dimension, case folded, leaving out rows without the measure', () => {
    expect(pivotRows(rows, 'technology', 'price', 'avg', '—')).toEqual([
      { key: 'fdm', value: 3, observations: 2, observationId: 'a' },
      { key: 'sla', value: 9, observations: 1, observationId: 'c' },
      { key: '—', value: 1, observations: 1, observationId: 'd' },
    ]);
    expect(pivotRows(rows, 'date', 'confidence', 'count', '—')).toEqual([
      { key: '2025-03', value: 5, observations: 5, observationId: 'a' },
    ]);
    expect(pivotRows([], 'technology', 'price', 'avg', '—')).toEqual([]);
  });

  it('groups box plot values and scatter points with their observations', () => {
    expect(boxGroups(rows, 'technology', 'price', '—')[0]).toEqual({
      name: 'fdm',
      points: [
        { observationId: 'a', value: 2 },
        { observationId: 'b', value: 4 },
      ],
    });
    const points = scatterPoints(rows, 'date', 'price', '—');
    expect(points).toHaveLength(4);
    expect(points[2]).toEqual({
      observationId: 'c',
      x: Date.parse('2025-03-04T10:00:00Z'),
      y: 9,
      group: 'sla',
    });
  });

  it('crosses technology with material in heatmap cells', () => {
    expect(heatCells(rows, 'technology', 'price', 'sum', '—')).toEqual([
      { x: 'fdm', y: 'petg', value: 4, observationId: 'b' },
      { x: 'fdm', y: 'pla', value: 2, observationId: 'a' },
      { x: 'sla', y: 'resin', value: 9, observationId: 'c' },
      { x: '—', y: '—', value: 1, observationId: 'd' },
    ]);
  });
});
