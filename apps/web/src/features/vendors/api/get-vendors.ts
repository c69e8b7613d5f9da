import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VendorType } from '@preciofab/shared/catalogue';
import type { listVendorsOperation, Vendor } from '@preciofab/shared/contracts/vendors';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { Vendor };
export type VendorList = z.output<typeof listVendorsOperation.response>;
export type VendorFilters = { search: string; vendorType: VendorType | null };

/** Spec §9: the vendor list asks for 100 rows. */
export const VENDORS_LIMIT = 100;

export function getVendors(filters: VendorFilters, signal?: AbortSignal): Promise<VendorList> {
  return api.get<VendorList>(pathOf(API_ROUTES.listVendors), {
    query: { limit: VENDORS_LIMIT, search: filters.search, vendor_type: filters.vendorType },
    signal,
  });
}

/** Every vendor list shares this prefix, so a change invalidates them all. */
export const VENDORS_QUERY_KEY = ['vendors', 'list'] as const;

export const vendorsQueryOptions = (filters: VendorFilters) =>
  queryOptions({
    queryKey: [...VENDORS_QUERY_KEY, filters],
    queryFn: ({ signal }) => getVendors(filters, signal),
    // Typing in the search box keeps the last rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useVendors(filters: VendorFilters) {
  return useQuery(vendorsQueryOptions(filters));
}
