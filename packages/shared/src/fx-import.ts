import { isCurrencyCode } from './currencies.ts';
import { parseCsv, type CsvDelimiter } from './csv-parse.ts';
import { compareDecimal, divideDecimal, roundDecimal } from './money.ts';

/**
 * Readers of exchange-rate files, pure: text in, rates of units per one US dollar out, exact to
 * the 8 decimals `fx_rates` stores (decimal arithmetic, never a float). Two formats:
 *
 * - `ecb`: the European Central Bank's reference rates, the history `eurofxref-hist.csv`
 *   (`Date,USD,JPY,…,` newest first, `N/A` where a currency had no rate) or the day's
 *   `eurofxref.csv` (`Date, USD, …` and `05 January 2024`). Values are units per euro, so a
 *   currency's rate per dollar is its value over the dollar's, and the euro's is 1 over the
 *   dollar's; a day without a dollar rate gives nothing.
 * - `rates`: rows `date,currency,units_per_usd` under that header (any case and order, `;`
 *   tolerated), with a decimal point.
 *
 * A file with any error yields its errors (the first few, with line numbers) and is written by
 * no one: callers write only when `errorCount` is 0.
 */

export type FxFileFormat = 'ecb' | 'rates';

export type ParsedRate = { currency: string; effectiveDate: string; unitsPerUsd: string };

/** A line's error: a catalogue key and its values, translated where it is shown. */
export type FxLineError = { line: number; key: string; values: Record<string, string | number> };

export type FxParseResult = {
  format: FxFileFormat;
  rates: ParsedRate[];
  /** Values left out: ECB `N/A`, a currency ISO withdrew (CYP, HRK, …), a day without a dollar rate. */
  skipped: number;
  /** The first MAX_LISTED_ERRORS errors. */
  errors: FxLineError[];
  errorCount: number;
};

/** Most rates one file may hold: the ECB's whole history is about 200,000. */
export const FX_IMPORT_MAX_RATES = 500_000;
/** Errors listed; the rest are only counted. */
export const FX_IMPORT_LISTED_ERRORS = 20;
/** The largest rate the column holds comfortably (numeric(18, 8)), as the API's update allows. */
const MAX_RATE = '1000000000';
const DECIMALS = 8;

/** Thrown when a parse runs past its deadline: the caller stops, nothing is written. */
export class FxImportAborted extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'FxImportAborted';
  }
}

export type FxParseOptions = {
  /** Epoch milliseconds past which the parse stops with FxImportAborted('errors.fx_import_timeout'). */
  deadline?: number;
  maxRates?: number;
};

/** Bytes of a text in UTF-8, without encoding it (the size caps are in bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const stripBom = (text: string): string => (text.startsWith('\uFEFF') ? text.slice(1) : text);

/** The first non-blank line and its number (1-based). */
function headerOf(lines: readonly string[]): { index: number; text: string } | null {
  for (let i = 0; i < lines.length; i++) if (lines[i]!.trim() !== '') return { index: i, text: lines[i]! };
  return null;
}

const headerCells = (line: string): string[] =>
  line.split(/[,;]/).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());

