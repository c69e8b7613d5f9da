import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { runDiscoverySourceOperation } from '@preciofab/shared/contracts/discovery';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { CANDIDATES_QUERY_KEY } from './get-candidates.ts';
import { SOURCES_QUERY_KEY } from './get-sources.ts';

export type RunQueued = z.output<typeof runDiscoverySourceOperation.response>;

export function runSource(id: string): Promise<RunQueued> {
  return api.post<RunQueued>(pathOf(API_ROUTES.runDiscoverySource, { id }));
}

/** Queues a run of an active source; the sources then poll until it ends. */
export function useRunSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSource,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CANDIDATES_QUERY_KEY }),
      ]);
    },
  });
}
