import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateVendorOperation, vendorUpdateBody } from '@preciofab/shared/contracts/vendors';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { VENDORS_QUERY_KEY } from './get-vendors.ts';

export type VendorUpdateInput = z.input<typeof vendorUpdateBody>;
export type UpdatedVendor = z.output<typeof updateVendorOperation.response>;

export function updateVendor({
  id,
  patch,
}: {
  id: string;
  patch: VendorUpdateInput;
}): Promise<UpdatedVendor> {
  return api.patch<UpdatedVendor>(pathOf(API_ROUTES.updateVendor, { id }), patch);
}

/** Changes a vendor; the vendor lists are fetched again. */
export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
  });
}
