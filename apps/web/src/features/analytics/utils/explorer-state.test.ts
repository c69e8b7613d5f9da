import { describe, expect, it } from 'vitest';
import {
  boxPlotRequest,
  explorerReducer,
  heatmapRequest,
  INITIAL_EXPLORER,
  insightAggregations,
  pageRange,
  pivotRequest,
  sameViewShape,
  scatterRequest,
  tableRequest,
  toggleSort,
} from './explorer-state.ts';

const fdm = { field: 'technology', operator: 'eq', value: 'fdm' } as const;

describe('explorer paging', () => {
  it('reads Showing X to Y of Z with the edges disabled', () => {
    expect(pageRange(0, 6156)).toEqual({ from: 1, to: 50, total: 6156, hasPrevious: false, hasNext: true });
    expect(pageRange(1, 6156)).toMatchObject({ from: 51, to: 100, hasPrevious: true, hasNext: true });
    expect(pageRange(123, 6156)).toMatchObject({ from: 6151, to: 6156, hasPrevious: true, hasNext: false });
    expect(pageRange(0, 50)).toMatchObject({ from: 1, to: 50, hasNext: false });
    expect(pageRange(0, 0)).toMatchObject({ from: 0, to: 0, hasPrevious: false, hasNext: false });
  });

  it('moves within the pages and asks the server for offset page × 50', () => {
    let s = explorerReducer(INITIAL_EXPLORER, { type: 'page', delta: -1, total: 120 });
    expect(s.page).toBe(0);
    s = explorerReducer(s, { type: 'page', delta: 1, total: 120 });
    s = explorerReducer(s, { type: 'page', delta: 1, total: 120 });
    s = explorerReducer(s, { type: 'page', delta: 1, total: 120 });
    expect(s.page).toBe(2);
    expect(tableRequest(s)).toMatchObject({ offset: 100, limit: 50 });
  });
});

describe('explorer sorting', () => {
  it('flips the sorted column and starts another ascending', () => {
    expect(toggleSort({ field: 'price', order: 'asc' }, 'price')).toEqual({ field: 'price', order: 'desc' });
    expect(toggleSort({ field: 'price', order: 'desc' }, 'price')).toEqual({ field: 'price', order: 'asc' });
    expect(toggleSort({ field: 'price', order: 'desc' }, 'vendor_name')).toEqual({
      field: 'vendor_name',
      order: 'asc',
    });
  });

  it('starts cheapest first in USD per base unit and goes back to the first page on a new sort', () => {
    // Not the observed amount: MXN 2,400 (about USD 132) must not rank above USD 220.
    expect(tableRequest(INITIAL_EXPLORER).sort).toEqual([{ field: 'price_usd', order: 'asc' }]);
    const paged = { ...INITIAL_EXPLORER, page: 3 };
    const sorted = explorerReducer(paged, { type: 'sort', field: 'price' });
    expect(sorted).toMatchObject({ page: 0, sort: { field: 'price', order: 'asc' } });
  });
});

describe('explorer filters', () => {
  it('adds a technology filter once, removes it, and resets the page', () => {
    const paged = { ...INITIAL_EXPLORER, page: 2 };
    const one = explorerReducer(paged, { type: 'add_filter', filter: fdm });
    expect(one.filters).toEqual([fdm]);
    expect(one.page).toBe(0);
    expect(explorerReducer(one, { type: 'add_filter', filter: fdm })).toBe(one);
    const none = explorerReducer({ ...one, page: 1 }, { type: 'remove_filter', index: 0 });
    expect(none).toMatchObject({ filters: [], page: 0 });
    expect(tableRequest(one).filters).toEqual([fdm]);
  });

  it('asks for the aggregations of every measure with aliases type_field, prices only counted', () => {
    expect(insightAggregations('avg')).toEqual([
      // An average over USD per cm³ and USD per hour together would be no price at all.
      { field: 'price_usd', type: 'count', alias: 'count_price_usd' },
      { field: 'confidence_score', type: 'avg', alias: 'avg_confidence_score' },
      { field: 'volume_cm3', type: 'avg', alias: 'avg_volume_cm3' },
      { field: 'confidence_score', type: 'count', alias: 'count_confidence_score' },
    ]);
    expect(insightAggregations('count')).toHaveLength(3);
  });
});

describe('explorer chart requests', () => {
  it('asks the server for each view over the same filters, with no page or sample of rows', () => {
    const state = explorerReducer(INITIAL_EXPLORER, { type: 'add_filter', filter: fdm });
    const dated = explorerReducer(state, { type: 'dimension', dimension: 'date' });
    expect(pivotRequest(dated)).toEqual({
      filters: [fdm],
      dimension: 'date',
      measure: 'price',
      aggregation: 'avg',
    });
    expect(heatmapRequest(state)).toMatchObject({ dimension: 'technology', cross: 'material' });
    expect(heatmapRequest(dated)).toMatchObject({ dimension: 'date', cross: 'technology' });
    expect(boxPlotRequest(state)).toEqual({ filters: [fdm], dimension: 'technology', measure: 'price' });
    expect(scatterRequest(state)).toEqual({ filters: [fdm], dimension: 'technology', measure: 'price' });
  });

  it('keeps the last answer on screen only while just the filters change', () => {
    const before = pivotRequest(INITIAL_EXPLORER);
    expect(sameViewShape(before, { ...before, filters: [fdm] })).toBe(true);
    expect(sameViewShape(before, { ...before, dimension: 'date' })).toBe(false);
    expect(sameViewShape(before, heatmapRequest(INITIAL_EXPLORER))).toBe(false);
    expect(sameViewShape(undefined, before)).toBe(false);
  });
});
