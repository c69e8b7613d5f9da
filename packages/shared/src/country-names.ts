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
