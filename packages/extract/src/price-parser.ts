import { CURRENCY_MARKS, currencyCandidates, isCurrencyCode } from '@preciofab/shared/currencies';
import { normalizeDecimal } from '@preciofab/shared/money';
import { isOldMention, isTrap } from './price-traps.ts';

/** One price found in a text. `start`/`end` index the text searched, so callers can read the
 * words around it (tiers, "desde", units). The currency is not decided here: `candidates` are the
 * ISO codes its mark can mean, and the page's evidence picks one (currency-evidence.ts). */
export type PriceMatch = {
  amount: string;
  /** The currency mark or code as written beside the number ("$", "R$", "USD"), null for none. */
  mark: string | null;
  /** What the mark can mean, most likely first; one code is a decided currency; empty when the
   * number has no mark (a price field), which any currency could be. */
  candidates: readonly string[];
  start: number;
  end: number;
  raw: string;
  /** The low end of a range ("From 26 to 50 €"): the price may be higher. */
  rangeFloor: boolean;
};

export type RefusalReason = 'malformed_number' | 'not_positive' | 'out_of_range';

/** A price-shaped text that is not read as a price, and why: a number is read whole or not at all. */
export type RefusedPrice = { raw: string; reason: RefusalReason };

export type PriceScan = {
  prices: PriceMatch[];
  refused: RefusedPrice[];
  /** Former prices named in words ("Was $949.99"): not offers, but they tell a sale price apart. */
  old: string[];
};

export type PriceParseOptions = {
  /** Accept a number with no currency mark: for fields known to hold a price (a configured
   * selector, a "Precio" column), never for running text, where bare numbers are sizes and years. */
  allowBare?: boolean;
};

/** No shop prices a thing at ten billion of any currency: past that a number is not a price. */
export const MAX_PRICE = 10_000_000_000;

