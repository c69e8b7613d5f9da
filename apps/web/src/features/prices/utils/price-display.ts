import type { Currency } from '@preciofab/shared/catalogue';
import { compareCurrencies } from '@preciofab/shared/currencies';

/** 'service_per_part' → 'service per part' (spec §2: underscores shown as spaces). */
export function spaced(value: string): string {
  return value.replaceAll('_', ' ');
}

/** Spec §2: the currency filter offers All plus the currencies the data holds (the server's list of
 * every stored price's currency, and those of the loaded rows while it loads), MXN and USD first
 * and the rest by code, so the list does not jump around as rows load. */
export function currencyOptions(
  rows: ReadonlyArray<{ currency: string }>,
  selected: Currency | null,
  stored: readonly string[] = [],
): Currency[] {
  const found = new Set([...stored, ...rows.map((row) => row.currency)]);
  // The active filter stays selectable even when its rows are gone (e.g. a search emptied them).
  if (selected) found.add(selected);
  return [...found].sort(compareCurrencies);
}
