/**
 * Standard value-added tax (IVA, IGV, ITBIS, GST…) by country (ISO 3166-1 alpha-2), as a decimal
 * fraction: what a price "with tax" carries on top of its net in that country, used to put prices
 * from several countries on one net basis (benchmarks compare net USD per base unit). Rates as in
 * force in 2026; reduced and border-zone rates are left out (Mexico's 8 % northern border rate
 * applies to few fabrication shops, and a vendor's zone is not known).
 *
 * Countries with no single national rate are absent on purpose: the United States (state sales
 * taxes, added at checkout), Brazil (ICMS by state plus federal taxes, being replaced by IBS/CBS
 * through 2033), Canada (GST or HST by province). For them `vatRateOf` gives null and a price
 * shown with tax is taken as its own net: an honest "unknown" rather than a made-up rate.
 */
const STANDARD_VAT: Readonly<Record<string, string>> = {
  // North and Central America, the Caribbean
  MX: '0.16',
  GT: '0.12',
  BZ: '0.125',
  SV: '0.13',
  HN: '0.15',
  NI: '0.15',
  CR: '0.13',
  PA: '0.07',
  DO: '0.18',
  HT: '0.10',
  JM: '0.15',
  PR: '0.115',
  BS: '0.10',
  BB: '0.175',
  TT: '0.125',
  // South America
  CO: '0.19',
  VE: '0.16',
  EC: '0.15',
  PE: '0.18',
  BO: '0.13',
  CL: '0.19',
  AR: '0.21',
  UY: '0.22',
  PY: '0.10',
  GY: '0.14',
  SR: '0.10',
  // Europe
  ES: '0.21',
  PT: '0.23',
  FR: '0.20',
  DE: '0.19',
  IT: '0.22',
  NL: '0.21',
  BE: '0.21',
  AT: '0.20',
  IE: '0.23',
  GB: '0.20',
  CH: '0.081',
  PL: '0.23',
  CZ: '0.21',
  SE: '0.25',
  DK: '0.25',
  NO: '0.25',
  FI: '0.255',
  // Asia and Oceania
  CN: '0.13',
  JP: '0.10',
  KR: '0.10',
  TW: '0.05',
  IN: '0.18',
  SG: '0.09',
  AU: '0.10',
  NZ: '0.15',
  TR: '0.20',
};

/** The standard VAT of a country as a decimal string ('0.16'), or null when it has no single
 * national rate or is not in the table. */
export function vatRateOf(countryCode: string | null | undefined): string | null {
  if (!countryCode) return null;
  const code = countryCode.trim().toUpperCase();
  return Object.hasOwn(STANDARD_VAT, code) ? (STANDARD_VAT[code] ?? null) : null;
}

/** The rate an observation is netted with: the vendor's country's VAT, or 0 (the price is its own
 * net) where the country has none in the table. */
export function taxRateForCountry(countryCode: string | null | undefined): string {
  return vatRateOf(countryCode) ?? '0';
}
