import {
  BENCHMARK_CALC_WINDOWS,
  BENCHMARK_FILTER_WINDOWS,
  CALCULATION_REGIONS,
  CATEGORIES,
  REGIONS,
  type Category,
  type Region,
} from '@preciofab/shared/catalogue';

export type FilterWindow = (typeof BENCHMARK_FILTER_WINDOWS)[number];
export type BenchmarkFilters = { category: Category; region: Region; timeWindow: FilterWindow };

/** Spec §2: the filter card starts on 3D printing in CDMX over 30 days. */
export const DEFAULT_BENCHMARK_FILTERS: BenchmarkFilters = {
  category: 'additive_manufacturing',
  region: 'CDMX',
  timeWindow: 30,
};

/** Spec §9: filter regions CDMX, Mexico, LATAM, Global; windows 30, 90, 180, 365 days. */
export const FILTER_CATEGORIES: readonly Category[] = CATEGORIES;
export const FILTER_REGIONS: readonly Region[] = REGIONS;
export const FILTER_WINDOWS: readonly FilterWindow[] = BENCHMARK_FILTER_WINDOWS;

/** Spec §9: calculation regions CDMX, Mexico, LATAM (plus All); windows 7, 30, 90, 365 days. */
export const CALCULATION_REGION_OPTIONS = CALCULATION_REGIONS;
export const CALCULATION_WINDOWS = BENCHMARK_CALC_WINDOWS;

/** Reads a select's value back into a filter, ignoring anything not offered. */
export function parseFilter<T extends string | number>(options: readonly T[], raw: string): T | undefined {
  return options.find((option) => String(option) === raw);
}
