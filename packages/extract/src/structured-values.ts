import { CURRENCIES, type Currency, type Unit } from '@preciofab/shared/catalogue';
import { multiplyDecimal, normalizeDecimal, numberToDecimal } from '@preciofab/shared/money';
import type { DollarCurrency } from './offer.ts';
import { parseAmount, parsePrice } from './price-parser.ts';
import { parseUnit, type ParsedUnit } from './unit-parser.ts';

/** Reading the values of structured data (JSON-LD, microdata, store APIs), where fields are typed
 * but sites still write "1,234.00" or "MXN" in odd places. */

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const asArray = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];

export function asText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (isObject(v)) return asText(v.name ?? v['@value'] ?? '');
  if (Array.isArray(v)) return asText(v[0]);
  return '';
}

/** A structured price value as decimal text, or null when it is not a positive number. */
export function amountOf(v: unknown): string | null {
  let amount: string | null = null;
  if (typeof v === 'number' && Number.isFinite(v)) amount = numberToDecimal(v);
  else if (typeof v === 'string' && v.trim()) {
    amount = parseAmount(v.trim()) ?? parsePrice(v, { allowBare: true })?.amount ?? null;
  }
  return amount && !/^0+(\.0+)?$/.test(amount) ? normalizeDecimal(amount) : null;
}

export type CurrencyReading = { currency: Currency; explicit: boolean } | null;

/** An ISO code from the data, else the page default; null when the price is in a currency we do
 * not report (COP, GBP…), which drops the offer. */
export function currencyOf(code: unknown, fallback: DollarCurrency | undefined): CurrencyReading {
  const text = asText(code).toUpperCase();
  if (text) {
    const normalized = text === 'MN' || text === 'M.N.' ? 'MXN' : text;
    return (CURRENCIES as readonly string[]).includes(normalized)
      ? { currency: normalized as Currency, explicit: true }
      : null;
  }
  if (fallback === 'unsupported') return null;
  return { currency: fallback ?? 'MXN', explicit: false };
}

/** UN/CEFACT common codes schema.org uses in unitCode. */
const UNIT_CODES: Record<string, { unit: Unit; factor: string }> = {
  CMQ: { unit: 'cm3', factor: '1' },
  MMQ: { unit: 'cm3', factor: '0.001' },
  HUR: { unit: 'hour', factor: '1' },
  MIN: { unit: 'minute', factor: '1' },
  KGM: { unit: 'kg', factor: '1' },
  GRM: { unit: 'kg', factor: '0.001' },
  MTK: { unit: 'm2', factor: '1' },
  CMK: { unit: 'm2', factor: '0.0001' },
  LTR: { unit: 'liter', factor: '1' },
  MLT: { unit: 'liter', factor: '0.001' },
  C62: { unit: 'piece', factor: '1' },
  H87: { unit: 'piece', factor: '1' },
  EA: { unit: 'piece', factor: '1' },
};

/** The unit of a price from unitCode/unitText and an optional reference quantity ("per 100 g"). */
export function unitOf(unitCode: unknown, unitText: unknown, reference?: unknown): ParsedUnit | null {
  const ref = isObject(reference) ? reference : null;
  const code = asText(ref?.unitCode ?? unitCode).toUpperCase();
  const known = UNIT_CODES[code];
  if (known) {
    const value = amountOf(ref?.value) ?? '1';
    return {
      unit: known.unit,
      unit_size: normalizeDecimal(multiplyDecimal(value, known.factor)),
      unit_text: asText(unitText) || (ref ? `${asText(ref.value)} ${code}` : code),
    };
  }
  const text = asText(unitText);
  if (!text) return null;
  return parseUnit(text) ?? parseUnit(`por ${text}`);
}

/** Whether a price specification is an old or list price rather than the one charged. */
export function isOldPriceType(priceType: unknown): boolean {
  return /strikethrough|listprice|msrp|srp|wasprice/i.test(asText(priceType));
}
