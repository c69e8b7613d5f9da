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
