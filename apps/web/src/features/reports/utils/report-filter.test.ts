import { describe, expect, it } from 'vitest';
import type { Report } from '@preciofab/shared/contracts/reports';
import { countByFilter, filterReports, reportsOf } from './report-filter.ts';

const report = (id: string, type: Report['type']) => ({ id, type }) as Report;
const list = [
  report('a', 'pricing'),
  report('b', 'vendor'),
  report('c', 'discovery'),
  report('d', 'pricing'),
];

describe('reports filter', () => {
  it('keeps every report, discovery included, under all', () => {
    expect(filterReports(list, 'all').map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('narrows to one type', () => {
    expect(filterReports(list, 'pricing').map((r) => r.id)).toEqual(['a', 'd']);
    expect(filterReports(list, 'benchmark')).toEqual([]);
  });

  it('counts each tab', () => {
    expect(countByFilter(list)).toEqual({ all: 4, pricing: 2, vendor: 1, benchmark: 0 });
  });

  it('reads the list from data, the body itself, or nothing', () => {
    expect(reportsOf({ data: list, total: 4 })).toHaveLength(4);
    expect(reportsOf(list)).toHaveLength(4);
    expect(reportsOf(undefined)).toEqual([]);
    expect(reportsOf({ detail: 'x' })).toEqual([]);
  });
});
