import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FxRate, fxRatesUpdateBody } from '@preciofab/shared/contracts/fx-rates';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { FX_RATES_QUERY_KEY } from './get-fx-rates.ts';

export type FxRatesUpdateInput = z.input<typeof fxRatesUpdateBody>;

export function updateFxRates(input: FxRatesUpdateInput): Promise<{ data: FxRate[] }> {
  return api.put<{ data: FxRate[] }>(pathOf(API_ROUTES.updateFxRates), input);
}

/** New rates re-normalize the observations that use them, so every USD figure (prices,
 * benchmarks, analytics) is stale afterwards, as are the rate lists. */
export async function invalidateRateDependents(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: FX_RATES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['prices'] }),
    queryClient.invalidateQueries({ queryKey: ['observations'] }),
    queryClient.invalidateQueries({ queryKey: ['benchmarks'] }),
  ]);
}

/** Sets the rates of a date; the server re-normalizes the observations that use them. */
export function useUpdateFxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFxRates,
    onSuccess: () => invalidateRateDependents(queryClient),
  });
}
