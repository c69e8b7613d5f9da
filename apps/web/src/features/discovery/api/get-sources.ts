import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DiscoverySource, listDiscoverySourcesOperation } from '@preciofab/shared/contracts/discovery';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { DiscoverySource };
export type SourceList = z.output<typeof listDiscoverySourcesOperation.response>;

export function getSources(signal?: AbortSignal): Promise<SourceList> {
  return api.get<SourceList>(pathOf(API_ROUTES.listDiscoverySources), { signal });
}

export const SOURCES_QUERY_KEY = ['discovery', 'sources'] as const;

/** A queued or running source is being worked on by the server. */
export const isRunPending = (source: Pick<DiscoverySource, 'status'>) =>
  source.status === 'queued' || source.status === 'running';

/** While a run is pending the list is polled, so the totals and last-run time update by themselves. */
const POLL_MS = 3000;

export const sourcesQueryOptions = () =>
  queryOptions({
    queryKey: SOURCES_QUERY_KEY,
    queryFn: ({ signal }) => getSources(signal),
    retry: 2,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.data.some(isRunPending) ? POLL_MS : false),
  });

export function useSources() {
  return useQuery(sourcesQueryOptions());
}
