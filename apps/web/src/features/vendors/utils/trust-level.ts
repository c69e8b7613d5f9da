import type { Tone } from '../../../components/ui/badge.tsx';

export type TrustLevel = 'good' | 'medium' | 'poor';

/** Spec §2/§9: 0.8 or more is good, 0.6 or more is medium, below is poor. */
export function trustLevel(score: number): TrustLevel {
  if (score >= 0.8) return 'good';
  if (score >= 0.6) return 'medium';
  return 'poor';
}

export const TRUST_TONE: Record<TrustLevel, Tone> = { good: 'good', medium: 'warning', poor: 'danger' };

/** Spec §2: a trust score above 80 percent means reliable. */
export function isReliable(score: number): boolean {
  return score > 0.8;
}
