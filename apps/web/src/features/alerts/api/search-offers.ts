import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceListResponse } from '@preciofab/shared/contracts/prices';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type OfferOption = { id: string; name: string; vendor_name: string };

/** Enough readings that a dozen offers show, though one offer has several. */
const SEARCH_LIMIT = 50;

/** The offers whose latest prices match `search` (the prices list's own search), once each. */
export async function searchOffers(search: string, signal?: AbortSignal): Promise<OfferOption[]> {
  const list = await api.get<PriceListResponse>(pathOf(API_ROUTES.listPrices), {
    query: { search, limit: SEARCH_LIMIT },
    signal,
  });
  const offers = new Map<string, OfferOption>();
  for (const row of list.data) {
    if (!offers.has(row.offer_id))
      offers.set(row.offer_id, { id: row.offer_id, name: row.offer_name, vendor_name: row.vendor_name });
  }
  return [...offers.values()];
}

/** Asks only once something is typed. */
export function useOfferSearch(search: string) {
  return useQuery(
    queryOptions({
      queryKey: ['prices', 'list', 'offer-search', search],
      queryFn: ({ signal }) => searchOffers(search, signal),
      enabled: search.length > 0,
      placeholderData: keepPreviousData,
    }),
  );
}
