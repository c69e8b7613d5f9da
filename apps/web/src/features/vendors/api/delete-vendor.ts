import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { VENDORS_QUERY_KEY } from './get-vendors.ts';

export function deleteVendor(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(pathOf(API_ROUTES.deleteVendor, { id }));
}

/** Deletes a vendor (with its targets, offers and observations): lists and dashboard counts change. */
export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendor,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
