import type { Unit } from '@preciofab/shared/catalogue';
import { currencyCandidates } from '@preciofab/shared/currencies';
import { multiplyDecimal, normalizeDecimal, numberToDecimal } from '@preciofab/shared/money';
import {
  NO_SIGNALS,
  resolveCurrency,
  type CurrencyReading,
  type CurrencySignals,
} from './currency-evidence.ts';
import { MAX_PRICE, parseAmount, parsePrice, type RefusedPrice } from './price-parser.ts';
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

/** A structured price value as decimal text, or null when it is not a price: zero, negative,
 * exponent forms, absurd sizes and unreadable text are refused (and told to `refused`). */
export function amountOf(v: unknown, refused?: RefusedPrice[]): string | null {
  const raw = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!raw) return null;
  let amount: string | null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v <= 0 || v > MAX_PRICE) {
      refused?.push({ raw, reason: v <= 0 ? 'not_positive' : 'out_of_range' });
      return null;
    }
    amount = numberToDecimal(v);
  } else {
    if (/^-/.test(raw)) {
      refused?.push({ raw, reason: 'not_positive' });
      return null;
    }
    if (/\d[eE][+-]?\d/.test(raw)) {
      refused?.push({ raw, reason: 'out_of_range' });
      return null;
    }
    amount = parseAmount(raw) ?? parsePrice(raw, { allowBare: true })?.amount ?? null;
    if (amount === null) {
      refused?.push({ raw, reason: 'malformed_number' });
      return null;
    }
  }
  if (/^0+(\.0+)?$/.test(amount)) {
    refused?.push({ raw, reason: 'not_positive' });
    return null;
  }
  if (Number(amount) > MAX_PRICE) {
    refused?.push({ raw, reason: 'out_of_range' });
    return null;
  }
  return normalizeDecimal(amount);
}

/** The currency of a structured price: its own code when it has one (`priceCurrency`), else what
 * the page's signs make of it (a store API that names no currency). */
export function currencyOf(
  code: unknown,
  signals: CurrencySignals = NO_SIGNALS,
  field = 'priceCurrency',
): CurrencyReading {
  const text = asText(code);
  const candidates = text ? (currencyCandidates(text) ?? []) : [];
  if (candidates.length === 1)
    return {
      currency: candidates[0]!,
      evidence: { basis: 'structured_data', mark: text, detail: `${field} ${text}` },
    };
  return resolveCurrency({ mark: text || null, candidates }, signals);
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
