/** Parses 'AA BBB, CC DDD' pairs into a map; a key listed twice is a typo in the table, so it throws. */
function pairs(lines: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of lines.join(', ').split(/,\s*/)) {
    const [key = '', value = ''] = pair.split(' ');
    if (map.has(key)) throw new Error(`countries: ${key} is listed twice`);
    map.set(key, value);
  }
  return map;
}

/**
 * Country (ISO 3166-1 alpha-2) → the currency its prices are written in. Dollarised countries map
 * to USD: EC and SV use the dollar as their only money, and PA issues balboas at par but prices in
 * dollars. ZW's official ZiG (ZWG) loses to the dollar on shop tags. Every inhabited country and
 * territory is listed; Antarctica (AQ) has no money.
 */
const CURRENCY_BY_COUNTRY = pairs([
  // North and Central America
  'US USD, CA CAD, MX MXN, GT GTQ, BZ BZD, SV USD, HN HNL, NI NIO, CR CRC, PA USD, GL DKK, PM EUR',
  // Caribbean
  'CU CUP, DO DOP, HT HTG, JM JMD, PR USD, BS BSD, BB BBD, TT TTD, AG XCD, DM XCD, GD XCD, KN XCD',
  'LC XCD, VC XCD, AI XCD, MS XCD, KY KYD, BM BMD, AW AWG, CW XCG, SX XCG, BQ USD, VG USD, VI USD',
  'TC USD, GP EUR, MQ EUR, BL EUR, MF EUR',
  // South America
  'AR ARS, BO BOB, BR BRL, CL CLP, CO COP, EC USD, GY GYD, PY PYG, PE PEN, SR SRD, UY UYU, VE VES',
  'GF EUR, FK FKP, GS GBP',
  // Europe (BG joined the euro on 2026-01-01; XK and ME use it without issuing it)
  'AD EUR, AT EUR, AX EUR, BE EUR, BG EUR, CY EUR, DE EUR, EE EUR, ES EUR, FI EUR, FR EUR, GR EUR',
  'HR EUR, IE EUR, IT EUR, LT EUR, LU EUR, LV EUR, MC EUR, ME EUR, MT EUR, NL EUR, PT EUR, SI EUR',
  'SK EUR, SM EUR, VA EUR, XK EUR, AL ALL, BA BAM, BY BYN, CH CHF, LI CHF, CZ CZK, DK DKK, FO DKK',
  'GB GBP, GG GBP, IM GBP, JE GBP, GI GIP, HU HUF, IS ISK, MD MDL, MK MKD, NO NOK, SJ NOK, BV NOK',
  'PL PLN, RO RON, RS RSD, RU RUB, SE SEK, UA UAH',
  // Caucasus, Central Asia, Middle East
  'AM AMD, AZ AZN, GE GEL, KZ KZT, KG KGS, TJ TJS, TM TMT, UZ UZS, TR TRY, AE AED, BH BHD, IL ILS',
  'PS ILS, IQ IQD, IR IRR, JO JOD, KW KWD, LB LBP, OM OMR, QA QAR, SA SAR, SY SYP, YE YER',
  // South, East and South-East Asia
  'AF AFN, BD BDT, BT BTN, IN INR, LK LKR, MV MVR, NP NPR, PK PKR, IO USD, CN CNY, HK HKD, JP JPY',
  'KP KPW, KR KRW, MN MNT, MO MOP, TW TWD, BN BND, ID IDR, KH KHR, LA LAK, MM MMK, MY MYR, PH PHP',
  'SG SGD, TH THB, TL USD, VN VND',
  // Oceania
  'AU AUD, KI AUD, NR AUD, TV AUD, CX AUD, CC AUD, NF AUD, HM AUD, NZ NZD, CK NZD, NU NZD, TK NZD',
  'PN NZD, FJ FJD, PG PGK, SB SBD, VU VUV, WS WST, TO TOP, NC XPF, PF XPF, WF XPF, FM USD, MH USD',
  'PW USD, GU USD, MP USD, AS USD, UM USD',
  // Africa
  'DZ DZD, EG EGP, LY LYD, MA MAD, EH MAD, SD SDG, TN TND, BJ XOF, BF XOF, CI XOF, GW XOF, ML XOF',
  'NE XOF, SN XOF, TG XOF, CV CVE, GM GMD, GH GHS, GN GNF, LR LRD, MR MRU, NG NGN, SL SLE, SH SHP',
  'CM XAF, CF XAF, TD XAF, CG XAF, GQ XAF, GA XAF, CD CDF, AO AOA, ST STN, BI BIF, DJ DJF, ER ERN',
  'ET ETB, KE KES, KM KMF, MG MGA, MU MUR, RW RWF, SC SCR, SO SOS, SS SSP, TZ TZS, UG UGX, RE EUR',
  'YT EUR, TF EUR, BW BWP, LS LSL, MW MWK, MZ MZN, NA NAD, SZ SZL, ZA ZAR, ZM ZMW, ZW USD',
]);

