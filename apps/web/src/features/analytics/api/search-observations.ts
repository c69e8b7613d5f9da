import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ObservationSearch, ObservationSearchResult } from '@preciofab/shared/contracts/observations';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { ObservationSearch, ObservationSearchResult };

/** POST /api/v1/observations/search: a read, so it is a query keyed by its body. */
export function searchObservations(
  body: ObservationSearch,
  signal?: AbortSignal,
): Promise<ObservationSearchResult> {
  return api.post<ObservationSearchResult>(pathOf(API_ROUTES.searchObservations), body, { signal });
}

export const searchObservationsQueryOptions = (body: ObservationSearch) =>
  queryOptions({
    queryKey: ['observations', 'search', body],
    queryFn: ({ signal }) => searchObservations(body, signal),
    // Paging and sorting keep the last rows on screen (with a spinner) instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useSearchObservations(body: ObservationSearch, enabled = true) {
  return useQuery({ ...searchObservationsQueryOptions(body), enabled });
}
