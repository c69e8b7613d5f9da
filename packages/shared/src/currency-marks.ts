/**
 * Currency marks as written on price tags, each with the ISO 4217 codes it can mean, most likely
 * first for a Latin American price site (so the bare `$` reads USD, then MXN). A mark with one code
 * is unambiguous. Keys are NFC and case-sensitive where case carries meaning: `L` is the lempira,
 * `l` is litres; `Ft` is the forint, `ft` is feet. Spacing, dot and all-caps variants (`US $`,
 * `S/.`, `KR`) are resolved by `currencyCandidates` in currencies.ts rather than listed here.
 *
 * Single letters are also words and initials (Q, L, R), so callers accept them only right beside
 * digits; other one-letter marks (G for the guaraní or gourde, K, P) are left out for that reason.
 * ISO codes themselves (`USD`, `MXN$`) resolve through the ISO table and need no entry.
 */
// USD and MXN lead: the markets we price; then the other peso countries, then the other dollars.
const DOLLAR_AND_PESO = (
  'USD MXN ARS CLP COP UYU CAD AUD NZD SGD HKD TWD DOP CUP BSD ' +
  'BBD BMD BND BZD FJD GYD JMD KYD LRD NAD SBD SRD TTD XCD'
).split(' ');

export const CURRENCY_MARKS: Readonly<Record<string, readonly string[]>> = {
  // The dollar sign is written by every dollar and peso country.
  $: DOLLAR_AND_PESO,
  US$: ['USD'],
  U$S: ['USD'],
  U$: ['USD'],
  MX$: ['MXN'],
  Mex$: ['MXN'],
  // "Moneda nacional": Mexican tags write "$100 M.N."; Cuba uses it for the peso too.
  'M.N.': ['MXN', 'CUP'],
  AR$: ['ARS'],
  CLP$: ['CLP'],
  COL$: ['COP'],
  $U: ['UYU'],
  RD$: ['DOP'],
  // The córdoba's mark; Canadian sites write C$ as well.
  C$: ['NIO', 'CAD'],
  CA$: ['CAD'],
  CAD$: ['CAD'],
  Can$: ['CAD'],
  A$: ['AUD'],
  AU$: ['AUD'],
  NZ$: ['NZD'],
  NT$: ['TWD'],
  HK$: ['HKD'],
  S$: ['SGD'],
  J$: ['JMD'],
  TT$: ['TTD'],
  BZ$: ['BZD'],
  Bds$: ['BBD'],
  EC$: ['XCD'],
  G$: ['GYD'],

  // Latin America, other marks
  R$: ['BRL'],
  'S/': ['PEN'],
  Q: ['GTQ'],
  '₡': ['CRC'],
  // Bolivia's boliviano and Venezuela's bolívar share "Bs"; the suffixed forms are Venezuelan only.
  Bs: ['BOB', 'VES'],
  'Bs.S': ['VES'],
  'Bs.F': ['VES'],
  'Bs.D': ['VES'],
  '₲': ['PYG'],
  Gs: ['PYG'],
  // Lempira first: Honduras is a market we price; the rest are leu, lek, loti and lilangeni.
  L: ['HNL', 'RON', 'MDL', 'ALL', 'LSL', 'SZL'],
  Lps: ['HNL'],
  // The balboa's mark. Panama prices are mostly written in USD (see currencyOfCountry), but a tag
  // that says B/. means balboas.
  'B/.': ['PAB'],

  // Europe
  '€': ['EUR'],
  '£': ['GBP'],
  CHF: ['CHF'],
  'Fr.': ['CHF'],
  'fr.': ['CHF'],
  'SFr.': ['CHF'],
  lei: ['RON', 'MDL'],
  Lek: ['ALL'],
  zł: ['PLN'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
  Kč: ['CZK'],
  Ft: ['HUF'],
  // Bulgaria joined the euro in 2026; лв still appears on dual-priced tags and old pages.
  лв: ['BGN'],
  '₽': ['RUB'],
  руб: ['RUB'],
  '₴': ['UAH'],
  грн: ['UAH'],
  ден: ['MKD'],
  // The Latin 'din' and the mark 'KM' are left out: on a fabrication page they are far more
  // often the DIN standard ('DIN 912') and kilometres than dinars and convertible marks.
  дин: ['RSD'],
  Br: ['BYN', 'ETB'],
  '₺': ['TRY'],
  TL: ['TRY'],
  '₾': ['GEL'],
  '֏': ['AMD'],
  '₼': ['AZN'],
  '₸': ['KZT'],

  // Asia and Oceania
  '¥': ['JPY', 'CNY'],
  円: ['JPY'],
  // 元 (yuan) is also how Taiwan and Hong Kong write their dollars in running text.
  元: ['CNY', 'TWD', 'HKD'],
  RMB: ['CNY'],
  // ₹ is India's own sign; "Rs" and ₨ are shared by the rupee countries.
  '₹': ['INR'],
  Rs: ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR'],
  '₨': ['PKR', 'INR', 'LKR', 'NPR', 'MUR', 'SCR'],
  '₩': ['KRW', 'KPW'],
  원: ['KRW'],
  '₪': ['ILS'],
  NIS: ['ILS'],
  '₱': ['PHP'],
  '฿': ['THB'],
  '₫': ['VND'],
  RM: ['MYR'],
  Rp: ['IDR'],
  '৳': ['BDT'],
  '₮': ['MNT'],
  '₭': ['LAK'],
  '៛': ['KHR'],
  'د.إ': ['AED'],
  Dhs: ['AED'],
  'ر.س': ['SAR'],
  // The rial sign is written for the Saudi, Iranian, Omani, Qatari and Yemeni rials.
  '﷼': ['SAR', 'IRR', 'OMR', 'QAR', 'YER'],

  // Africa
  R: ['ZAR'],
  '₦': ['NGN'],
  '₵': ['GHS'],
  'E£': ['EGP'],
  DH: ['MAD', 'AED'],
  KSh: ['KES'],
  TSh: ['TZS'],
  USh: ['UGX'],
  FCFA: ['XOF', 'XAF'],
  CFA: ['XOF', 'XAF'],
};
