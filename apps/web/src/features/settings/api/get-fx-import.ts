import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FxImportStatus } from '@preciofab/shared/contracts/fx-rates';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { isImportPending } from '../utils/fx-import.ts';
import { invalidateRateDependents } from './update-fx-rates.ts';

export type { FxImportStatus };

export function getFxImport(jobId: string, signal?: AbortSignal): Promise<FxImportStatus> {
  return api.get<FxImportStatus>(pathOf(API_ROUTES.getFxImport, { id: jobId }), { signal });
}

export const fxImportQueryKey = (jobId: string) => ['fx-rates', 'imports', jobId] as const;

/** While the import is queued or running its status is asked again every second. */
const POLL_MS = 1000;

export const fxImportQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: fxImportQueryKey(jobId),
    queryFn: ({ signal }) => getFxImport(jobId, signal),
    refetchInterval: (query) => (!query.state.data || isImportPending(query.state.data) ? POLL_MS : false),
    // A finished import never changes; a pending one is polled above.
    staleTime: Infinity,
  });

/** The status of one import (none while `jobId` is null). When it completes, the rates and every
 * USD figure are fetched again: its rates re-normalized prices that had none. */
export function useFxImport(jobId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...fxImportQueryOptions(jobId ?? ''), enabled: jobId !== null });
  const completed = query.data?.state === 'completed' && (query.data.result?.rates ?? 0) > 0;
  useEffect(() => {
    if (completed) void invalidateRateDependents(queryClient);
  }, [completed, jobId, queryClient]);
  return query;
}
