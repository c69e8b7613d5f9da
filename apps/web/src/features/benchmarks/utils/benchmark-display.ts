import type { Tone } from '../../../components/ui/badge.tsx';

/** Spec §9 confidence colours: green from 0.8, amber from 0.6, red below. */
export function confidenceTone(confidence: number): Tone {
  if (confidence >= 0.8) return 'good';
  if (confidence >= 0.6) return 'warning';
  return 'danger';
}

/** Spec §2: mean and standard deviation only when both are present. */
export function meanAndSpread(benchmark: { price_mean: number | null; price_stddev: number | null }) {
  const { price_mean: mean, price_stddev: stddev } = benchmark;
  return mean === null || stddev === null ? null : { mean, stddev };
}

export const PERCENTILES = ['price_p10', 'price_p25', 'price_p50', 'price_p75', 'price_p90'] as const;
