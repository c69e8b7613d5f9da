import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health, HealthAnswer } from '@preciofab/shared/contracts/stats';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';

export type { Health };

/** Spec §9: health is refetched every 30 s. */
const HEALTH_REFETCH_MS = 30_000;

/** The details come only with a valid token. Without them (a session that ended while the
 * screen was open) the call counts as a silent 401: the card says it cannot show them. */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  const answer = await api.get<HealthAnswer>(pathOf(API_ROUTES.getHealth), { signal });
  if (!('services' in answer)) throw new ApiError(401, '');
  return answer;
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
