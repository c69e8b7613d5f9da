import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listTargetsOperation, Target } from '@preciofab/shared/contracts/targets';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

export type { Target };
type TargetList = z.output<typeof listTargetsOperation.response>;

/** The contract's largest page: the screen shows every target at once. */
export const TARGETS_LIMIT = 500;

/** Spec §7: reads data (or the body itself); a 404 is an empty list. */
export async function getTargets(signal?: AbortSignal): Promise<Target[]> {
  try {
    const body = await api.get<TargetList | Target[]>(pathOf(API_ROUTES.listTargets), {
      query: { limit: TARGETS_LIMIT },
      signal,
    });
    return Array.isArray(body) ? body : body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const TARGETS_QUERY_KEY = ['targets', 'list'] as const;

export const targetsQueryOptions = () =>
  queryOptions({
    queryKey: TARGETS_QUERY_KEY,
    queryFn: ({ signal }) => getTargets(signal),
    // Spec §7: 2 retries, no refetch on focus.
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
    refetchOnWindowFocus: false,
  });

export function useTargets() {
  return useQuery(targetsQueryOptions());
}
