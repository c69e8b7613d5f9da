import type {
  ObservationBoxPlotRequest,
  ObservationPivotRequest,
  ObservationScatterRequest,
  ViewAggregation,
  ViewDimension,
  ViewMeasure,
} from '@preciofab/shared/contracts/observation-views';
import type {
  ObservationSearch,
  SearchField,
  SearchOperator,
} from '@preciofab/shared/contracts/observations';

export const VIEWS = ['table', 'pivot', 'scatter', 'heatmap', 'boxplot'] as const;
export type ExplorerView = (typeof VIEWS)[number];
// The contract's lists (observation-views.ts), written out so this module loads no schema.
export const DIMENSIONS = [
  'technology',
  'material',
  'vendor',
  'date',
] as const satisfies readonly ViewDimension[];
export type Dimension = ViewDimension;
export const MEASURES = ['price', 'confidence', 'volume'] as const satisfies readonly ViewMeasure[];
export type Measure = ViewMeasure;
export const AGGREGATIONS = ['avg', 'sum', 'count'] as const satisfies readonly ViewAggregation[];
export type Aggregation = ViewAggregation;
/** Spec §2: the technology dropdown offers these five. */
export const FILTER_TECHNOLOGIES = ['fdm', 'sla', 'sls', 'mjf', 'dmls'] as const;

/** Spec §9: 50 rows a page, pages counted from 0. */
export const PAGE_SIZE = 50;

export type ExplorerFilter = { field: SearchField; operator: SearchOperator; value: string };
export type SortColumn =
  | 'vendor_name'
  | 'price'
  | 'price_usd'
  | 'currency'
  | 'technology'
  | 'material'
  | 'confidence_score'
  | 'observed_at';
export type Sort = { field: SortColumn; order: 'asc' | 'desc' };

export type ExplorerState = {
  view: ExplorerView;
  filters: ExplorerFilter[];
  dimension: Dimension;
  measure: Measure;
  aggregation: Aggregation;
  sort: Sort;
  page: number;
};

export const INITIAL_EXPLORER: ExplorerState = {
  view: 'table',
  filters: [],
  dimension: 'technology',
  measure: 'price',
  aggregation: 'avg',
  // Cheapest first in USD per base unit: the one scale on which prices in MXN, USD and EUR (and
  // per cm³ or per gram) compare; prices without a USD value come last.
  sort: { field: 'price_usd', order: 'asc' },
  page: 0,
};

export type ExplorerAction =
  | { type: 'view'; view: ExplorerView }
  | { type: 'add_filter'; filter: ExplorerFilter }
  | { type: 'remove_filter'; index: number }
  | { type: 'dimension'; dimension: Dimension }
  | { type: 'measure'; measure: Measure }
  | { type: 'aggregation'; aggregation: Aggregation }
  | { type: 'sort'; field: SortColumn }
  | { type: 'page'; delta: 1 | -1; total: number };

const sameFilter = (a: ExplorerFilter, b: ExplorerFilter) =>
  a.field === b.field && a.operator === b.operator && a.value === b.value;

/** A click on the sorted column flips its order; another column starts ascending. */
export function toggleSort(sort: Sort, field: SortColumn): Sort {
  if (sort.field !== field) return { field, order: 'asc' };
  return { field, order: sort.order === 'asc' ? 'desc' : 'asc' };
}

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.type) {
    case 'view':
      return { ...state, view: action.view };
    case 'add_filter':
      // The same filter twice would change nothing.
      if (state.filters.some((f) => sameFilter(f, action.filter))) return state;
      return { ...state, filters: [...state.filters, action.filter], page: 0 };
    case 'remove_filter':
      return { ...state, filters: state.filters.filter((_, i) => i !== action.index), page: 0 };
    case 'dimension':
      return { ...state, dimension: action.dimension };
    case 'measure':
      return { ...state, measure: action.measure };
    case 'aggregation':
      return { ...state, aggregation: action.aggregation };
    case 'sort':
      return { ...state, sort: toggleSort(state.sort, action.field), page: 0 };
    case 'page': {
      const last = Math.max(0, Math.ceil(action.total / PAGE_SIZE) - 1);
      return { ...state, page: Math.min(last, Math.max(0, state.page + action.delta)) };
    }
  }
}

/** 'Showing X to Y of Z results' and whether Previous and Next may move. */
export function pageRange(page: number, total: number, size = PAGE_SIZE) {
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min((page + 1) * size, total);
  return { from, to, total, hasPrevious: page > 0, hasNext: (page + 1) * size < total };
}

/** The search field each measure reads: prices compare in USD per base unit. */
export const MEASURE_FIELD: Record<Measure, SearchField> = {
  price: 'price_usd',
  confidence: 'confidence_score',
  volume: 'volume_cm3',
};

/** Quick Insights: the selected aggregation of every measure, and the number of observations.
 * Prices are only counted: a sum or average of USD per cm³ with USD per hour means nothing (the
 * pivot gives them per base unit). */
export function insightAggregations(aggregation: Aggregation): ObservationSearch['aggregations'] {
  const list = MEASURES.map((m) => ({
    field: MEASURE_FIELD[m],
    type: m === 'price' ? ('count' as const) : aggregation,
  }));
  if (aggregation !== 'count') list.push({ field: 'confidence_score', type: 'count' });
  return list.map((a) => ({ ...a, alias: `${a.type}_${a.field}` }));
}

/** The search body of a table page. */
export function tableRequest(state: ExplorerState): ObservationSearch {
  return {
    filters: state.filters,
    sort: [state.sort],
    offset: state.page * PAGE_SIZE,
    limit: PAGE_SIZE,
    aggregations: insightAggregations(state.aggregation),
  };
}

/** The pivot table: the aggregation of the measure per group, over the whole filtered set. */
export function pivotRequest(state: ExplorerState): ObservationPivotRequest {
  return {
    filters: state.filters,
    dimension: state.dimension,
    measure: state.measure,
    aggregation: state.aggregation,
  };
}

/** The heatmap's second axis: material against technology, technology against anything else. */
export const heatmapCross = (dimension: Dimension): Dimension =>
  dimension === 'technology' ? 'material' : 'technology';

export function heatmapRequest(state: ExplorerState): ObservationPivotRequest {
  return { ...pivotRequest(state), cross: heatmapCross(state.dimension) };
}

export function boxPlotRequest(state: ExplorerState): ObservationBoxPlotRequest {
  return { filters: state.filters, dimension: state.dimension, measure: state.measure };
}

/** The scatter's sample size is the server's default (VIEW_LIMITS.scatterPoints). */
export function scatterRequest(state: ExplorerState): Omit<ObservationScatterRequest, 'limit'> {
  return { filters: state.filters, dimension: state.dimension, measure: state.measure };
}

/** Whether a view request differs from another only in its filters: the last answer may then
 * stay on screen while the new one loads (a new dimension or measure would be mislabelled). */
export function sameViewShape(before: unknown, next: object): boolean {
  if (typeof before !== 'object' || before === null) return false;
  const a = Object.entries(before).filter(([k]) => k !== 'filters');
  const b = Object.entries(next).filter(([k]) => k !== 'filters');
  return a.length === b.length && a.every(([k, v]) => (next as Record<string, unknown>)[k] === v);
}