export const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = Object.fromEntries(CURRENCY_BY_COUNTRY);

/** The currency prices are written in for an ISO 3166-1 alpha-2 country (either case), or null. */
export function currencyOfCountry(country: string): string | null {
  return CURRENCY_BY_COUNTRY.get(country.trim().toUpperCase()) ?? null;
}

/**
 * Latin America outside Mexico (Mexico is the product's home market and a region of its own), with
 * the country name the vendor form writes for each. Benchmark regions (`geo.ts`), the server's
 * country of an approved candidate and the worker's Latin American signal all read this one table.
 */
export const LATAM_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AR: 'Argentina',
  BO: 'Bolivia',
  BR: 'Brazil',
  CL: 'Chile',
  CO: 'Colombia',
  CR: 'Costa Rica',
  CU: 'Cuba',
  DO: 'República Dominicana',
  EC: 'Ecuador',
  GT: 'Guatemala',
  HN: 'Honduras',
  NI: 'Nicaragua',
  PA: 'Panamá',
  PE: 'Perú',
  PR: 'Puerto Rico',
  PY: 'Paraguay',
  SV: 'El Salvador',
  UY: 'Uruguay',
  VE: 'Venezuela',
};

/** Whether an ISO 3166-1 alpha-2 code (upper case) is a Latin American country other than Mexico. */
export const isLatinAmericanCountry = (code: string): boolean => Object.hasOwn(LATAM_COUNTRY_NAMES, code);

/** Country codes people write that ISO spells otherwise: the .uk domain and the en-UK habit. */
const ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

const countryOf = (code: string): string | null => {
  const upper = code.toUpperCase();
  const country = Object.hasOwn(ALIASES, upper) ? ALIASES[upper] : upper;
  return country && CURRENCY_BY_COUNTRY.has(country) ? country : null;
};

/**
 * ccTLDs sold and used as generic names (Google's list of ccTLDs it treats as generic, less .co,
 * which Colombian shops do use, plus .ai, .ly, .to and the like): a site there says nothing of
 * its country. Under a registry label (com.ai, gov.me) they are the country's again.
 */
const GENERIC_CCTLDS = new Set(
  'ai as cc cd dj fm gg io la ly me ms nu pw sc sh so st tk to tv vc ws'.split(' '),
);
const REGISTRY_LABELS = new Set('ac co com edu go gob gov mil ne net nom or org'.split(' '));

/** Internationalised ccTLDs, in the punycode form URL parsing gives. */
const IDN_CCTLDS = pairs([
  'xn--p1ai RU, xn--fiqs8s CN, xn--fiqz9s CN, xn--j6w193g HK, xn--mix891f MO, xn--kprw13d TW',
  'xn--kpry57d TW, xn--3e0b707e KR, xn--yfro4i67o SG, xn--o3cw4h TH, xn--h2brj9c IN, xn--45brj9c IN',
  'xn--fzc2c9e2c LK, xn--54b7fta0cc BD, xn--j1amh UA, xn--90ais BY, xn--80ao21a KZ, xn--l1acc MN',
  'xn--90a3ac RS, xn--d1alf MK, xn--qxam GR, xn--node GE, xn--y9a3aq AM, xn--wgbh1c EG',
  'xn--mgbaam7a8h AE, xn--mgberp4a5d4ar SA, xn--wgbl6a QA, xn--mgbtx2b IQ, xn--mgb9awbf OM',
  'xn--ygbi2ammx PS, xn--mgbc0a9azcg MA',
]);

