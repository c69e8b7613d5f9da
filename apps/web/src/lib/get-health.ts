import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '@preciofab/shared/contracts/stats';
import { api } from './api-client.ts';

export type { Health };

/** Spec §9: health is refetched every 30 s. */
const HEALTH_REFETCH_MS = 30_000;

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return api.get<Health>('/health', { signal });
}

// The dashboard and settings share this one cached answer.
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_REFETCH_MS,
    retry: 3,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
