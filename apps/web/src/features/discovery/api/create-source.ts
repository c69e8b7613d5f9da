import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import type { SourceBody } from '../utils/source-form.ts';
import { SOURCES_QUERY_KEY } from './get-sources.ts';

export function createSource(body: SourceBody): Promise<DiscoverySource> {
  return api.post<DiscoverySource>(pathOf(API_ROUTES.createDiscoverySource), body);
}

/** Adds a source (admins only); the source list and the dashboard's active-source count reload. */
export function useCreateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSource,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
