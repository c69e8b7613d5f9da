import { HIGH_CONFIDENCE, MEDIUM_CONFIDENCE } from '@preciofab/shared/confidence';
import type { ConfidenceBreakdown } from '@preciofab/shared/contracts/observations';
import type { Tone } from '../ui/badge.tsx';

/** Spec §9: good from 0.8, medium (amber) from 0.6, poor (red) below. */
export function confidenceTone(score: number): Extract<Tone, 'good' | 'warning' | 'danger'> {
  return score >= HIGH_CONFIDENCE ? 'good' : score >= MEDIUM_CONFIDENCE ? 'warning' : 'danger';
}

/** 0..1 as a whole percentage, clamped. */
export function confidencePercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/** The tone of the percentage as shown, so "80 %" is never amber because the score was 0.7955. */
export function displayedTone(score: number): ReturnType<typeof confidenceTone> {
  return confidenceTone(confidencePercent(score) / 100);
}

export const COMPONENTS = ['source', 'complete', 'consistent', 'fresh'] as const;
export type ComponentName = (typeof COMPONENTS)[number];

/** The four component scores in the radar's order: Source, Complete, Consistent, Fresh. */
export function componentScores(b: ConfidenceBreakdown): Record<ComponentName, number> {
  return {
    source: b.source_reliability.score,
    complete: b.data_completeness.score,
    consistent: b.price_consistency.score,
    fresh: b.temporal_relevance.score,
  };
}
