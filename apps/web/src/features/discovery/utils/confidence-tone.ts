import type { Tone } from '../../../components/ui/badge.tsx';

export type ConfidenceLevel = 'good' | 'medium' | 'poor';

/** Spec §2/§9: 0.8 or more is good, 0.6 or more is medium, below is poor. */
export function confidenceLevel(score: number): ConfidenceLevel {
  if (score >= 0.8) return 'good';
  if (score >= 0.6) return 'medium';
  return 'poor';
}

export const CONFIDENCE_TONE: Record<ConfidenceLevel, Tone> = {
  good: 'good',
  medium: 'warning',
  poor: 'danger',
};

export function confidenceTone(score: number): Tone {
  return CONFIDENCE_TONE[confidenceLevel(score)];
}
