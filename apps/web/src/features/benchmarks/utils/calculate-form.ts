import { z } from 'zod';
import type { Category } from '@preciofab/shared/catalogue';
import { benchmarkCalculateBody } from '@preciofab/shared/contracts/benchmarks';
import type { CALCULATION_REGION_OPTIONS, CALCULATION_WINDOWS } from './benchmark-filters.ts';

export type CalculateValues = {
  category: Category | 'all';
  region: (typeof CALCULATION_REGION_OPTIONS)[number] | 'all';
  time_window_days: (typeof CALCULATION_WINDOWS)[number];
  /** As typed, so a half-typed number is kept. */
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

/** Spec §3: category and region are omitted when All; an empty box goes as NaN so the contract
 * says what is wrong. */
export function toCalculateBody(values: CalculateValues): z.input<typeof benchmarkCalculateBody> {
  const min = values.min_observations.trim();
  return {
    ...(values.category === 'all' ? {} : { category: values.category }),
    ...(values.region === 'all' ? {} : { region: values.region }),
    time_window_days: values.time_window_days,
    min_observations: min === '' ? Number.NaN : Number(min),
    force_recalculation: values.force_recalculation,
  };
}

/** The dialog checked by the server's own schema (spec §5 messages written once). */
export const calculateFormSchema = z
  .custom<CalculateValues>()
  .transform(toCalculateBody)
  .pipe(benchmarkCalculateBody);
