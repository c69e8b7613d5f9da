import { keepPreviousData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Currency } from '@preciofab/shared/catalogue';
import type { PriceListResponse, PriceRow } from '@preciofab/shared/contracts/prices';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { DEFAULT_PRICE_SORT, type PriceSort } from '../utils/price-list-params.ts';

export type { PriceRow };
export type PriceFilters = { search: string; currency: Currency | null; sort: PriceSort };
/** The charts show the list's set in their own order: its filters without the sort. */
export type PriceChartFilters = Pick<PriceFilters, 'search' | 'currency'>;

/** Spec §9: the prices page asks for 100 rows. */
export const PRICES_LIMIT = 100;

export function getPrices(
  filters: PriceFilters,
  limit: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PriceListResponse> {
  return api.get<PriceListResponse>(pathOf(API_ROUTES.listPrices), {
    // The currency is omitted when the filter is All (spec §7), the order when it is the server's
    // own (newest first); the client drops nulls.
    query: {
      limit,
      search: filters.search,
      currency: filters.currency,
      sort: filters.sort === DEFAULT_PRICE_SORT ? null : filters.sort,
      cursor,
    },
    signal,
  });
}

/** Every price list and chart shares this prefix, so a new price invalidates them all. */
export const PRICES_QUERY_KEY = ['prices', 'list'] as const;

/** Keyset pages: each page's `next_cursor` asks for the one after it ('load more'), in any order. */
export const pricesQueryOptions = (filters: PriceFilters, limit = PRICES_LIMIT) =>
  infiniteQueryOptions({
    queryKey: [...PRICES_QUERY_KEY, filters, limit],
    queryFn: ({ pageParam, signal }) => getPrices(filters, limit, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    // Typing in the search box keeps the last rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function usePrices(filters: PriceFilters, limit = PRICES_LIMIT, enabled = true) {
  return useInfiniteQuery({ ...pricesQueryOptions(filters, limit), enabled });
}
