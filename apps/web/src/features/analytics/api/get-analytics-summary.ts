import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '@preciofab/shared/contracts/analytics';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { AnalyticsSummary };

/** Technologies counted and the average confidence with its breakdown, from the data. */
export function getAnalyticsSummary(signal?: AbortSignal): Promise<AnalyticsSummary> {
  return api.get<AnalyticsSummary>(pathOf(API_ROUTES.getAnalyticsSummary), { signal });
}

export const analyticsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'analytics'],
    queryFn: ({ signal }) => getAnalyticsSummary(signal),
  });

export function useAnalyticsSummary() {
  return useQuery(analyticsSummaryQueryOptions());
}
