import type { ObservationRow } from '@preciofab/shared/contracts/prices';
import type { BoxGroup } from '../../../components/charts/box-plot-option.ts';
import type { HeatCell } from '../../../components/charts/heatmap-option.ts';
import type { ScatterPoint } from '../../../components/charts/scatter-option.ts';
import type { Aggregation, Dimension, Measure } from './explorer-state.ts';

export type { ObservationRow };

/** The value a row has on a dimension; null when it has none (shown as "not specified"). Dates
 * group by month. */
export function dimensionValue(row: ObservationRow, dimension: Dimension): string | null {
  switch (dimension) {
    case 'technology':
      return row.technology?.toLowerCase() ?? null;
    case 'material':
      return row.material?.toLowerCase() ?? null;
    case 'vendor':
      return row.vendor_name;
    case 'date':
      return row.observed_at.slice(0, 7);
  }
}

/** Prices compare in USD per base unit; confidence reads in percent. */
export function measureValue(row: ObservationRow, measure: Measure): number | null {
  switch (measure) {
    case 'price':
      return row.price_usd;
    case 'confidence':
      return row.confidence_score * 100;
    case 'volume':
      return row.volume_cm3;
  }
}

export function aggregate(values: readonly number[], aggregation: Aggregation): number {
  if (aggregation === 'count') return values.length;
  const sum = values.reduce((a, b) => a + b, 0);
  return aggregation === 'sum' ? sum : values.length ? sum / values.length : 0;
}

type Group = { key: string; rows: { row: ObservationRow; value: number }[] };

/** Rows with a value on the measure, grouped by the dimension, largest group first. */
function groupRows(
  rows: readonly ObservationRow[],
  dimension: Dimension,
  measure: Measure,
  none: string,
): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const value = measureValue(row, measure);
    if (value === null || !Number.isFinite(value)) continue;
    const key = dimensionValue(row, dimension) ?? none;
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push({ row, value });
    groups.set(key, group);
  }
  // "Not specified" always comes last.
  const last = (g: Group) => (g.key === none ? 1 : 0);
  const list = [...groups.values()];
  return dimension === 'date'
    ? list.sort((a, b) => last(a) - last(b) || a.key.localeCompare(b.key))
    : list.sort((a, b) => last(a) - last(b) || b.rows.length - a.rows.length || a.key.localeCompare(b.key));
}

export type PivotRow = { key: string; value: number; observations: number; observationId: string };

export function pivotRows(
  rows: readonly ObservationRow[],
  dimension: Dimension,
  measure: Measure,
  aggregation: Aggregation,
  none: string,
): PivotRow[] {
  return groupRows(rows, dimension, measure, none).map((g) => ({
    key: g.key,
    value: aggregate(
      g.rows.map((r) => r.value),
      aggregation,
    ),
    observations: g.rows.length,
    observationId: g.rows[0]!.row.id,
  }));
}

export function boxGroups(
  rows: readonly ObservationRow[],
  dimension: Dimension,
  measure: Measure,
  none: string,
): BoxGroup[] {
  return groupRows(rows, dimension, measure, none).map((g) => ({
    name: g.key,
    points: g.rows.map((r) => ({ observationId: r.row.id, value: r.value })),
  }));
}

/** Points over time, coloured by the dimension (by technology when the dimension is the date). */
export function scatterPoints(
  rows: readonly ObservationRow[],
  dimension: Dimension,
  measure: Measure,
  none: string,
): ScatterPoint[] {
  const colourBy: Dimension = dimension === 'date' ? 'technology' : dimension;
  return rows.flatMap((row) => {
    const y = measureValue(row, measure);
    if (y === null || !Number.isFinite(y)) return [];
    return [
      {
        observationId: row.id,
        x: Date.parse(row.observed_at),
        y,
        group: dimensionValue(row, colourBy) ?? none,
      },
    ];
  });
}

/** The heatmap's second axis: material against technology, technology against anything else. */
export const heatmapCross = (dimension: Dimension): Dimension =>
  dimension === 'technology' ? 'material' : 'technology';

export function heatCells(
  rows: readonly ObservationRow[],
  dimension: Dimension,
  measure: Measure,
  aggregation: Aggregation,
  none: string,
): HeatCell[] {
  const cross = heatmapCross(dimension);
  const cells = new Map<string, { x: string; y: string; values: number[]; observationId: string }>();
  for (const row of rows) {
    const value = measureValue(row, measure);
    if (value === null || !Number.isFinite(value)) continue;
    const x = dimensionValue(row, dimension) ?? none;
    const y = dimensionValue(row, cross) ?? none;
    const key = JSON.stringify([x, y]);
    const cell = cells.get(key) ?? { x, y, values: [], observationId: row.id };
    cell.values.push(value);
    cells.set(key, cell);
  }
  const rank = (v: string) => (v === none ? '\uffff' : v);
  const list = [...cells.values()].sort(
    (a, b) => rank(a.x).localeCompare(rank(b.x)) || rank(a.y).localeCompare(rank(b.y)),
  );
  return list.map((c) => ({
    x: c.x,
    y: c.y,
    value: aggregate(c.values, aggregation),
    observationId: c.observationId,
  }));
}
