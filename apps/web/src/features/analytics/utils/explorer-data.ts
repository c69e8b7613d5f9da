import type {
  ObservationBoxPlot,
  ObservationPivot,
  ObservationScatter,
} from '@preciofab/shared/contracts/observation-views';
import type { BoxGroup } from '../../../components/charts/box-plot-option.ts';
import type { HeatCell } from '../../../components/charts/heatmap-option.ts';
import type { ScatterPoint } from '../../../components/charts/scatter-option.ts';
import type { KeyLabel } from './explorer-labels.ts';
import type { Aggregation, Dimension, Measure } from './explorer-state.ts';

// The server's answers (computed over every observation matching the filters) as the tables and
// chart builders take them: labelled in the UI language, confidence in percent.

/** Confidence is stored 0–1 and read in percent; a count is a count whatever it counts. */
export function displayValue(measure: Measure, value: number, aggregation?: Aggregation): number {
  return measure === 'confidence' && aggregation !== 'count' ? value * 100 : value;
}

export type PivotRow = {
  /** The group's value and base unit: unique, where two vendors may share a name. */
  id: string;
  key: string;
  baseUnit: string | null;
  value: number;
  observations: number;
  observationId: string | null;
};

/** One row per group, in the server's order (largest first, months in order, none last). */
export function pivotRows(
  result: ObservationPivot,
  dimension: Dimension,
  measure: Measure,
  aggregation: Aggregation,
  label: KeyLabel,
): PivotRow[] {
  return result.cells.map((c) => ({
    id: JSON.stringify([c.x.value, c.base_unit]),
    key: label(dimension, c.x),
    baseUnit: c.base_unit,
    value: displayValue(measure, c.value, aggregation),
    observations: c.observations,
    observationId: c.observation_id,
  }));
}

export type Heatmap = { cells: HeatCell[]; xs: string[]; ys: string[] };

/** The cells with both axes in order: columns as the server sent them, rows by their observations
 * (months in order), "not specified" last. */
export function heatmapCells(
  result: ObservationPivot,
  dimension: Dimension,
  cross: Dimension,
  measure: Measure,
  aggregation: Aggregation,
  label: KeyLabel,
): Heatmap {
  const cells = result.cells.map((c) => ({
    x: label(dimension, c.x, c.base_unit),
    y: label(cross, c.y ?? { value: null, label: null }),
    value: displayValue(measure, c.value, aggregation),
    observationId: c.observation_id,
  }));
  const rows = new Map<string, { value: string | null; observations: number }>();
  result.cells.forEach((c, i) => {
    const y = cells[i]!.y;
    const row = rows.get(y) ?? { value: c.y?.value ?? null, observations: 0 };
    row.observations += c.observations;
    rows.set(y, row);
  });
  const ys = [...rows.entries()]
    .sort(([, a], [, b]) =>
      cross === 'date'
        ? (a.value ?? '').localeCompare(b.value ?? '')
        : Number(a.value === null) - Number(b.value === null) || b.observations - a.observations,
    )
    .map(([y]) => y);
  return { cells, xs: [...new Set(cells.map((c) => c.x))], ys };
}

export function boxGroups(
  result: ObservationBoxPlot,
  dimension: Dimension,
  measure: Measure,
  label: KeyLabel,
): BoxGroup[] {
  const v = (value: number) => displayValue(measure, value);
  return result.groups.map((g) => ({
    name: label(dimension, g.key, g.base_unit),
    min: v(g.min),
    q1: v(g.q1),
    median: v(g.median),
    q3: v(g.q3),
    max: v(g.max),
    observationId: g.observation_id,
    outliers: g.outliers.map((o) => ({ observationId: o.observation_id, value: v(o.value) })),
  }));
}

/** Whether some box lists fewer outliers than it has. */
export const outliersCapped = (result: ObservationBoxPlot): boolean =>
  result.groups.some((g) => g.outliers.length < g.outliers_total);

/** Points over time, coloured by the dimension (by technology when the dimension is the date). */
export function scatterPoints(
  result: ObservationScatter,
  dimension: Dimension,
  measure: Measure,
  label: KeyLabel,
): ScatterPoint[] {
  const colourBy: Dimension = dimension === 'date' ? 'technology' : dimension;
  return result.points.map((p) => ({
    observationId: p.observation_id,
    x: Date.parse(p.observed_at),
    y: displayValue(measure, p.value),
    group: label(colourBy, p.key, p.base_unit),
  }));
}
