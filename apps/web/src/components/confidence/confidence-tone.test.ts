import { describe, expect, it } from 'vitest';
import { componentScores, confidencePercent, confidenceTone, displayedTone } from './confidence-tone.ts';

describe('confidence thresholds', () => {
  it('is good from 0.8, medium from 0.6, poor below', () => {
    expect(confidenceTone(1)).toBe('good');
    expect(confidenceTone(0.8)).toBe('good');
    expect(confidenceTone(0.7999)).toBe('warning');
    expect(confidenceTone(0.6)).toBe('warning');
    expect(confidenceTone(0.5999)).toBe('danger');
    expect(confidenceTone(0)).toBe('danger');
  });

  it('colours the percentage as shown', () => {
    expect(displayedTone(0.7955)).toBe('good');
    expect(displayedTone(0.794)).toBe('warning');
    expect(displayedTone(0.5949)).toBe('danger');
  });

  it('rounds to a whole percentage within 0–100', () => {
    expect(confidencePercent(0.825)).toBe(83);
    expect(confidencePercent(0.8249)).toBe(82);
    expect(confidencePercent(1.2)).toBe(100);
    expect(confidencePercent(-1)).toBe(0);
    expect(confidencePercent(Number.NaN)).toBe(0);
  });

  it('orders the components Source, Complete, Consistent, Fresh', () => {
    const scores = componentScores({
      source_reliability: { score: 0.1, factors: { vendor_observations: 1 } },
      data_completeness: { score: 0.2, factors: { required_fields: 9, present_fields: 2 } },
      price_consistency: { score: 0.3, factors: { similar_observations: 0, price_deviation: null } },
      temporal_relevance: { score: 0.4, factors: { age_days: 3 } },
    });
    expect(Object.entries(scores)).toEqual([
      ['source', 0.1],
      ['complete', 0.2],
      ['consistent', 0.3],
      ['fresh', 0.4],
    ]);
  });
});
