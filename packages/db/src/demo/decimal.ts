import { minorUnits } from '@preciofab/shared/currencies';

/** Exact decimal text from scaled integers, so no float artefact (0.30000000000000004) reaches
 * a numeric column: money is kept in integer cents, scores in integer ten-thousandths. */
export function scaledToDecimal(scaled: number, decimals: number): string {
  if (!Number.isSafeInteger(scaled)) throw new Error(`not a safe integer: ${scaled}`);
  const sign = scaled < 0 ? '-' : '';
  const digits = Math.abs(scaled)
    .toString()
    .padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Rounds to a scaled integer: toScaled(0.87345, 4) === 8735. */
export function toScaled(value: number, decimals: number): number {
  return Math.round(value * 10 ** decimals);
}

/** A JSON-safe number with at most `decimals` decimals (k / 10^d prints as its shortest form). */
export function roundTo(value: number, decimals: number): number {
  return toScaled(value, decimals) / 10 ** decimals;
}

/** Rounds a price to the step a shop would print (in cents): 3.25, 48.50, 1,245.00, 12,350.00. */
export function nicePriceCents(value: number): number {
  const step = value < 1 ? 1 : value < 10 ? 5 : value < 100 ? 50 : value < 1000 ? 500 : 1000;
  return Math.max(step, Math.round((value * 100) / step) * step);
}

/** Currencies whose shop tags show whole amounts (ISO gives COP and ARS cents; shops do not). */
const WHOLE_TAGS: ReadonlySet<string> = new Set(['CLP', 'COP', 'ARS']);

/** A price as a shop in `currency` would tag it, as exact decimal text with the currency's ISO
 * minor units: 48.50 MXN, 12.90 BRL; whole amounts in pesos chilenos, colombianos and argentinos
 * (85000.00 COP, 18500.00 ARS), Chilean tags ending in 990 (12490 CLP). */
export function nicePrice(value: number, currency: string): string {
  const minor = minorUnits(currency) ?? 2;
  if (!WHOLE_TAGS.has(currency)) return scaledToDecimal(nicePriceCents(value), 2);
  const step = value < 100 ? 1 : value < 1_000 ? 10 : value < 10_000 ? 50 : value < 100_000 ? 500 : 1_000;
  let whole = Math.max(step, Math.round(value / step) * step);
  if (currency === 'CLP' && whole >= 1_000) whole -= 10;
  return scaledToDecimal(whole * 10 ** minor, minor);
}
