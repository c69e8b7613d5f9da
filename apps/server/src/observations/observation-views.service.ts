import type { Db } from '@preciofab/db/client';
import {
  HISTOGRAM_RELATIVE_ERROR,
  observationViewsRepository,
  type ViewDimension,
} from '@preciofab/db/repositories/observation-views.repository';
import {
  VIEW_LIMITS,
  type ObservationBoxPlot,
  type ObservationBoxPlotRequest,
  type ObservationPivot,
  type ObservationPivotRequest,
  type ObservationScatter,
  type ObservationScatterRequest,
  type ViewKey,
} from '@preciofab/shared/contracts/observation-views';

const key = (value: string | null, label: string | null): ViewKey => ({ value, label });

/** The order groups are shown in: months oldest first; other values by their observations, most
 * first, with "not specified" last. Ties by value, then base unit, so the order is stable. */
function groupOrder<T>(
  dimension: ViewDimension,
  items: readonly T[],
  of: (item: T) => { value: string | null; unit: string | null; observations: number },
): (a: T, b: T) => number {
  const weight = new Map<string, number>();
  const id = (g: { value: string | null; unit: string | null }) => JSON.stringify([g.value, g.unit]);
  for (const item of items) {
    const g = of(item);
    weight.set(id(g), (weight.get(id(g)) ?? 0) + g.observations);
  }
  return (a, b) => {
    const x = of(a);
    const y = of(b);
    const text = (x.value ?? '').localeCompare(y.value ?? '') || (x.unit ?? '').localeCompare(y.unit ?? '');
    if (dimension === 'date') return text;
    return (
      Number(x.value === null) - Number(y.value === null) ||
      (weight.get(id(y)) ?? 0) - (weight.get(id(x)) ?? 0) ||
      text
    );
  };
}

/** The explorer's chart views over every observation matching the search filters. */
export function createObservationViewsService(db: Db) {
  return {
    async pivot(req: ObservationPivotRequest): Promise<ObservationPivot> {
      const heatmap = req.cross !== undefined;
      const xLimit = heatmap ? VIEW_LIMITS.heatmapColumns : VIEW_LIMITS.pivotGroups;
      const yLimit = heatmap ? VIEW_LIMITS.heatmapRows : 0;
      const rows = await observationViewsRepository.pivot(db, {
        filters: req.filters,
        dimension: req.dimension,
        cross: req.cross,
        measure: req.measure,
        aggregation: req.aggregation,
        maxX: xLimit,
        maxY: Math.max(1, yLimit),
      });
      const head = rows[0];
      const cells = rows
        .filter((r) => r.n !== null && r.value !== null)
        .map((r) => ({
          x: key(r.x, r.x_label),
          y: heatmap ? key(r.y, r.y_label) : null,
          base_unit: r.base_unit,
          value: Number(r.value),
          observations: r.n ?? 0,
          observation_id: r.observation_id,
        }));
      const byX = groupOrder(req.dimension, cells, (c) => ({
        value: c.x.value,
        unit: c.base_unit,
        observations: c.observations,
      }));
      const byY = groupOrder(req.cross ?? req.dimension, cells, (c) => ({
        value: c.y?.value ?? null,
        unit: null,
        observations: c.observations,
      }));
      cells.sort((a, b) => byX(a, b) || byY(a, b));
      return {
        total: head?.total ?? 0,
        measured: head?.measured ?? 0,
        cells,
        x_groups: head?.x_groups ?? 0,
        x_limit: xLimit,
        y_groups: heatmap ? (head?.y_groups ?? 0) : 0,
        y_limit: yLimit,
      };
    },

    async boxPlot(req: ObservationBoxPlotRequest): Promise<ObservationBoxPlot> {
      const rows = await observationViewsRepository.boxPlot(db, {
        filters: req.filters,
        dimension: req.dimension,
        measure: req.measure,
        maxGroups: VIEW_LIMITS.boxGroups,
        maxOutliers: VIEW_LIMITS.boxOutliers,
      });
      const head = rows[0];
      const groups = rows
        .filter((r) => r.n !== null)
        .map((r) => ({
          key: key(r.x, r.x_label),
          base_unit: r.base_unit,
          observations: r.n ?? 0,
          min: Number(r.lo),
          q1: Number(r.q1),
          median: Number(r.median),
          q3: Number(r.q3),
          max: Number(r.hi),
          outliers_total: r.outliers_total ?? 0,
          outliers: (r.outliers ?? []).map((o) => ({ observation_id: o.id, value: Number(o.v) })),
          observation_id: r.observation_id,
        }));
      groups.sort(
        groupOrder(req.dimension, groups, (g) => ({
          value: g.key.value,
          unit: g.base_unit,
          observations: g.observations,
        })),
      );
      return {
        total: head?.total ?? 0,
        measured: head?.measured ?? 0,
        groups,
        groups_total: head?.groups_total ?? 0,
        group_limit: VIEW_LIMITS.boxGroups,
        outlier_limit: VIEW_LIMITS.boxOutliers,
        approximate: head?.approximate ? { relative_error: HISTOGRAM_RELATIVE_ERROR } : null,
      };
    },

    async scatter(req: ObservationScatterRequest): Promise<ObservationScatter> {
      // Points spread over time already: a date dimension colours them by technology.
      const colourBy: ViewDimension = req.dimension === 'date' ? 'technology' : req.dimension;
      const sample = (known?: { measured: number }) =>
        observationViewsRepository.scatter(
          db,
          { filters: req.filters, dimension: colourBy, measure: req.measure, limit: req.limit },
          { measured: known?.measured },
        );
      // A filtered sample sizes its hash cut by the set's count: counted once, then sampled. The
      // whole table's sample needs no count, so both go at once.
      const [coverage, rows] = req.filters.length
        ? await observationViewsRepository
            .coverage(db, req.filters, req.measure)
            .then(async (c) => [c, await sample(c)] as const)
        : await Promise.all([observationViewsRepository.coverage(db, req.filters, req.measure), sample()]);
      return {
        total: coverage.total,
        measured: coverage.measured,
        sample_size: rows.length,
        limit: req.limit,
        points: rows.map((r) => ({
          observation_id: r.id,
          observed_at: r.observed_at.toISOString(),
          value: Number(r.v),
          key: key(r.x, r.x_label),
          base_unit: r.base_unit,
        })),
      };
    },
  };
}
