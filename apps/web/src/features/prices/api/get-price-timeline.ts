import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  getPriceTimelineOperation,
  getPriceTimelinePointOperation,
  type PriceTimeline,
  type PriceTimelinePoint,
} from '@preciofab/shared/contracts/prices';
import { api } from '../../../lib/api-client.ts';
import { PRICES_QUERY_KEY, type PriceChartFilters } from './get-prices.ts';

export type { PriceTimeline };

/** GET /api/v1/prices/timeline: computed by the server over every price matching the filters. */
export function getPriceTimeline(filters: PriceChartFilters, signal?: AbortSignal): Promise<PriceTimeline> {
  return api.get<PriceTimeline>(getPriceTimelineOperation.path, {
    query: { search: filters.search, currency: filters.currency },
    signal,
  });
}

// Under the lists' prefix: a new price invalidates the charts too.
export const priceTimelineQueryOptions = (filters: PriceChartFilters) =>
  queryOptions({
    queryKey: [...PRICES_QUERY_KEY, 'timeline', filters],
    queryFn: ({ signal }) => getPriceTimeline(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePriceTimeline(filters: PriceChartFilters, enabled = true) {
  return useQuery({ ...priceTimelineQueryOptions(filters), enabled });
}

/** GET /api/v1/prices/timeline/point: the newest observation of one offer's bucket, under the
 * same filters (a point carries no observation of its own: it is asked for on a click). */
export function getPriceTimelinePoint(
  filters: PriceChartFilters,
  point: { offerId: string; at: string; bucket: PriceTimeline['bucket'] },
): Promise<PriceTimelinePoint> {
  return api.get<PriceTimelinePoint>(getPriceTimelinePointOperation.path, {
    query: {
      search: filters.search,
      currency: filters.currency,
      offer_id: point.offerId,
      at: point.at,
      bucket: point.bucket,
    },
  });
}
