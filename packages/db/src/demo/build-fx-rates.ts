import type { Currency } from '@preciofab/shared/catalogue';
import { scaledToDecimal } from './decimal.ts';
import type { Rng } from './prng.ts';

export type FxRate = { currency: Currency; effectiveDate: string; unitsPerUsd: string };

const DAY = 86_400_000;

/** How a currency moves against the dollar in the demo: where it starts, the band a mean-reverting
 * walk stays in, its typical daily move, and a steady depreciation for a crawling peg. */
type RateSpec = {
  currency: Currency;
  start: readonly [number, number];
  band?: readonly [number, number];
  /** Typical daily move, as a fraction. */
  step: number;
  /** Depreciation per week, as a fraction (then there is no band). */
  weeklyDrift?: number;
  decimals: number;
};

// Levels of 2024–2026. The peso argentino loses about 1 % a week (a crawling peg); the others wander.
const RATE_SPECS: readonly RateSpec[] = [
  { currency: 'MXN', start: [17.6, 19.4], band: [17, 20.5], step: 0.004, decimals: 4 },
  { currency: 'EUR', start: [0.905, 0.945], band: [0.9, 0.95], step: 0.002, decimals: 4 },
  { currency: 'COP', start: [3_950, 4_250], band: [3_800, 4_450], step: 0.005, decimals: 2 },
  { currency: 'CLP', start: [900, 970], band: [870, 1_000], step: 0.005, decimals: 2 },
  { currency: 'ARS', start: [850, 900], step: 0.0015, weeklyDrift: 0.01, decimals: 2 },
  { currency: 'PEN', start: [3.66, 3.8], band: [3.55, 3.9], step: 0.002, decimals: 4 },
  { currency: 'BRL', start: [5.3, 5.8], band: [5, 6.2], step: 0.006, decimals: 4 },
];

const isoDate = (t: number): string => new Date(t).toISOString().slice(0, 10);

function nextLevel(rng: Rng, spec: RateSpec, level: number): number {
  const noise = rng.float(-1.7, 1.7) * spec.step;
  if (spec.weeklyDrift !== undefined) return level * ((1 + spec.weeklyDrift) ** (1 / 5) + noise);
  const [lo, hi] = spec.band ?? spec.start;
  // A random step with a pull back to the middle of the band keeps the walk plausible.
  const pulled = level * (1 + noise) + ((lo + hi) / 2 - level) * 0.02;
  return Math.min(hi, Math.max(lo, pulled));
}

/** Daily rates (units per USD, business days, as central banks publish them) from the 1st of the
 * month a year before `now` up to `now`, for every currency demo vendors quote in; USD at 1 on
 * the 1st of each month. A price converts at the latest rate on or before its date
 * (`rateLookup`), as the server's enrichment does. */
export function buildFxRates(rng: Rng, now: Date): FxRate[] {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1);
  const levels = RATE_SPECS.map((spec) => rng.float(spec.start[0], spec.start[1]));
  const rates: FxRate[] = [];
  for (let t = first; t <= now.getTime(); t += DAY) {
    const day = new Date(t);
    const effectiveDate = isoDate(t);
    if (day.getUTCDate() === 1) rates.push({ currency: 'USD', effectiveDate, unitsPerUsd: '1.0000' });
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    RATE_SPECS.forEach((spec, i) => {
      const level = levels[i] ?? spec.start[0];
      const scaled = Math.round(level * 10 ** spec.decimals);
      rates.push({
        currency: spec.currency,
        effectiveDate,
        unitsPerUsd: scaledToDecimal(scaled, spec.decimals),
      });
      levels[i] = nextLevel(rng, spec, level);
    });
  }
  return rates;
}

/** The rate in force for a currency at a time: the latest effective on or before its UTC date
 * (what fx-rates.repository's rateFor and the re-normalization pick). */
export function rateLookup(rates: readonly FxRate[]): (currency: Currency, at: Date) => FxRate {
  const byCurrency = new Map<Currency, FxRate[]>();
  for (const r of rates) {
    const list = byCurrency.get(r.currency) ?? [];
    if (list.length === 0) byCurrency.set(r.currency, list);
    list.push(r);
  }
  for (const list of byCurrency.values()) list.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
  return (currency, at) => {
    const list = byCurrency.get(currency) ?? [];
    const day = at.toISOString().slice(0, 10);
    // Binary search for the last date <= day.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid]?.effectiveDate ?? '') <= day) lo = mid + 1;
      else hi = mid;
    }
    const rate = list[lo - 1];
    if (!rate) throw new Error(`no demo fx rate for ${currency} on or before ${day}`);
    return rate;
  };
}