/** Which format a file is, from its header; null when neither. */
export function detectFxFormat(text: string): FxFileFormat | null {
  // The header is within the first few kB: no need to split a whole 8 MB file to find it.
  const header = headerOf(
    stripBom(text)
      .slice(0, 4096)
      .split(/\r?\n|\r/),
  );
  if (!header) return null;
  const cells = headerCells(header.text);
  if (['date', 'currency', 'units_per_usd'].every((c) => cells.includes(c))) return 'rates';
  if (cells[0] === 'date' && cells.includes('usd')) return 'ecb';
  return null;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** YYYY-MM-DD when the text is a real calendar date (as ISO or as the ECB's daily file writes
 * it, `05 January 2024`); null otherwise. */
export function parseRateDate(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const long = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (long) [d, m, y] = [Number(long[1]), MONTHS.indexOf(long[2]!.toLowerCase()) + 1, Number(long[3])];
  else return null;
  if (y < 1900 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

type Sink = {
  rates: ParsedRate[];
  skipped: number;
  errors: FxLineError[];
  errorCount: number;
  error(line: number, key: string, values?: Record<string, string | number>): void;
};

function sink(): Sink {
  const s: Sink = {
    rates: [],
    skipped: 0,
    errors: [],
    errorCount: 0,
    error(line, key, values = {}) {
      s.errorCount++;
      if (s.errors.length < FX_IMPORT_LISTED_ERRORS) s.errors.push({ line, key, values });
    },
  };
  return s;
}

/** Checks the deadline every 1,000 lines: cheap enough, and fine-grained enough. */
function checkDeadline(i: number, deadline: number | undefined): void {
  if (deadline !== undefined && i % 1000 === 0 && Date.now() > deadline)
    throw new FxImportAborted('errors.fx_import_timeout');
}

/** A rate per dollar as stored: 8 decimals, greater than 0, at most MAX_RATE; null otherwise. */
function storable(value: string): string | null {
  const rounded = roundDecimal(value, DECIMALS);
  if (compareDecimal(rounded, '0') <= 0 || compareDecimal(rounded, MAX_RATE) > 0) return null;
  return rounded;
}

function parseEcb(lines: readonly string[], options: FxParseOptions): FxParseResult {
  const out = sink();
  const maxRates = options.maxRates ?? FX_IMPORT_MAX_RATES;
  const header = headerOf(lines);
  if (!header || headerCells(header.text)[0] !== 'date') {
    out.error(header ? header.index + 1 : 1, 'validation.fx_import_format_unknown');
    return { format: 'ecb', ...out };
  }
  // Upper-case codes; the trailing comma of the history file makes an empty last column.
  const codes = header.text.split(',').map((c) => c.trim().toUpperCase());
  while (codes.length > 1 && codes[codes.length - 1] === '') codes.pop();
  const usdAt = codes.indexOf('USD');
  if (usdAt < 1) {
    out.error(header.index + 1, 'validation.fx_import_ecb_no_usd');
    return { format: 'ecb', ...out };
  }
  const active = codes.map((code, i) => i > 0 && i !== usdAt && isCurrencyCode(code));
  const seenDates = new Map<string, number>();

  for (let i = header.index + 1; i < lines.length; i++) {
    checkDeadline(i, options.deadline);
    const text = lines[i]!;
    if (text.trim() === '') continue;
    const line = i + 1;
    const cells = text.split(',').map((c) => c.trim());
    while (cells.length > codes.length && cells[cells.length - 1] === '') cells.pop();
    if (cells.length > codes.length) {
      out.error(line, 'validation.fx_import_columns', { expected: codes.length, found: cells.length });
      continue;
    }
    const date = parseRateDate(cells[0]!);
    if (!date) {
      out.error(line, 'validation.fx_import_date', { value: cells[0]!.slice(0, 40) });
      continue;
    }
    const earlier = seenDates.get(date);
    if (earlier !== undefined) {
      out.error(line, 'validation.fx_import_duplicate_date', { date, line: earlier });
      continue;
    }
    seenDates.set(date, line);
    const usd = cells[usdAt] ?? '';
    const given = (v: string | undefined) => v !== undefined && v !== '' && v.toUpperCase() !== 'N/A';
    if (!given(usd)) {
      // No dollar rate that day: none of its values can be expressed per dollar.
      out.skipped += cells.filter((c, k) => k > 0 && k !== usdAt && c !== '').length;
      continue;
    }
    if (!PLAIN_DECIMAL.test(usd) || compareDecimal(usd, '0') <= 0) {
      out.error(line, 'validation.fx_import_rate', { value: usd.slice(0, 40) });
      continue;
    }
    const eur = storable(divideDecimal('1', usd, DECIMALS));
    if (eur) out.rates.push({ currency: 'EUR', effectiveDate: date, unitsPerUsd: eur });
    else out.skipped++;
    for (let k = 1; k < cells.length; k++) {
      if (k === usdAt) continue;
      const value = cells[k]!;
      if (value === '') continue;
      if (!active[k] || value.toUpperCase() === 'N/A') {
        out.skipped++;
        continue;
      }
      if (!PLAIN_DECIMAL.test(value) || compareDecimal(value, '0') <= 0) {
        out.error(line, 'validation.fx_import_rate', { value: value.slice(0, 40) });
        continue;
      }
      const perUsd = storable(divideDecimal(value, usd, DECIMALS));
      if (perUsd) out.rates.push({ currency: codes[k]!, effectiveDate: date, unitsPerUsd: perUsd });
      else out.skipped++;
    }
    if (out.rates.length > maxRates) {
      out.error(line, 'validation.fx_import_too_many_rates', { max: maxRates });
      break;
    }
  }
  if (out.errorCount === 0 && out.rates.length === 0 && out.skipped === 0)
    out.error(header.index + 1, 'validation.fx_import_no_rates');
  return { format: 'ecb', ...out };
}

function parseRates(lines: readonly string[], options: FxParseOptions): FxParseResult {
  const out = sink();
  const maxRates = options.maxRates ?? FX_IMPORT_MAX_RATES;
  const header = headerOf(lines);
  const cells = header ? headerCells(header.text) : [];
  const at = {
    date: cells.indexOf('date'),
    currency: cells.indexOf('currency'),
    rate: cells.indexOf('units_per_usd'),
  };
  if (!header || at.date < 0 || at.currency < 0 || at.rate < 0) {
    out.error(header ? header.index + 1 : 1, 'validation.fx_import_header');
    return { format: 'rates', ...out };
  }
  const delimiter: CsvDelimiter = header.text.split(';').length > header.text.split(',').length ? ';' : ',';
  const seen = new Map<string, { line: number; value: string }>();

  for (let i = header.index + 1; i < lines.length; i++) {
    checkDeadline(i, options.deadline);
    const text = lines[i]!;
    if (text.trim() === '') continue;
    const line = i + 1;
    const row = (parseCsv(text, delimiter)[0] ?? []).map((c) => c.trim());
    const rawDate = row[at.date] ?? '';
    const date = /^\d{4}-\d{2}-\d{2}$/.test(rawDate) ? parseRateDate(rawDate) : null;
    if (!date) {
      out.error(line, 'validation.fx_import_date', { value: rawDate.slice(0, 40) });
      continue;
    }
    const currency = (row[at.currency] ?? '').toUpperCase();
    if (!isCurrencyCode(currency)) {
      out.error(line, 'validation.fx_import_currency', { value: (row[at.currency] ?? '').slice(0, 20) });
      continue;
    }
    const raw = row[at.rate] ?? '';
    const value = PLAIN_DECIMAL.test(raw) ? storable(raw) : null;
    if (!value) {
      out.error(line, 'validation.fx_import_rate', { value: raw.slice(0, 40) });
      continue;
    }
    if (currency === 'USD' && compareDecimal(value, '1') !== 0) {
      out.error(line, 'validation.fx_usd_is_one');
      continue;
    }
    const key = `${currency}|${date}`;
    const earlier = seen.get(key);
    if (earlier) {
      // The same row twice is harmless; two rates for one day are a question only the file's
      // author can answer.
      if (compareDecimal(earlier.value, value) !== 0)
        out.error(line, 'validation.fx_import_duplicate', { currency, date, line: earlier.line });
      continue;
    }
    seen.set(key, { line, value });
    out.rates.push({ currency, effectiveDate: date, unitsPerUsd: value });
    if (out.rates.length > maxRates) {
      out.error(line, 'validation.fx_import_too_many_rates', { max: maxRates });
      break;
    }
  }
  if (out.errorCount === 0 && out.rates.length === 0)
    out.error(header.index + 1, 'validation.fx_import_no_rates');
  return { format: 'rates', ...out };
}

/** Reads a rate file of the given format, or of the one its header shows (`auto`). */
export function parseFxFile(
  text: string,
  format: FxFileFormat | 'auto',
  options: FxParseOptions = {},
): FxParseResult {
  const body = stripBom(text);
  const resolved = format === 'auto' ? detectFxFormat(body) : format;
  if (!resolved) {
    const out = sink();
    out.error(1, 'validation.fx_import_format_unknown');
    return { format: 'rates', ...out };
  }
  const lines = body.split(/\r?\n|\r/);
  return resolved === 'ecb' ? parseEcb(lines, options) : parseRates(lines, options);
}
