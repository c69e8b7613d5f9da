import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BenchmarkCalculate,
  calculateBenchmarksOperation,
} from '@preciofab/shared/contracts/benchmarks';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { BENCHMARKS_QUERY_KEY } from './get-benchmarks.ts';

export type CalculationQueued = z.output<typeof calculateBenchmarksOperation.response>;

/** The calculation is a background job: the lists are fetched again now and once more when it
 * has most likely finished (its progress shows on the dashboard's pipeline panel). */
const SETTLE_DELAY_MS = 4_000;

export function calculateBenchmarks(input: BenchmarkCalculate): Promise<CalculationQueued> {
  return api.post<CalculationQueued>(pathOf(API_ROUTES.calculateBenchmarks), input);
}

export function useCalculateBenchmarks() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BENCHMARKS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
    ]);
  return useMutation({
    mutationFn: calculateBenchmarks,
    onSuccess: async () => {
      setTimeout(() => void refresh(), SETTLE_DELAY_MS);
      await refresh();
    },
  });
}
