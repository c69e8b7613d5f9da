import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PRICES_QUERY_KEY } from './get-prices.ts';

/** The currencies the stored prices are in (all of them, not only the loaded page's). Under the
 * prices lists' key, so a new price refreshes it with them. */
export function usePriceCurrencies() {
  return useQuery({
    queryKey: [...PRICES_QUERY_KEY, 'currencies'],
    queryFn: ({ signal }) => api.get<{ data: string[] }>('/api/v1/prices/currencies', { signal }),
    staleTime: 60_000,
  });
}
