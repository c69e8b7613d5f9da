import { COUNTRY_CURRENCIES } from './countries.ts';
import { CURRENCY_MARKS } from './currency-marks.ts';

// This module is the one entry point callers were promised (`@preciofab/shared/currencies`), so it
// also re-exports the mark table and the country look-ups that live beside it.
export { CURRENCY_MARKS } from './currency-marks.ts';
export {
  COUNTRY_CURRENCIES,
  countryOfHost,
  countryOfLocale,
  countryOfPhone,
  currencyOfCountry,
} from './countries.ts';

/**
 * Active ISO 4217 codes grouped by their minor units (ISO's figure, not the cash practice: COP,
 * HUF and IDR have 2 even though shops print whole units). Left out: funds and units of account
 * (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW, XDR, XSU, XUA, XB*), metals (XAU, XAG, XPD, XPT),
 * test codes (XTS, XXX) and withdrawn codes (HRK, ANG, SLL, ZWL, VEF...).
 */
const CODES_BY_MINOR_UNITS: Readonly<Record<number, string>> = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF',
  2:
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF ' +
    'CHF CNY COP CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ ' +
    'GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL ' +
    'MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR ' +
    'PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT ' +
    'TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD XCG YER ZAR ZMW ZWG ' +
    // Bulgaria adopted the euro on 2026-01-01; the lev stays because old pages and the
    // dual-priced tags of the changeover still show лв, and it converts at a fixed rate.
    'BGN',
  3: 'BHD IQD JOD KWD LYD OMR TND',
};

export const ISO_CURRENCIES: Readonly<Record<string, { minor: number }>> = Object.fromEntries(
  Object.entries(CODES_BY_MINOR_UNITS).flatMap(([minor, codes]) =>
    codes.split(' ').map((code) => [code, { minor: Number(minor) }]),
  ),
);

/** True for an upper-case code in the table: 'USD' yes; 'usd', 'XAU' and 'HRK' no. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Object.hasOwn(ISO_CURRENCIES, code);
}

/** Digits after the decimal point per ISO 4217 (JPY 0, USD 2, KWD 3); null for an unknown code. */
export function minorUnits(code: string): number | null {
  return isCurrencyCode(code) ? (ISO_CURRENCIES[code]?.minor ?? null) : null;
}

const withoutDots = (mark: string): string => mark.replaceAll('.', '');
const folded = (mark: string): string => withoutDots(mark).toUpperCase();

/** Marks by their spelling without dots ('S/.' and 'S/' meet, 'BsS' finds 'Bs.S'). */
const BY_DOTLESS = new Map(Object.entries(CURRENCY_MARKS).map(([mark, codes]) => [withoutDots(mark), codes]));
/** Marks by their upper-case dotless spelling, for tags set in capitals ('KR', 'ZŁ', 'LEI'). */
const BY_FOLDED = new Map(
  Object.entries(CURRENCY_MARKS)
    // A single letter changes meaning with case ('L' lempira, 'l' litre), so it never folds.
    .filter(([mark]) => withoutDots(mark).length > 1)
    .map(([mark, codes]) => [folded(mark), codes]),
);

function lookUp(mark: string): readonly string[] | null {
  if (Object.hasOwn(CURRENCY_MARKS, mark)) return CURRENCY_MARKS[mark] ?? null;
  // An ISO code, in any case, bare or with a dollar sign glued on ('usd', 'MXN$', '$USD').
  const iso = /^\$?([A-Za-z]{3})\$?$/.exec(mark)?.[1]?.toUpperCase();
  if (iso && isCurrencyCode(iso)) return [iso];
  const dotless = BY_DOTLESS.get(withoutDots(mark));
  if (dotless) return dotless;
  // Only a mark written with a capital folds: a lower-case spelling is taken as meant ('ft' is feet).
  if (mark !== mark.toLowerCase() && withoutDots(mark).length > 1) return BY_FOLDED.get(folded(mark)) ?? null;
  return null;
}

/**
 * The ISO codes a price-tag mark can mean, most likely first, or null. Tolerates the variants tags
 * use: inner spaces ('US $', 'R $'), dots ('S/.', 'Bs.', 'kr.', 'Bs.S.', 'BsS'), capitals ('KR'),
 * full-width forms ('＄', '￥') and ISO codes in any case ('usd' → ['USD']).
 */
export function currencyCandidates(mark: string): readonly string[] | null {
  const compact = mark.replace(/\s+/g, '');
  if (!compact) return null;
  // NFC first: NFKC would also turn the rial sign ﷼ into letters. NFKC then catches full-width signs.
  for (const form of new Set([compact.normalize('NFC'), compact.normalize('NFKC')])) {
    const codes = lookUp(form);
    if (codes) return codes;
  }
  return null;
}

/** The countries and territories of the Americas (North, Central, the Caribbean and South), by
 * ISO 3166-1 alpha-2: whose currencies the add-price form offers. */
const AMERICAS =
  'US CA MX GT BZ SV HN NI CR PA GL PM CU DO HT JM PR BS BB TT AG DM GD KN LC VC AI MS KY BM AW CW SX ' +
  'BQ VG VI TC GP MQ BL MF AR BO BR CL CO EC GY PY PE SR UY VE GF FK';

/** The order lists of currencies are shown in: MXN, then USD, then the rest by code. */
export function compareCurrencies(a: string, b: string): number {
  const rank = (c: string) => (c === 'MXN' ? 0 : c === 'USD' ? 1 : 2);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The currencies of the Americas plus the euro, in `compareCurrencies` order: what a price entered
 * by hand is offered in (the API takes any active code). */
export const AMERICAS_CURRENCIES: readonly string[] = [
  ...new Set([...AMERICAS.split(' ').map((country) => COUNTRY_CURRENCIES[country] ?? 'USD'), 'EUR']),
].sort(compareCurrencies);