// Digits with grouping marks between them: `.`, `,`, apostrophes, the typographic spaces, and a
// plain space only before a group of exactly three digits ("2 390 €"). Never across a BOUNDARY.
const RUN = /\d+(?:(?:[.,'’\u00a0\u2009\u202f]| (?=\d{3}(?!\d)))\d+)*/g;

// Word forms written after amounts ("450 pesos", "20 dólares"), folded to lower case without accents.
const WORD_MARKS: Record<string, readonly string[]> = {
  pesos: ['MXN', 'ARS', 'CLP', 'COP', 'UYU', 'DOP', 'CUP', 'PHP'],
  'pesos mexicanos': ['MXN'],
  'pesos colombianos': ['COP'],
  'pesos chilenos': ['CLP'],
  'pesos argentinos': ['ARS'],
  'pesos uruguayos': ['UYU'],
  'pesos dominicanos': ['DOP'],
  'pesos cubanos': ['CUP'],
  'pesos filipinos': ['PHP'],
  dolares: ['USD'],
  'dolares americanos': ['USD'],
  'dolares estadounidenses': ['USD'],
  'dolares canadienses': ['CAD'],
  'dolares australianos': ['AUD'],
  dollars: ['USD'],
  dollar: ['USD'],
  dlls: ['USD'],
  dll: ['USD'],
  dls: ['USD'],
  'us dlls': ['USD'],
  euros: ['EUR'],
  euro: ['EUR'],
  reales: ['BRL'],
  reais: ['BRL'],
  soles: ['PEN'],
  quetzales: ['GTQ'],
  colones: ['CRC'],
  bolivianos: ['BOB'],
  guaranies: ['PYG'],
  lempiras: ['HNL'],
  cordobas: ['NIO'],
  libras: ['GBP'],
  mn: ['MXN'],
  'm.n': ['MXN'],
};

// Letter marks that also read as words or initials after a number ("50 KM", "3 L", "2 R"): they
// count only in front of it. Marks with a sign in them ("$U", "€") go either side.
const SUFFIX_LETTER_MARKS = new Set([
  'kr',
  'Ft',
  'zł',
  'Kč',
  'lei',
  'Lek',
  'лв',
  'руб',
  'грн',
  'ден',
  'дин',
  'Gs',
  'Lps',
  'Dhs',
  'CHF',
  'Fr.',
]);

const SPACED_MARKS = new Set(['US$', 'R$', 'MX$', 'RD$', 'NT$', 'S/', 'S/.', 'B/.']);
const LONGEST_MARK = Math.max(5, ...Object.keys(CURRENCY_MARKS).map((k) => k.length));
const fold = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch);

type Mark = { mark: string; candidates: readonly string[]; at: number };

// ISO codes that are also words written in capitals on pages ("TOP 10", "ALL 3", "MOP 3 en 1").
const WORD_CODES = new Set(['TOP', 'ALL', 'MOP', 'SOS', 'MAD', 'TRY', 'CUP', 'GEL', 'BOB', 'AMD', 'BAM']);

/** Three letters that stand for a currency: an ISO code in capitals (or usd, mxn, eur, as some
 * shops write them), not a word that happens to be a code. */
function isCodeMark(written: string): boolean {
  if (/^(usd|mxn|eur)$/.test(written)) return true;
  return written === written.toUpperCase() && isCurrencyCode(written) && !WORD_CODES.has(written);
}

/** The mark that ends right before `end` (a prefix), with up to two spaces or a colon between. */
function markBefore(text: string, end: number): Mark | null {
  let stop = end;
  let gap = 0;
  while (stop > 0 && /[\s\u00a0\u2009\u202f\u2063:]/.test(text[stop - 1]!) && gap < 3) {
    stop -= 1;
    gap += 1;
  }
  for (let length = Math.min(LONGEST_MARK, stop); length >= 1; length--) {
    const from = stop - length;
    const written = text.slice(from, stop);
    if (isLetter(written[0]) && isLetter(text[from - 1])) continue;
    if (/^\s|\s$/.test(written)) continue;
    // Inner spaces only in the forms tags use ("US $", "R $"): "Paquete A $45" is no Australian price.
    if (/\s/.test(written) && !SPACED_MARKS.has(written.replace(/\s+/g, ''))) continue;
    const candidates = currencyCandidates(written);
    if (!candidates) continue;
    // Three letters are a code only written in capitals and when they are one ("USD", not "PLA" or
    // "CNC"; "Mop 3" is a mop), and not a code that is also a common word ("TOP 10", "ALL 3").
    if (/^[A-Za-z]{3}$/.test(written) && !isCodeMark(written)) continue;
    // A single letter counts only right at the digits ("Q150", "L 450", "R 299"), and standing
    // alone: "CE-R800" and "X-Q150" are model codes.
    if (/^\p{L}$/u.test(written) && (gap > 1 || (from > 0 && !/[\s(:]/.test(text[from - 1]!)))) continue;
    // A code before the sign: "MXN $1,299.00", "USD $45".
    const code = /(?:^|[^\p{L}])([A-Z]{3})[\s\u00a0]{0,2}$/u.exec(text.slice(Math.max(0, from - 6), from));
    if (code && isCurrencyCode(code[1]!) && candidates.length > 1 && candidates.includes(code[1]!))
      return {
        mark: `${code[1]} ${written}`,
        candidates: [code[1]!],
        // Where the code itself starts (the match may begin with the character before it).
        at: from - code[0].length + code[0].indexOf(code[1]!),
      };
    return { mark: written, candidates, at: from };
  }
  return null;
}

/** The mark right after `start` (a suffix): a sign, an ISO code or a currency word. */
function markAfter(text: string, start: number): Mark | null {
  const gap = /^[\s\u00a0\u2009\u202f\u2063]{0,2}/.exec(text.slice(start, start + 2))?.[0].length ?? 0;
  const from = start + gap;
  const ahead = text.slice(from, from + 30);
  const word = /^\p{L}[\p{L}.]*(?:\s\p{L}+)?/u.exec(ahead)?.[0];
  if (word) {
    for (const w of [word, word.split(/\s/)[0]!]) {
      const codes = WORD_MARKS[fold(w).replace(/\.$/, '')];
      if (codes && !isLetter(text[from + w.length]))
        return { mark: w, candidates: codes, at: from + w.length };
    }
  }
  for (let length = Math.min(LONGEST_MARK, ahead.length); length >= 1; length--) {
    const written = ahead.slice(0, length);
    if (/\s$/.test(written) || isLetter(ahead[length])) continue;
    const lettersOnly = /^[\p{L}.]+$/u.test(written);
    if (lettersOnly && !SUFFIX_LETTER_MARKS.has(written) && !isCurrencyCode(written)) continue;
    if (/^[A-Za-z]{3}$/.test(written) && !SUFFIX_LETTER_MARKS.has(written) && !isCodeMark(written)) continue;
    const candidates = currencyCandidates(written);
    if (candidates) return { mark: written, candidates, at: from + length };
  }
  return null;
}

/** Number text as a decimal string, read whole or not at all. Thousands may be grouped by `.`, `,`,
 * an apostrophe or a space; decimals follow `.` or `,`. With two kinds of mark, the last is the
 * decimal mark; one `.` or `,` followed by exactly three digits groups thousands (1.234 and
 * 1,234 are both 1234, as Mexican and European shops write them); a space or apostrophe only
 * ever groups. Anything else ("34.992001", "1.234.56", "1,2345") is null. */
export function parseAmount(text: string): string | null {
  const t = text.replace(/[\u00a0\u2009\u202f]/g, ' ').trim();
  if (!/^\d(?:[\d.,'’ ]*\d)?$/.test(t)) return null;
  const marks = [...t.matchAll(/[.,'’ ]/g)].map((m) => ({ mark: m[0], at: m.index }));
  const last = marks.at(-1);
  if (!last) return /^0\d/.test(t) ? null : normalizeDecimal(t);
  const head = t.slice(0, last.at);
  const tail = t.slice(last.at + 1);
  const grouped = (s: string, mark: string) => new RegExp(`^\\d{1,3}(?:[${mark}]\\d{3})*$`).test(s);
  const decimalMark = last.mark === '.' || last.mark === ',';
  const headMarks = new Set(marks.slice(0, -1).map((m) => m.mark.replace('’', "'")));
  if (decimalMark && !headMarks.has(last.mark)) {
    const group = [...headMarks][0];
    const headOk =
      headMarks.size === 0
        ? /^\d+$/.test(head) && !/^0\d/.test(head)
        : headMarks.size === 1 && grouped(head.replace('’', "'"), group === ' ' ? ' ' : `\\${group}`);
    if (headOk && headMarks.size === 0 && tail.length === 3 && head !== '0')
      return normalizeDecimal(head + tail);
    if (headOk && (tail.length <= 2 || (head === '0' && tail.length <= 4)))
      return normalizeDecimal(`${head.replace(/[.,'’ ]/g, '')}.${tail}`);
    if (!headOk || tail.length !== 3) return null;
  }
  // Only grouping marks, all alike: "1.299.990", "2 390", "1'049".
  const kinds = new Set(marks.map((m) => m.mark.replace('’', "'")));
  if (kinds.size !== 1) return null;
  const [kind] = [...kinds];
  if (!grouped(t.replace(/’/g, "'"), kind === ' ' ? ' ' : `\\${kind}`)) return null;
  return normalizeDecimal(t.replace(/[.,'’ ]/g, ''));
}

function combine(before: Mark | null, after: Mark | null): Mark | null {
  if (!before || !after) return before ?? after;
  const both = before.candidates.filter((c) => after.candidates.includes(c));
  if (both.length > 0) return { mark: `${before.mark} ${after.mark}`, candidates: both, at: after.at };
  // "CAD 450 MXN": a code in front is more often a word of the line than the price's currency.
  return /^[A-Z]{3}$/.test(before.mark) ? after : before;
}

const RANGE_JOIN = /^[\s\u00a0\u2063]*(?:-|–|—|to|a|hasta|bis|à|até)[\s\u00a0\u2063]*$/i;

/** Every price in `text`, and every price-shaped text refused. Traps (phones, years, percentages,
 * instalments, shipping thresholds, old prices) are left out without a reason: they are text. */
export function scanPrices(text: string, options: PriceParseOptions = {}): PriceScan {
  const prices: PriceMatch[] = [];
  const refused: RefusedPrice[] = [];
  const old: string[] = [];
  const runs = [...text.matchAll(RUN)];
  let previousEnd = 0;
  for (let k = 0; k < runs.length; k++) {
    const run = runs[k]!;
    let start = run.index;
    let end = start + run[0].length;
    const digitsStart = start;
    const digitsEnd = end;
    const before = text[start - 1];
    // Digits glued to letters are codes and sizes ("SKU123", "3D", "5mm"), unless the letters are a mark.
    const prefix = markBefore(text, start);
    if (isLetter(before) && !(prefix && prefix.at + prefix.mark.length === start)) continue;
    const suffix = markAfter(text, end);
    if (isLetter(text[end]) && !(suffix && text.slice(end).startsWith(suffix.mark))) continue;
    let mark = combine(prefix, suffix);
    if (prefix) start = prefix.at;
    if (suffix && (!prefix || mark === suffix || mark?.mark.includes(' '))) end = Math.max(end, suffix.at);
    // A range: the floor takes the ceiling's mark ("From 26 to 50 €"), the ceiling is no price of its own.
    let rangeFloor = false;
    const next = runs[k + 1];
    if (next && RANGE_JOIN.test(text.slice(end, markBefore(text, next.index)?.at ?? next.index))) {
      const nextSuffix = markAfter(text, next.index + next[0].length);
      const nextPrefix = markBefore(text, next.index);
      const nextMark = nextPrefix ?? nextSuffix;
      const agree = !mark || !nextMark || mark.candidates.some((c) => nextMark.candidates.includes(c));
      if (nextMark && agree) {
        mark = mark ?? nextMark;
        rangeFloor = true;
        end = Math.max(next.index + next[0].length, nextSuffix?.at ?? 0);
        k += 1;
      }
    }
    const prior = previousEnd;
    if (mark) previousEnd = end;
    if (!mark && !options.allowBare) continue;
    const raw = text.slice(start, end).trim();
    // "$119. 95": a number cut by a stray space is not read as its first half.
    if (/^[.,]\s\d/.test(text.slice(digitsEnd, digitsEnd + 3))) {
      refused.push({ raw: text.slice(start, digitsEnd + 5).trim(), reason: 'malformed_number' });
      if (runs[k + 1]?.index === digitsEnd + 2) k += 1;
      continue;
    }
    const amount = parseAmount(text.slice(digitsStart, digitsEnd));
    if (amount === null) {
      refused.push({ raw, reason: 'malformed_number' });
      continue;
    }
    const at = { start, end, prior, bare: !mark, amount };
    if (isTrap(text, at)) {
      if (mark && isOldMention(text, at)) old.push(amount);
      continue;
    }
    if (/^0+(\.0+)?$/.test(amount)) {
      refused.push({ raw, reason: 'not_positive' });
      continue;
    }
    if (Number(amount) > MAX_PRICE) {
      refused.push({ raw, reason: 'out_of_range' });
      continue;
    }
    prices.push({
      amount,
      mark: mark?.mark ?? null,
      candidates: mark?.candidates ?? [],
      start,
      end,
      raw,
      rangeFloor,
    });
  }
  return { prices, refused, old };
}

export function findPrices(text: string, options: PriceParseOptions = {}): PriceMatch[] {
  return scanPrices(text, options).prices;
}

/** The one price of a field that should hold a price (a selector's text, a meta content). */
export function parsePrice(text: string, options: PriceParseOptions = {}): PriceMatch | null {
  return findPrices(text, options)[0] ?? null;
}
