import { AMERICAS_CURRENCIES, ISO_CURRENCIES } from '@preciofab/shared/currencies';

export type CurrencyOption = { value: string; label: string };

const CODES = Object.keys(ISO_CURRENCIES).sort();
const names = new Map<string, Intl.DisplayNames>();
const cache = new Map<string, CurrencyOption[]>();

function displayNames(locale: string): Intl.DisplayNames {
  let found = names.get(locale);
  if (!found) {
    found = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' });
    names.set(locale, found);
  }
  return found;
}

/** A currency code with its name in the reader's language: "MXN · peso mexicano"; a code Intl
 * cannot name stays a bare code. */
export function currencyLabel(code: string, locale: string): string {
  let name: string | undefined;
  try {
    name = displayNames(locale).of(code);
  } catch {
    // Not a well-formed code (Intl refuses it): shown as stored.
  }
  return name && name !== code ? `${code} · ${name}` : code;
}

/** Options of the given codes, in the order given, each named in the reader's language. */
export function currencyOptions(codes: readonly string[], locale: string): CurrencyOption[] {
  return codes.map((code) => ({ value: code, label: currencyLabel(code, locale) }));
}

/** Every active ISO 4217 code with its name, in code order, so typing a code in the select finds
 * it. */
export function isoCurrencyOptions(locale: string): CurrencyOption[] {
  let options = cache.get(locale);
  if (!options) {
    options = currencyOptions(CODES, locale);
    cache.set(locale, options);
  }
  return options;
}

/** What a price entered by hand is offered in: MXN, USD, then the Americas' currencies and the
 * euro by code (the API takes any active code). */
export function americasCurrencyOptions(locale: string): CurrencyOption[] {
  return currencyOptions(AMERICAS_CURRENCIES, locale);
}
