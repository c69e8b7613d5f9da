import type { Category } from '@preciofab/shared/catalogue';
import { benchmarkCalculateBody, type BenchmarkCalculate } from '@preciofab/shared/contracts/benchmarks';
import type { FieldError } from '@preciofab/shared/errors';
import { toFieldErrors } from '@preciofab/shared/validation';
import type { CALCULATION_REGION_OPTIONS, CALCULATION_WINDOWS } from './benchmark-filters.ts';

export type CalculateValues = {
  category: Category | 'all';
  region: (typeof CALCULATION_REGION_OPTIONS)[number] | 'all';
  time_window_days: (typeof CALCULATION_WINDOWS)[number];
  min_observations: string;
  force_recalculation: boolean;
};

/** Spec §4 benchmark calculation defaults: All, All, 30 days, 3 observations, not forced. */
export const CALCULATE_DEFAULTS: CalculateValues = {
  category: 'all',
  region: 'all',
  time_window_days: 30,
  min_observations: '3',
  force_recalculation: false,
};

/** Spec §3: category and region are omitted when All. */
export function toCalculateBody(values: CalculateValues) {
  const min = values.min_observations.trim();
  return {
    ...(values.category === 'all' ? {} : { category: values.category }),
    ...(values.region === 'all' ? {} : { region: values.region }),
    time_window_days: values.time_window_days,
    min_observations: min === '' ? Number.NaN : Number(min),
    force_recalculation: values.force_recalculation,
  };
}

export function validateCalculate(
  values: CalculateValues,
): { ok: true; body: BenchmarkCalculate } | { ok: false; errors: FieldError[] } {
  const parsed = benchmarkCalculateBody.safeParse(toCalculateBody(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors = toFieldErrors(parsed.error.issues);
  return { ok: false, errors: errors.filter((e, i) => errors.findIndex((x) => x.field === e.field) === i) };
}
