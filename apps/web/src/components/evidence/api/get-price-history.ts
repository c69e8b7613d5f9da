import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistory } from '@preciofab/shared/contracts/prices';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { PriceHistory };

/** The offer of an observation and every observation of it, oldest first. */
export function getPriceHistory(observationId: string, signal?: AbortSignal): Promise<PriceHistory> {
  return api.get<PriceHistory>(pathOf(API_ROUTES.getPriceHistory, { id: observationId }), { signal });
}

export const priceHistoryQueryOptions = (observationId: string) =>
  queryOptions({
    queryKey: ['prices', 'history', observationId],
    queryFn: ({ signal }) => getPriceHistory(observationId, signal),
  });

export function usePriceHistory(observationId: string) {
  return useQuery(priceHistoryQueryOptions(observationId));
}
