import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { PRICES_QUERY_KEY } from './get-prices.ts';

/** The currencies the stored prices are in (all of them, not only the loaded page's). Under the
 * prices lists' key, so a new price refreshes it with them. */
export function usePriceCurrencies() {
  return useQuery({
    queryKey: [...PRICES_QUERY_KEY, 'currencies'],
    queryFn: ({ signal }) => api.get<{ data: string[] }>(pathOf(API_ROUTES.listPriceCurrencies), { signal }),
    staleTime: 60_000,
  });
}
