import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '@preciofab/shared/contracts/stats';
import { api } from '../../../lib/api-client.ts';
import { DASHBOARD_REFETCH_MS } from './get-dashboard-stats.ts';

export type { Health };

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return api.get<Health>('/health', { signal });
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: DASHBOARD_REFETCH_MS,
    // Spec §7: health retries 3 times, whatever the status.
    retry: 3,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
