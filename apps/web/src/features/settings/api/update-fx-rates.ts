import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FxRate, fxRatesUpdateBody } from '@preciofab/shared/contracts/fx-rates';
import { api } from '../../../lib/api-client.ts';
import { FX_RATES_QUERY_KEY } from './get-fx-rates.ts';

export type FxRatesUpdateInput = z.input<typeof fxRatesUpdateBody>;

export function updateFxRates(input: FxRatesUpdateInput): Promise<{ data: FxRate[] }> {
  return api.put<{ data: FxRate[] }>('/api/v1/fx-rates', input);
}

/** Sets the rates of a date. The server re-normalizes the observations that use them, so every
 * USD figure (prices, benchmarks, analytics) is stale afterwards. */
export function useUpdateFxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFxRates,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FX_RATES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['prices'] }),
        queryClient.invalidateQueries({ queryKey: ['observations'] }),
        queryClient.invalidateQueries({ queryKey: ['benchmarks'] }),
      ]);
    },
  });
}
