import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { SOURCES_QUERY_KEY } from './get-sources.ts';

export function deleteSource(id: string): Promise<unknown> {
  return api.delete(pathOf(API_ROUTES.deleteDiscoverySource, { id }));
}

/** Deletes a source (admins only); its candidates stay. */
export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSource,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
