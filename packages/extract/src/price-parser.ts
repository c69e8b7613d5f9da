import type { Currency } from '@preciofab/shared/catalogue';
import { normalizeDecimal } from '@preciofab/shared/money';
import type { DollarCurrency } from './offer.ts';
import { isTrap } from './price-traps.ts';

/** One price found in a text. `start`/`end` index the text searched, so callers can read the
 * words around it (tiers, "desde", units). */
export type PriceMatch = {
  amount: string;
  currency: Currency;
  /** false when the currency came from a bare `$` or the page default, not from the text. */
  explicitCurrency: boolean;
  start: number;
  end: number;
  raw: string;
};

export type PriceParseOptions = {
  defaultCurrency?: DollarCurrency;
  /** Accept a number with no currency mark: for fields known to hold a price (a configured
   * selector, a "Precio" column), never for running text, where bare numbers are sizes and years. */
  allowBare?: boolean;
};

const SP = '[\\s\\u00a0\\u2009\\u202f]';
const NB = '[\\u00a0\\u2009\\u202f]';
// Foreign dollars (R$, CA$, A$…) come before the bare `$` so their sign is not read as a peso.
const PREFIX = String.raw`(?<![\p{L}])(?<pre>US${SP}?\$|U\$S|USD|MXN|MX${SP}?\$|Mex\$|EUR|€|[A-Z]{1,3}\$|S\/\.?|£|¥|₩|₹|₱|GBP|COP|ARS|CLP|BRL|PEN|JPY|CNY|CAD|UYU|\$)`;
// Space grouping only with the typographic spaces, or a plain space when decimals follow, so
// "$120 200 piezas" does not become 120200.
const NUMBER = String.raw`(?<![\d.,])(?<num>\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?:${NB}\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?: \d{3})+[.,]\d{2}|\d+(?:[.,]\d{1,4})?)(?![\d])`;
const SUFFIX = String.raw`(?<suf>MXN|M\.${SP}?N\.?|MN|pesos${SP}+(?:colombianos|argentinos|chilenos|uruguayos|cubanos|dominicanos|filipinos)|pesos(?:${SP}+mexicanos)?|USD|US${SP}?dlls?\.?|dlls?\.?|dls\.?|d[oó]lares${SP}+(?:canadienses|australianos)|d[oó]lares(?:${SP}+(?:americanos|estadounidenses))?|dollars?|€|EUR|euros?|COP|ARS|CLP|BRL|GBP|PEN|JPY|CNY|CAD|UYU|reales|soles|£|libras)(?![\p{L}])`;
const MONEY = new RegExp(`(?:${PREFIX}${SP}*)?${NUMBER}(?:${SP}*${SUFFIX})?`, 'giu');

type Mark = Currency | 'unsupported' | '$';

function currencyOf(token: string | undefined): Mark | null {
  if (!token) return null;
  const t = token.toLowerCase().replace(/[\s\u00a0\u2009\u202f.]/g, '');
  if (t === '$') return '$';
  if (['us$', 'u$s', 'usd', 'usdll', 'usdlls', 'dll', 'dlls', 'dls', 'dollar', 'dollars'].includes(t))
    return 'USD';
  if (/^d[oó]lares(americanos|estadounidenses)?$/.test(t)) return 'USD';
  if (['mxn', 'mx$', 'mex$', 'mn', 'pesos', 'pesosmexicanos'].includes(t)) return 'MXN';
  if (['€', 'eur', 'euro', 'euros'].includes(t)) return 'EUR';
  return 'unsupported';
}

/** Number text as a decimal string, reading `,` and `.` by context: with both, the last is the
 * decimal mark; alone and followed by exactly three digits, a thousands mark (1,234 and 1.234 are
 * both 1234, as Mexican and European shops write them); otherwise a decimal mark. */
export function parseAmount(text: string): string | null {
  const compact = text.replace(/[\s\u00a0\u2009\u202f]/g, '');
  if (!/^\d(?:[\d.,]*\d)?$/.test(compact)) return null;
  const at = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  if (at < 0) return normalizeDecimal(compact);
  const head = compact.slice(0, at);
  const tail = compact.slice(at + 1);
  const mark = compact.charAt(at);
  const other = mark === '.' ? ',' : '.';
  if (head.includes(other)) {
    // Both marks: the last is the decimal mark, the other groups thousands.
    const grouped = new RegExp(`^\\d{1,3}(?:\\${other}\\d{3})+$`);
    if (!grouped.test(head) || tail.length > 2) return null;
    return normalizeDecimal(`${head.replaceAll(other, '')}.${tail}`);
  }
  if (head.includes(mark)) {
    // The same mark several times only groups thousands.
    return /^\d{1,3}(?:[.,]\d{3})+$/.test(compact) ? normalizeDecimal(compact.replace(/[.,]/g, '')) : null;
  }
  if (tail.length === 3 && head !== '0') return normalizeDecimal(head + tail);
  if (tail.length <= 2 || head === '0') return normalizeDecimal(`${head}.${tail}`);
  return null;
}

/** Every price in `text` that is a price to report: traps (phones, years, percentages,
 * instalments, shipping thresholds, old prices) and currencies other than MXN/USD/EUR are left out. */
export function findPrices(text: string, options: PriceParseOptions = {}): PriceMatch[] {
  const found: PriceMatch[] = [];
  let previousEnd = 0;
  for (const m of text.matchAll(MONEY)) {
    const start = m.index;
    const end = start + m[0].length;
    const groups = m.groups ?? {};
    const marks = [currencyOf(groups.pre), currencyOf(groups.suf)].filter((c): c is Mark => c !== null);
    const bare = marks.length === 0;
    const prior = previousEnd;
    // A bare number ("12" of "12x $33.25") is no boundary: the words before a price run past it.
    if (!bare) previousEnd = end;
    if (marks.includes('unsupported')) continue;
    if (bare && !options.allowBare) continue;
    const amount = parseAmount(groups.num ?? '');
    if (amount === null) continue;
    if (isTrap(text, { start, end, prior, bare, amount })) continue;
    const explicit = marks.find((c): c is Currency => c !== '$');
    const fallback = options.defaultCurrency ?? 'MXN';
    if (!explicit && fallback === 'unsupported') continue;
    found.push({
      amount,
      currency: explicit ?? (fallback as Currency),
      explicitCurrency: explicit !== undefined,
      start,
      end,
      raw: m[0].trim(),
    });
  }
  return found;
}

/** The one price of a field that should hold a price (a selector's text, a meta content). */
export function parsePrice(text: string, options: PriceParseOptions = {}): PriceMatch | null {
  return findPrices(text, options)[0] ?? null;
}
