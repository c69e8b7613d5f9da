import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createVendorOperation, vendorCreateBody } from '@preciofab/shared/contracts/vendors';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { VENDORS_QUERY_KEY } from './get-vendors.ts';

export type VendorCreateInput = z.input<typeof vendorCreateBody>;
export type CreatedVendor = z.output<typeof createVendorOperation.response>;

export function createVendor(input: VendorCreateInput): Promise<CreatedVendor> {
  return api.post<CreatedVendor>(pathOf(API_ROUTES.createVendor), input);
}

/** Adds a vendor; every vendor list (and the dashboard's count) is fetched again. */
export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
