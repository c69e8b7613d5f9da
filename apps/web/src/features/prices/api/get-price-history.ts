import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistory } from '@preciofab/shared/contracts/prices';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export function getPriceHistory(observationId: string, signal?: AbortSignal): Promise<PriceHistory> {
  return api.get<PriceHistory>(pathOf(API_ROUTES.getPriceHistory, { id: observationId }), { signal });
}

export const priceHistoryQueryOptions = (observationId: string) =>
  queryOptions({
    queryKey: ['prices', 'history', observationId],
    queryFn: ({ signal }) => getPriceHistory(observationId, signal),
  });

/** The offer of one observation with all its observations; idle until an offer is chosen. */
export function usePriceHistory(observationId: string | null) {
  return useQuery({ ...priceHistoryQueryOptions(observationId ?? ''), enabled: observationId !== null });
}
