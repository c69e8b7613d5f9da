import { PRICE_SORTS } from '@preciofab/shared/catalogue';
import { isCurrencyCode } from '@preciofab/shared/currencies';

export type PriceSort = (typeof PRICE_SORTS)[number];
export const DEFAULT_PRICE_SORT: PriceSort = 'observed_at_desc';

/** The list's filters that live in the address (/prices?currency=CLP&sort=price_usd_asc), so a
 * link or a reload keeps them: any active ISO code, even one no loaded row has yet. */
export type PriceListParams = { currency: string | null; sort: PriceSort };

const isSort = (value: string | null): value is PriceSort =>
  value !== null && (PRICE_SORTS as readonly string[]).includes(value);

/** The filters an address asks for; a code in lower case is read as its upper case, and anything
 * unknown falls back to All and newest first. */
export function readPriceParams(params: URLSearchParams): PriceListParams {
  const code = params.get('currency')?.trim().toUpperCase() ?? '';
  const sort = params.get('sort');
  return { currency: isCurrencyCode(code) ? code : null, sort: isSort(sort) ? sort : DEFAULT_PRICE_SORT };
}

/** The address's parameters with these filters; defaults are left out, other parameters kept. */
export function writePriceParams(params: URLSearchParams, next: Partial<PriceListParams>): URLSearchParams {
  const out = new URLSearchParams(params);
  if ('currency' in next) {
    if (next.currency) out.set('currency', next.currency);
    else out.delete('currency');
  }
  if ('sort' in next) {
    if (next.sort && next.sort !== DEFAULT_PRICE_SORT) out.set('sort', next.sort);
    else out.delete('sort');
  }
  return out;
}

/** A click on the USD column: cheapest first, then dearest first, then back to newest first. */
export function nextUsdSort(sort: PriceSort): PriceSort {
  if (sort === 'price_usd_asc') return 'price_usd_desc';
  if (sort === 'price_usd_desc') return DEFAULT_PRICE_SORT;
  return 'price_usd_asc';
}

/** The column's aria-sort for a list order. */
export function ariaSortOf(
  column: 'usd' | 'observed',
  sort: PriceSort,
): 'ascending' | 'descending' | undefined {
  if (column === 'observed') return sort === 'observed_at_desc' ? 'descending' : undefined;
  if (sort === 'price_usd_asc') return 'ascending';
  if (sort === 'price_usd_desc') return 'descending';
  return undefined;
}
