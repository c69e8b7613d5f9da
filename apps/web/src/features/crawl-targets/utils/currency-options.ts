import { ISO_CURRENCIES } from '@preciofab/shared/currencies';

export type CurrencyOption = { value: string; label: string };

const CODES = Object.keys(ISO_CURRENCIES).sort();
const cache = new Map<string, CurrencyOption[]>();

/** Every active ISO 4217 code with its name in the reader's language ("MXN · peso mexicano"), in
 * code order, so typing a code in the select finds it. */
export function isoCurrencyOptions(locale: string): CurrencyOption[] {
  let options = cache.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' });
    options = CODES.map((code) => {
      const name = names.of(code);
      return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
    });
    cache.set(locale, options);
  }
  return options;
}

/** A currency code with its name in the reader's language, as its option reads. */
export function currencyLabel(code: string, locale: string): string {
  return isoCurrencyOptions(locale).find((option) => option.value === code)?.label ?? code;
}
