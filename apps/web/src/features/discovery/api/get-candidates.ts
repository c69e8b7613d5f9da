import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DiscoveryCandidate,
  listDiscoveryCandidatesOperation,
} from '@preciofab/shared/contracts/discovery';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { DiscoveryCandidate };
export type CandidateList = z.output<typeof listDiscoveryCandidatesOperation.response>;

/** Spec §9: the candidate list asks for 50 pending rows. */
export const CANDIDATES_LIMIT = 50;

export function getCandidates(signal?: AbortSignal): Promise<CandidateList> {
  return api.get<CandidateList>(pathOf(API_ROUTES.listDiscoveryCandidates), {
    query: { status: 'pending', limit: CANDIDATES_LIMIT },
    signal,
  });
}

export const CANDIDATES_QUERY_KEY = ['discovery', 'candidates'] as const;

/** Spec §7: 2 retries, no refetch on focus. */
export const candidatesQueryOptions = () =>
  queryOptions({
    queryKey: CANDIDATES_QUERY_KEY,
    queryFn: ({ signal }) => getCandidates(signal),
    retry: 2,
    refetchOnWindowFocus: false,
  });

export function useCandidates() {
  return useQuery(candidatesQueryOptions());
}
