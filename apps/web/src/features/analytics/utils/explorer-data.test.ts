import { describe, expect, it } from 'vitest';
import type {
  ObservationBoxPlot,
  ObservationPivot,
  ObservationScatter,
  ViewKey,
} from '@preciofab/shared/contracts/observation-views';
import {
  boxGroups,
  displayValue,
  heatmapCells,
  outliersCapped,
  pivotRows,
  scatterPoints,
} from './explorer-data.ts';
import type { KeyLabel } from './explorer-labels.ts';

/** A label that shows what it was given: dimension, value and unit. */
const label: KeyLabel = (dimension, key, unit) =>
  `${dimension}:${key.value ?? '—'}${key.label ? `(${key.label})` : ''}${unit ? `/${unit}` : ''}`;
const key = (value: string | null, name: string | null = null): ViewKey => ({ value, label: name });

const cell = (
  x: string | null,
  y: string | null,
  value: number,
  observations: number,
  unit: string | null,
) => ({
  x: key(x),
  y: y === undefined ? null : key(y),
  base_unit: unit,
  value,
  observations,
  observation_id: `o-${x}-${y}`,
});

describe('explorer data', () => {
  it('reads confidence in percent, except a count', () => {
    expect(displayValue('confidence', 0.82, 'avg')).toBeCloseTo(82);
    expect(displayValue('confidence', 14, 'count')).toBe(14);
    expect(displayValue('price', 0.05, 'avg')).toBe(0.05);
  });

  it('labels pivot rows with their base unit apart, in the server order', () => {
    const result: ObservationPivot = {
      total: 10,
      measured: 9,
      cells: [
        { ...cell('fdm', null, 0.12, 5, 'cm3'), y: null },
        { ...cell('fdm', null, 14, 3, 'hour'), y: null },
        { ...cell(null, null, 0.4, 1, 'cm3'), y: null },
      ],
      x_groups: 3,
      x_limit: 100,
      y_groups: 0,
      y_limit: 0,
    };
    expect(pivotRows(result, 'technology', 'price', 'avg', label)).toEqual([
      {
        id: '["fdm","cm3"]',
        key: 'technology:fdm',
        baseUnit: 'cm3',
        value: 0.12,
        observations: 5,
        observationId: 'o-fdm-null',
      },
      {
        id: '["fdm","hour"]',
        key: 'technology:fdm',
        baseUnit: 'hour',
        value: 14,
        observations: 3,
        observationId: 'o-fdm-null',
      },
      {
        id: '[null,"cm3"]',
        key: 'technology:—',
        baseUnit: 'cm3',
        value: 0.4,
        observations: 1,
        observationId: 'o-null-null',
      },
    ]);
  });

  it('orders heatmap rows by observations, none last, and names columns with their unit', () => {
    const result: ObservationPivot = {
      total: 12,
      measured: 12,
      cells: [
        cell('fdm', 'pla', 1, 2, 'cm3'),
        cell('fdm', null, 2, 5, 'cm3'),
        cell('sla', 'resin', 3, 4, 'cm3'),
        cell('sla', 'pla', 4, 1, 'cm3'),
      ],
      x_groups: 2,
      x_limit: 30,
      y_groups: 3,
      y_limit: 20,
    };
    const heat = heatmapCells(result, 'technology', 'material', 'price', 'avg', label);
    expect(heat.xs).toEqual(['technology:fdm/cm3', 'technology:sla/cm3']);
    expect(heat.ys).toEqual(['material:resin', 'material:pla', 'material:—']);
    expect(heat.cells[0]).toEqual({
      x: 'technology:fdm/cm3',
      y: 'material:pla',
      value: 1,
      observationId: 'o-fdm-pla',
    });
    const months = heatmapCells(
      { ...result, cells: [cell('fdm', '2025-03', 1, 9, null), cell('fdm', '2025-01', 1, 1, null)] },
      'technology',
      'date',
      'confidence',
      'count',
      label,
    );
    expect(months.ys).toEqual(['date:2025-01', 'date:2025-03']);
  });

  it('scales box plot statistics and outliers, and says when outliers were left unlisted', () => {
    const result: ObservationBoxPlot = {
      total: 50,
      measured: 50,
      groups: [
        {
          key: key('v1', 'Roma'),
          base_unit: null,
          observations: 50,
          min: 0.2,
          q1: 0.4,
          median: 0.5,
          q3: 0.6,
          max: 0.8,
          outliers_total: 3,
          outliers: [{ observation_id: 'x', value: 0.01 }],
          observation_id: 'newest',
        },
      ],
      groups_total: 1,
      group_limit: 30,
      outlier_limit: 1,
      approximate: null,
    };
    const [group] = boxGroups(result, 'vendor', 'confidence', label);
    expect(group).toMatchObject({ name: 'vendor:v1(Roma)', observationId: 'newest' });
    expect([group!.min, group!.q1, group!.median, group!.q3, group!.max]).toEqual([20, 40, 50, 60, 80]);
    expect(group!.outliers).toEqual([{ observationId: 'x', value: 1 }]);
    expect(outliersCapped(result)).toBe(true);
    expect(outliersCapped({ ...result, groups: [{ ...result.groups[0]!, outliers_total: 1 }] })).toBe(false);
  });

  it('colours scatter points by technology when the dimension is the date', () => {
    const result: ObservationScatter = {
      total: 3,
      measured: 2,
      sample_size: 2,
      limit: 2000,
      points: [
        {
          observation_id: 'a',
          observed_at: '2025-03-04T10:00:00.000Z',
          value: 0.05,
          key: key('sla'),
          base_unit: 'cm3',
        },
      ],
    };
    expect(scatterPoints(result, 'date', 'price', label)).toEqual([
      { observationId: 'a', x: Date.parse('2025-03-04T10:00:00Z'), y: 0.05, group: 'technology:sla/cm3' },
    ]);
  });
});
