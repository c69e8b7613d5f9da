import type { CurrencyBasis } from '@preciofab/shared/catalogue';
import {
  countryOfHost,
  currencyCandidates,
  countryOfLocale,
  countryOfPhone,
  currencyOfCountry,
  isCurrencyCode,
} from '@preciofab/shared/currencies';
import { withoutBoundaries } from './dom.ts';
import { metaOf, type Page } from './page.ts';
import type { PriceMatch } from './price-parser.ts';
import { foldText, urlPart } from './text-normalize.ts';

/** What decided an offer's currency, strongest first (docs/EXTRACTION.md):
 * - `code`: the mark or code at the price is one currency ("R$", "USD", "€"), or the page says in
 *   words which currency its prices are in ("Todos los precios en USD");
 * - `target`: the operator set the target's currency;
 * - `structured_data`: the page's own data (priceCurrency, og:price:currency, the shop's settings);
 * - `page_locale`: the page's language and country (`lang`, `og:locale`, its own hreflang);
 * - `domain`: the country of its domain (`.com.co`, `.ec`);
 * - `phone`, `address`: the country of its phone numbers or its address;
 * - `none`: nothing decided; the currency is null and the offer never enters a benchmark. */
export type { CurrencyBasis };

export type CurrencyEvidence = {
  basis: CurrencyBasis;
  /** The mark at the price as written ("$", "kr"), null for a bare number. */
  mark: string | null;
  /** What was read, for the operator: "priceCurrency USD", "lang es-CO", "dominio .com.co". */
  detail: string;
};

export type CurrencyReading = { currency: string | null; evidence: CurrencyEvidence };

type Sign = { code: string; detail: string };

/** Everything on a page that can say what its ambiguous marks mean, gathered once per page. */
export type CurrencySignals = {
  override: string | null;
  declared: Sign[];
  /** What an ambiguous mark means where the page writes it with a code ("$4.20 MXN"): the same
   * mark alone elsewhere on the page means the same. */
  marks: Map<string, Sign[]>;
  stated: Sign[];
  locale: Sign[];
  domain: Sign[];
  phone: Sign[];
  address: Sign[];
};

const EMPTY: CurrencySignals = {
  override: null,
  declared: [],
  marks: new Map(),
  stated: [],
  locale: [],
  domain: [],
  phone: [],
  address: [],
};

