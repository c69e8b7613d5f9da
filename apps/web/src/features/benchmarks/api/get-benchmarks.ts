import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Benchmark } from '@preciofab/shared/contracts/benchmarks';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { BenchmarkFilters } from '../utils/benchmark-filters.ts';

export type { Benchmark };

/** Spec §7: reads data; a 404 is an empty list. */
export async function getBenchmarks(filters: BenchmarkFilters, signal?: AbortSignal): Promise<Benchmark[]> {
  try {
    const body = await api.get<{ data: Benchmark[] }>(pathOf(API_ROUTES.listBenchmarks), {
      query: { category: filters.category, region: filters.region, time_window: filters.timeWindow },
      signal,
    });
    return body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** Every benchmark query shares this prefix, so a calculation refreshes them all. */
export const BENCHMARKS_QUERY_KEY = ['benchmarks'] as const;

export const benchmarksQueryOptions = (filters: BenchmarkFilters) =>
  queryOptions({
    queryKey: [...BENCHMARKS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => getBenchmarks(filters, signal),
    // A filter change keeps the last cards on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useBenchmarks(filters: BenchmarkFilters) {
  return useQuery(benchmarksQueryOptions(filters));
}
