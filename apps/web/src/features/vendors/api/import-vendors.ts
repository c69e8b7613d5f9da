import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { importVendorsOperation, VendorCreate } from '@preciofab/shared/contracts/vendors';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { VENDORS_QUERY_KEY } from './get-vendors.ts';

export type VendorImportResult = z.output<typeof importVendorsOperation.response>;

/** All or none: the server adds every row in one transaction. */
export function importVendors(rows: readonly VendorCreate[]): Promise<VendorImportResult> {
  return api.post<VendorImportResult>(pathOf(API_ROUTES.importVendors), { rows });
}

export function useImportVendors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importVendors,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