// Shop settings in inline scripts, most specific first. A generic key ("currency": "MXN") counts
// only when every occurrence agrees: a currency switcher lists them all.
const SHOP_SETTINGS: [RegExp, string][] = [
  [/Shopify\.currency\s*=\s*\{\s*"active"\s*:\s*"([A-Z]{3})"/g, 'Shopify.currency'],
  [/"culture"\s*:\s*\{[^{}]*?"currency"\s*:\s*"([A-Z]{3})"/g, 'VTEX culture.currency'],
  [/LS\.currency\s*=\s*\{[^{}]*?"code"\s*:\s*"([A-Z]{3})"/g, 'Tiendanube LS.currency'],
  [
    /prestashop\s*=\s*\{[\s\S]{0,2000}?"currency"\s*:\s*\{[^{}]*?"iso_code"\s*:\s*"([A-Z]{3})"/g,
    'PrestaShop currency',
  ],
];
const GENERIC_SETTING =
  /"(?:currency_?code|currencyCode|currency_id|currency_iso|priceCurrency|currency)"\s*:\s*"([A-Z]{3})"/g;

function sign(code: string | null | undefined, detail: string): Sign[] {
  return code && isCurrencyCode(code) ? [{ code, detail }] : [];
}

function declaredCodes(page: Page): Sign[] {
  const out: Sign[] = [];
  for (const key of [
    'product:price:currency',
    'og:price:currency',
    'product:sale_price:currency',
    'pricecurrency',
  ])
    for (const v of metaOf(page, key)) out.push(...sign(v.trim().toUpperCase(), `${key} ${v.trim()}`));
  for (const block of page.ldJson)
    for (const m of block.matchAll(/"priceCurrency"\s*:\s*"([A-Za-z]{3})"/g))
      out.push(...sign(m[1]!.toUpperCase(), `priceCurrency ${m[1]}`));
  const scripts = page.scripts;
  for (const [pattern, name] of SHOP_SETTINGS)
    for (const m of scripts.matchAll(pattern)) out.push(...sign(m[1], `${name} ${m[1]}`));
  const generic = new Set([...scripts.matchAll(GENERIC_SETTING)].map((m) => m[1]!));
  if (generic.size === 1) {
    const [code] = [...generic];
    out.push(...sign(code, `currency ${code}`));
  }
  return out;
}

const STATED: [RegExp, string][] = [
  [
    /(precios|prices|montos|cantidades|valores)[^.]{0,30}\b(usd|dolares americanos|us dollars|dolares|dollars)\b/,
    'USD',
  ],
  [
    /(precios|prices|montos|cantidades|valores)[^.]{0,30}\b(mxn|pesos mexicanos|moneda nacional|m\.n\.)/,
    'MXN',
  ],
  [/(precios|prices|montos|cantidades|valores)[^.]{0,30}\b(eur|euros)\b/, 'EUR'],
  [/(precios|prices|montos|valores)[^.]{0,30}\b(cop|pesos colombianos)\b/, 'COP'],
  [/(precios|prices|montos|valores)[^.]{0,30}\b(ars|pesos argentinos)\b/, 'ARS'],
  [/(precios|prices|montos|valores)[^.]{0,30}\b(clp|pesos chilenos)\b/, 'CLP'],
  [/(precios|prices|montos|valores)[^.]{0,30}\b(uyu|pesos uruguayos)\b/, 'UYU'],
];

/** A currency the page states in words ("Todos los precios en USD"), from its first lines. */
export function statedCurrency(text: string): Sign[] {
  const t = foldText(withoutBoundaries(text));
  for (const [pattern, code] of STATED) {
    const m = pattern.exec(t);
    if (m) return [{ code, detail: m[0].slice(0, 80) }];
  }
  return [];
}

// Country names in an address, for sites that give no other sign; each must stand as a word.
const ADDRESS_COUNTRIES: [RegExp, string][] = [
  [/\b(mexico|cdmx|ciudad de mexico|estado de mexico|nuevo leon|jalisco|queretaro)\b/, 'MX'],
  [/\b(colombia|bogota|medellin)\b/, 'CO'],
  [/\b(chile|santiago de chile)\b/, 'CL'],
  [/\b(argentina|buenos aires|caba)\b/, 'AR'],
  [/\b(peru|lima)\b/, 'PE'],
  [/\b(uruguay|montevideo)\b/, 'UY'],
  [/\b(brasil|brazil|sao paulo)\b/, 'BR'],
  [/\b(ecuador|quito|guayaquil)\b/, 'EC'],
  [/\b(guatemala)\b/, 'GT'],
  [/\b(costa rica)\b/, 'CR'],
  [/\b(united states|usa)\b/, 'US'],
  [/\b(espana|spain|madrid|barcelona)\b/, 'ES'],
];

function addressCountries(page: Page): Sign[] {
  const out: Sign[] = [];
  for (const block of page.ldJson)
    for (const m of block.matchAll(/"addressCountry"\s*:\s*"([A-Za-z]{2})"/g)) {
      const code = currencyOfCountry(m[1]!.toUpperCase());
      if (code) out.push({ code, detail: `addressCountry ${m[1]}` });
    }
  for (const text of page.addresses) {
    const t = foldText(text);
    for (const [pattern, country] of ADDRESS_COUNTRIES) {
      const m = pattern.exec(t);
      const code = m ? currencyOfCountry(country) : null;
      if (m && code) out.push({ code, detail: m[0] });
    }
  }
  return out;
}

const PHONE = /(?:\+|\b00)\d{1,3}[\s.-]?\(?\d{1,4}\)?[\s.-]?\d{3,4}[\s.-]?\d{3,4}/g;

/** Marks the page writes with a code beside them ("$4.20 MXN" → `$` is MXN). */
function markCodes(prices: Iterable<PriceMatch>): Map<string, Sign[]> {
  const marks = new Map<string, Sign[]>();
  for (const price of prices) {
    // "$4.20 MXN", "MXN $4.20": the part that alone could mean several currencies is the one learnt.
    const parts = price.mark?.split(' ') ?? [];
    if (parts.length !== 2 || price.candidates.length !== 1) continue;
    for (const part of parts)
      if ((currencyCandidates(part)?.length ?? 0) > 1)
        marks.set(part, [...(marks.get(part) ?? []), { code: price.candidates[0]!, detail: price.raw }]);
  }
  return marks;
}

/** The page's signs, read once. `text` is the visible text (its lines), for phones and words;
 * `prices`, the prices already read off it, for the marks it writes with a code. */
export function currencySignals(
  page: Page,
  text: string,
  override: string | null = null,
  prices: Iterable<PriceMatch> = [],
): CurrencySignals {
  const phones = [...page.phones, ...[...text.slice(0, 500_000).matchAll(PHONE)].map((m) => m[0])];
  const phone: Sign[] = [];
  for (const number of phones.slice(0, 50)) {
    const country = countryOfPhone(number);
    const code = country ? currencyOfCountry(country) : null;
    if (code) phone.push({ code, detail: number.trim() });
  }
  const locale: Sign[] = [];
  for (const tag of page.locales) {
    const country = countryOfLocale(tag);
    locale.push(...sign(country ? currencyOfCountry(country) : null, `lang ${tag}`));
  }
  const host = urlPart(page.url, 'hostname');
  const country = host ? countryOfHost(host) : null;
  return {
    override: override && isCurrencyCode(override) ? override : null,
    declared: declaredCodes(page),
    marks: markCodes(prices),
    stated: statedCurrency(text.slice(0, 200_000)),
    locale,
    domain: sign(country ? currencyOfCountry(country) : null, host),
    phone,
    address: addressCountries(page),
  };
}

export const NO_SIGNALS = EMPTY;

/** The first sign of a level that the mark can mean; a level whose signs disagree decides nothing. */
function pick(signs: Sign[], candidates: readonly string[]): Sign | null | 'split' {
  const fitting = candidates.length ? signs.filter((s) => candidates.includes(s.code)) : signs;
  if (fitting.length === 0) return null;
  const codes = new Set(fitting.map((s) => s.code));
  return codes.size === 1 ? fitting[0]! : 'split';
}

/** The currency of a price from its mark and the page's signs, in the documented order. */
export function resolveCurrency(
  price: { mark: string | null; candidates: readonly string[] },
  signals: CurrencySignals,
  markBasis: CurrencyBasis = 'code',
): CurrencyReading {
  const { mark, candidates } = price;
  if (candidates.length === 1)
    return { currency: candidates[0]!, evidence: { basis: markBasis, mark, detail: mark ?? candidates[0]! } };
  if (signals.override && (candidates.length === 0 || candidates.includes(signals.override)))
    return { currency: signals.override, evidence: { basis: 'target', mark, detail: signals.override } };
  const levels: [CurrencyBasis, Sign[]][] = [
    ['structured_data', signals.declared],
    ['code', mark ? (signals.marks.get(mark) ?? []) : []],
    ['code', signals.stated],
    ['page_locale', signals.locale],
    ['domain', signals.domain],
    ['phone', signals.phone],
    ['address', signals.address],
  ];
  for (const [basis, signs] of levels) {
    const found = pick(signs, candidates);
    // Signs of one level that disagree (a currency switcher, offices in two countries) decide
    // nothing: the next level may.
    if (found === 'split') continue;
    if (found) return { currency: found.code, evidence: { basis, mark, detail: found.detail } };
  }
  const detail = candidates.length ? candidates.slice(0, 4).join(', ') : '';
  return { currency: null, evidence: { basis: 'none', mark, detail } };
}
