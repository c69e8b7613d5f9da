import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listVendorsOperation } from '@preciofab/shared/contracts/vendors';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';

type VendorList = z.output<typeof listVendorsOperation.response>;
export type VendorOption = { id: string; name: string };

/** Spec §9: a vendor picker asks for 100 vendors. */
export const VENDOR_PICKER_LIMIT = 100;

/** The vendors a form offers to pick (add price, run crawl, crawl target). Spec §7/§8: a 404 is an
 * empty list. */
export async function getVendorOptions(signal?: AbortSignal): Promise<VendorOption[]> {
  try {
    const list = await api.get<VendorList>(pathOf(API_ROUTES.listVendors), {
      query: { limit: VENDOR_PICKER_LIMIT },
      signal,
    });
    return list.data.map(({ id, name }) => ({ id, name }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

// Under the vendors' list prefix, so adding a vendor refreshes every picker too; one key, so the
// three forms share one cached list.
export const vendorOptionsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['vendors', 'list', 'options'],
    queryFn: ({ signal }) => getVendorOptions(signal),
    enabled,
  });

/** `enabled`: only when the form shows the picker (e.g. no vendor preset, spec §7). */
export function useVendorOptions(enabled = true) {
  return useQuery(vendorOptionsQueryOptions(enabled));
}
