import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BENCHMARK_FILTERS,
  FILTER_REGIONS,
  FILTER_WINDOWS,
  CALCULATION_REGION_OPTIONS,
  CALCULATION_WINDOWS,
  parseFilter,
} from './benchmark-filters.ts';
import {
  CALCULATE_DEFAULTS,
  calculateFormSchema,
  toCalculateBody,
  type CalculateValues,
} from './calculate-form.ts';

const issues = (values: CalculateValues) =>
  calculateFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('benchmark filters', () => {
  it('start on 3D printing, CDMX, 30 days', () => {
    expect(DEFAULT_BENCHMARK_FILTERS).toEqual({
      category: 'additive_manufacturing',
      region: 'CDMX',
      timeWindow: 30,
    });
  });

  it('offer the spec regions and windows', () => {
    expect(FILTER_REGIONS).toEqual(['CDMX', 'Mexico', 'LATAM', 'Global']);
    expect(FILTER_WINDOWS).toEqual([30, 90, 180, 365]);
    expect(CALCULATION_REGION_OPTIONS).toEqual(['CDMX', 'Mexico', 'LATAM']);
    expect(CALCULATION_WINDOWS).toEqual([7, 30, 90, 365]);
  });

  it('read a select value back, ignoring anything not offered', () => {
    expect(parseFilter(FILTER_WINDOWS, '90')).toBe(90);
    expect(parseFilter(FILTER_WINDOWS, '7')).toBeUndefined();
    expect(parseFilter(FILTER_REGIONS, 'Global')).toBe('Global');
  });
});

describe('calculate form', () => {
  it('omits category and region for All and sends the defaults', () => {
    expect(toCalculateBody(CALCULATE_DEFAULTS)).toEqual({
      time_window_days: 30,
      min_observations: 3,
      force_recalculation: false,
    });
    expect(toCalculateBody({ ...CALCULATE_DEFAULTS, category: 'materials', region: 'LATAM' })).toMatchObject({
      category: 'materials',
      region: 'LATAM',
    });
  });

  it.each(['0', '-2', ''])('rejects %j minimum observations with the spec message', (min) => {
    expect(issues({ ...CALCULATE_DEFAULTS, min_observations: min })).toEqual([
      ['min_observations', 'validation.min_observations_min'],
    ]);
  });

  it('caps minimum observations at 100', () => {
    expect(issues({ ...CALCULATE_DEFAULTS, min_observations: '100' })).toEqual([]);
    expect(issues({ ...CALCULATE_DEFAULTS, min_observations: '101' })).toEqual([
      ['min_observations', 'validation.min_observations_max'],
    ]);
  });
});
