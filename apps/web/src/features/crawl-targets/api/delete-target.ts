import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { TARGETS_QUERY_KEY } from './get-targets.ts';

export function deleteTarget(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(pathOf(API_ROUTES.deleteTarget, { id }));
}

/** Deletes a target (its observations stay); the list and the dashboard's count refresh. */
export function useDeleteTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTarget,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TARGETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
