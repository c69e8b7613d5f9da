import type {
  ObservationSearch,
  SearchField,
  SearchOperator,
} from '@preciofab/shared/contracts/observations';

export const VIEWS = ['table', 'pivot', 'scatter', 'heatmap', 'boxplot'] as const;
export type ExplorerView = (typeof VIEWS)[number];
export const DIMENSIONS = ['technology', 'material', 'vendor', 'date'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const MEASURES = ['price', 'confidence', 'volume'] as const;
export type Measure = (typeof MEASURES)[number];
export const AGGREGATIONS = ['avg', 'sum', 'count'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
/** Spec §2: the technology dropdown offers these five. */
export const FILTER_TECHNOLOGIES = ['fdm', 'sla', 'sls', 'mjf', 'dmls'] as const;

/** Spec §9: 50 rows a page, pages counted from 0. */
export const PAGE_SIZE = 50;
/** The chart views summarise up to this many rows (the search's largest page). */
export const CHART_SAMPLE = 500;

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
  // The server's own default order, made visible on the Observed column.
  sort: { field: 'observed_at', order: 'desc' },
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

/** Quick Insights: the selected aggregation of every measure, and the number of observations. */
export function insightAggregations(aggregation: Aggregation): ObservationSearch['aggregations'] {
  const list = MEASURES.map((m) => ({ field: MEASURE_FIELD[m], type: aggregation }));
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

/** The rows the chart views summarise: the first CHART_SAMPLE in the same order. */
export function chartRequest(state: ExplorerState): ObservationSearch {
  return { filters: state.filters, sort: [state.sort], offset: 0, limit: CHART_SAMPLE, aggregations: [] };
}