/** The bare host name: lower-case, no scheme, port, path or trailing dot; Unicode labels in punycode. */
function hostNameOf(input: string): string | null {
  let host = input.trim().toLowerCase();
  if (/^[a-z][a-z\d+.-]*:\/\//.test(host) || /[^\x20-\x7e]/.test(host)) {
    try {
      host = new URL(/:\/\//.test(host) ? host : `http://${host}`).hostname;
    } catch {
      return null;
    }
  }
  if (host.startsWith('[')) return null; // an IPv6 literal
  return (host.split('/')[0] ?? '').replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The country of a host from its ccTLD: 'tienda.com.co' → 'CO', 'shop.co.uk' → 'GB', '.uk' → 'GB'.
 * A second-level registry label (com.mx, com.co, gob.mx) changes nothing: the last label decides.
 * `.co` alone is Colombia: it is Colombia's ccTLD and Colombian shops use it, and although it is
 * also sold worldwide as "company", the server, the worker and the price extractor read it one way.
 * Generic TLDs, generically used ccTLDs ('x.io'), IP addresses and 'localhost' give null.
 */
export function countryOfHost(host: string): string | null {
  const name = hostNameOf(host);
  if (!name) return null;
  const labels = name.split('.');
  const tld = labels.at(-1) ?? '';
  if (tld.startsWith('xn--')) return IDN_CCTLDS.get(tld) ?? null;
  if (!/^[a-z]{2}$/.test(tld)) return null; // gTLDs, numeric labels of IP addresses, 'localhost'
  if (GENERIC_CCTLDS.has(tld) && !REGISTRY_LABELS.has(labels.at(-2) ?? '')) return null;
  return countryOf(tld);
}

/**
 * The region of a BCP 47 (or POSIX) locale tag as a country: 'es-CO' → 'CO', 'pt_BR' → 'BR',
 * 'zh-Hant-TW' → 'TW'. UN M.49 areas ('es-419'), tags without a region ('es') and private-use
 * tags give null.
 */
export function countryOfLocale(tag: string): string | null {
  // POSIX locales carry a charset and modifier: 'es_CO.UTF-8@euro'.
  const subtags = tag.trim().split(/[.@]/)[0]?.split(/[-_]/) ?? [];
  if (!/^[a-z]{2,8}$/i.test(subtags[0] ?? '')) return null;
  for (const subtag of subtags.slice(1)) {
    if (/^[a-z]{2}$/i.test(subtag)) return countryOf(subtag);
    // Extended language (3 letters) and script (4 letters) come before the region; anything
    // else (a numeric area, a variant, an extension's singleton) means there is no country.
    if (!/^[a-z]{3,4}$/i.test(subtag)) return null;
  }
  return null;
}

/**
 * ITU calling codes, by world zone. Codes form a prefix code, so the longest match is the only
 * match, except +7: Russia, with Kazakhstan's numbers under +76 and +77. Codes shared with small
 * territories (+44 Jersey, +590 Saint-Martin) name the main country.
 */
const COUNTRY_BY_CALLING_CODE = pairs([
  // Zone 2: Africa and a few islands
  '20 EG, 211 SS, 212 MA, 213 DZ, 216 TN, 218 LY, 220 GM, 221 SN, 222 MR, 223 ML, 224 GN, 225 CI',
  '226 BF, 227 NE, 228 TG, 229 BJ, 230 MU, 231 LR, 232 SL, 233 GH, 234 NG, 235 TD, 236 CF, 237 CM',
  '238 CV, 239 ST, 240 GQ, 241 GA, 242 CG, 243 CD, 244 AO, 245 GW, 246 IO, 247 SH, 248 SC, 249 SD',
  '250 RW, 251 ET, 252 SO, 253 DJ, 254 KE, 255 TZ, 256 UG, 257 BI, 258 MZ, 260 ZM, 261 MG, 262 RE',
  '263 ZW, 264 NA, 265 MW, 266 LS, 267 BW, 268 SZ, 269 KM, 27 ZA, 290 SH, 291 ER, 297 AW, 298 FO',
  '299 GL',
  // Zones 3 and 4: Europe
  '30 GR, 31 NL, 32 BE, 33 FR, 34 ES, 350 GI, 351 PT, 352 LU, 353 IE, 354 IS, 355 AL, 356 MT',
  '357 CY, 358 FI, 359 BG, 36 HU, 370 LT, 371 LV, 372 EE, 373 MD, 374 AM, 375 BY, 376 AD, 377 MC',
  '378 SM, 379 VA, 380 UA, 381 RS, 382 ME, 383 XK, 385 HR, 386 SI, 387 BA, 389 MK, 39 IT, 40 RO',
  '41 CH, 420 CZ, 421 SK, 423 LI, 43 AT, 44 GB, 45 DK, 46 SE, 47 NO, 48 PL, 49 DE',
  // Zone 5: Mexico, Central and South America
  '500 FK, 501 BZ, 502 GT, 503 SV, 504 HN, 505 NI, 506 CR, 507 PA, 508 PM, 509 HT, 51 PE, 52 MX',
  '53 CU, 54 AR, 55 BR, 56 CL, 57 CO, 58 VE, 590 GP, 591 BO, 592 GY, 593 EC, 594 GF, 595 PY',
  '596 MQ, 597 SR, 598 UY, 599 CW',
  // Zone 6: South-East Asia and Oceania
  '60 MY, 61 AU, 62 ID, 63 PH, 64 NZ, 65 SG, 66 TH, 670 TL, 672 NF, 673 BN, 674 NR, 675 PG',
  '676 TO, 677 SB, 678 VU, 679 FJ, 680 PW, 681 WF, 682 CK, 683 NU, 685 WS, 686 KI, 687 NC, 688 TV',
  '689 PF, 690 TK, 691 FM, 692 MH',
  // Zone 7: Russia and Kazakhstan
  '7 RU, 76 KZ, 77 KZ',
  // Zone 8: East Asia
  '81 JP, 82 KR, 84 VN, 850 KP, 852 HK, 853 MO, 855 KH, 856 LA, 86 CN, 880 BD, 886 TW',
  // Zone 9: South and West Asia
  '90 TR, 91 IN, 92 PK, 93 AF, 94 LK, 95 MM, 960 MV, 961 LB, 962 JO, 963 SY, 964 IQ, 965 KW',
  '966 SA, 967 YE, 968 OM, 970 PS, 971 AE, 972 IL, 973 BH, 974 QA, 975 BT, 976 MN, 977 NP, 98 IR',
  '992 TJ, 993 TM, 994 AZ, 995 GE, 996 KG, 998 UZ',
]);

/**
 * The country of an international number: '+52 55 1234 5678' → 'MX', '0057 1 …' → 'CO'. Spaces,
 * dots, dashes and parentheses are ignored. Null unless the text starts with + or 00 and a known
 * code; null for +1 too, since the NANP is shared by the US, Canada and many Caribbean states.
 */
export function countryOfPhone(text: string): string | null {
  const digits = /^(?:\+|00)(\d+)/.exec(text.trim().replace(/[\s.()-]/g, ''))?.[1];
  if (!digits || digits.startsWith('1')) return null;
  for (let length = 3; length > 0; length--) {
    const country = COUNTRY_BY_CALLING_CODE.get(digits.slice(0, length));
    if (country) return country;
  }
  return null;
}
