import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPriceScatterOperation, type PriceScatter } from '@preciofab/shared/contracts/prices';
import { api } from '../../../lib/api-client.ts';
import { PRICES_QUERY_KEY, type PriceChartFilters } from './get-prices.ts';

export type { PriceScatter };

/** GET /api/v1/prices/scatter: computed by the server over every price matching the filters. */
export function getPriceScatter(filters: PriceChartFilters, signal?: AbortSignal): Promise<PriceScatter> {
  return api.get<PriceScatter>(getPriceScatterOperation.path, {
    query: { search: filters.search, currency: filters.currency },
    signal,
  });
}

// Under the lists' prefix: a new price invalidates the charts too.
export const priceScatterQueryOptions = (filters: PriceChartFilters) =>
  queryOptions({
    queryKey: [...PRICES_QUERY_KEY, 'scatter', filters],
    queryFn: ({ signal }) => getPriceScatter(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePriceScatter(filters: PriceChartFilters, enabled = true) {
  return useQuery({ ...priceScatterQueryOptions(filters), enabled });
}
