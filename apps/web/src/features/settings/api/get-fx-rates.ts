import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FxRate } from '@preciofab/shared/contracts/fx-rates';
import { api } from '../../../lib/api-client.ts';

export type { FxRate };

export function getFxRates(signal?: AbortSignal): Promise<{ data: FxRate[] }> {
  return api.get<{ data: FxRate[] }>('/api/v1/fx-rates', { signal });
}

export const FX_RATES_QUERY_KEY = ['fx-rates', 'list'] as const;

/** Every stored rate, newest first. */
export const fxRatesQueryOptions = () =>
  queryOptions({ queryKey: FX_RATES_QUERY_KEY, queryFn: ({ signal }) => getFxRates(signal) });

export function useFxRates() {
  return useQuery(fxRatesQueryOptions());
}
