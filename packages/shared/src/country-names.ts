const names = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the reader's language, from its ISO 3166-1 alpha-2 code, through the
 * runtime's CLDR data: 'MX' → "México" in es-MX, "Mexico" in en-US; 'BR' → "Brasil" / "Brazil".
 * A code the data does not know is returned as given.
 */
export function countryName(code: string, locale: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    names.set(locale, display);
  }
  return display.of(upper) ?? code;
}

/** The language a vendor's country is written in when it is derived from its code (the form left
 * it blank, an approved candidate, an import row without one): the product's own, Spanish. Readers
 * never see the stored name: the console names a vendor's country from its `country_code` in their
 * language. */
export const STORED_COUNTRY_LOCALE = 'es-MX';

/** The country name stored for a code: 'MX' → "México". */
export const storedCountryName = (code: string): string => countryName(code, STORED_COUNTRY_LOCALE);
