import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPriceHeatmapOperation, type PriceHeatmap } from '@preciofab/shared/contracts/prices';
import { api } from '../../../lib/api-client.ts';
import { PRICES_QUERY_KEY, type PriceChartFilters } from './get-prices.ts';

export type { PriceHeatmap };

/** GET /api/v1/prices/heatmap: computed by the server over every price matching the filters. */
export function getPriceHeatmap(filters: PriceChartFilters, signal?: AbortSignal): Promise<PriceHeatmap> {
  return api.get<PriceHeatmap>(getPriceHeatmapOperation.path, {
    query: { search: filters.search, currency: filters.currency },
    signal,
  });
}

// Under the lists' prefix: a new price invalidates the charts too.
export const priceHeatmapQueryOptions = (filters: PriceChartFilters) =>
  queryOptions({
    queryKey: [...PRICES_QUERY_KEY, 'heatmap', filters],
    queryFn: ({ signal }) => getPriceHeatmap(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePriceHeatmap(filters: PriceChartFilters, enabled = true) {
  return useQuery({ ...priceHeatmapQueryOptions(filters), enabled });
}
