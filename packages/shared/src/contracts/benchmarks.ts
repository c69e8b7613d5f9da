import { z } from 'zod';
import {
  BENCHMARK_CALC_WINDOWS,
  BENCHMARK_FILTER_WINDOWS,
  CALCULATION_REGIONS,
  CATEGORIES,
  REGIONS,
} from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { isoDateTime, limitQuery } from './common.ts';

export const benchmarkSchema = z.object({
  id: z.string(),
  category: z.enum(CATEGORIES),
  subcategory: z.string().nullable(),
  base_unit: z.string(),
  region: z.enum(REGIONS),
  time_window_days: z.number().int(),
  currency: z.literal('USD'),
  tax_basis: z.enum(['net', 'gross']),
  price_p10: z.number(),
  price_p25: z.number(),
  price_p50: z.number(),
  price_p75: z.number(),
  price_p90: z.number(),
  price_mean: z.number().nullable(),
  price_stddev: z.number().nullable(),
  observation_count: z.number().int(),
  vendor_count: z.number().int(),
  average_confidence: z.number().nullable(),
  calculated_at: isoDateTime,
  /** In the list of latest benchmarks: the group's observations in this region and window (up to
   * now) that wait in the review queue, left out of it until decided. Absent in a history. */
  awaiting_review: z.number().int().optional(),
});
export type Benchmark = z.infer<typeof benchmarkSchema>;

/** The filter offers 30/90/180/365 days (spec §9); 7 is accepted too, because a calculation may
 * use it and its results should not be unreachable. */
const FILTER_WINDOWS = [...new Set([...BENCHMARK_CALC_WINDOWS, ...BENCHMARK_FILTER_WINDOWS])].sort(
  (a, b) => a - b,
) as [number, ...number[]];
const timeWindow = z.coerce.number().pipe(z.literal(FILTER_WINDOWS));

export const benchmarkListQuery = z.strictObject({
  category: z.enum(CATEGORIES).optional(),
  region: z.enum(REGIONS).optional(),
  time_window: timeWindow.optional(),
});

export const benchmarkHistoryQuery = z.strictObject({
  category: z.enum(CATEGORIES),
  /** Absent: the group without a subcategory. */
  subcategory: z.string().trim().min(1).max(120).optional(),
  base_unit: z.string().trim().min(1).max(40),
  region: z.enum(REGIONS),
  time_window: timeWindow,
  limit: limitQuery(1000, 100),
});

const minObservations = z
  .number({ error: 'validation.min_observations_min' })
  .int()
  .min(1, 'validation.min_observations_min')
  .max(100, 'validation.min_observations_max');

/** Spec §3 benchmark calculation request; category and region are omitted (or null) for All. */
export const benchmarkCalculateBody = z.strictObject({
  category: z.enum(CATEGORIES).nullish(),
  region: z.enum(CALCULATION_REGIONS).nullish(),
  force_recalculation: z.boolean().default(false),
  min_observations: minObservations.default(3),
  time_window_days: z.literal(BENCHMARK_CALC_WINDOWS).default(30),
});
export type BenchmarkCalculate = z.infer<typeof benchmarkCalculateBody>;

export const listBenchmarksOperation = defineOperation({
  ...API_ROUTES.listBenchmarks,
  tag: 'benchmarks',
  summary: 'The latest benchmark of every category, subcategory, unit, region and window',
  access: 'viewer',
  query: benchmarkListQuery,
  response: z.object({ data: z.array(benchmarkSchema) }),
});

export const benchmarkHistoryOperation = defineOperation({
  ...API_ROUTES.benchmarkHistory,
  tag: 'benchmarks',
  summary: 'Every stored calculation of one benchmark group, oldest first',
  access: 'viewer',
  query: benchmarkHistoryQuery,
  response: z.object({ data: z.array(benchmarkSchema) }),
});

export const calculateBenchmarksOperation = defineOperation({
  ...API_ROUTES.calculateBenchmarks,
  tag: 'benchmarks',
  summary: 'Queue a benchmark calculation; an identical pending request is reused unless forced',
  access: 'operator',
  body: benchmarkCalculateBody,
  response: z.object({ job_id: z.string(), status: z.enum(['queued', 'running']) }),
  status: 202,
});
