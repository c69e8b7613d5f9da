import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FxRate, FxRatesPage } from '@preciofab/shared/contracts/fx-rates';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { FxRate, FxRatesPage };

/** GET /api/v1/fx-rates: `date` gives the rates in force on it (one per currency), `currency` one
 * currency's history newest first; a page at a time either way. */
export type FxRatesListQuery = { date?: string; currency?: string; limit: number; offset?: number };

export function getFxRates(query: FxRatesListQuery, signal?: AbortSignal): Promise<FxRatesPage> {
  return api.get<FxRatesPage>(pathOf(API_ROUTES.listFxRates), { query, signal });
}

/** Every rate list shares this prefix, so a saved rate or an import refreshes them all. */
export const FX_RATES_QUERY_KEY = ['fx-rates', 'list'] as const;

export const fxRatesQueryOptions = (query: FxRatesListQuery) =>
  queryOptions({
    queryKey: [...FX_RATES_QUERY_KEY, query],
    queryFn: ({ signal }) => getFxRates(query, signal),
    // Paging a history keeps the last page on screen instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useFxRates(query: FxRatesListQuery, enabled = true) {
  return useQuery({ ...fxRatesQueryOptions(query), enabled });
}
