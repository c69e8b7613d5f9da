import { describe, expect, it } from 'vitest';
import { confidenceTone, meanAndSpread } from './benchmark-display.ts';

describe('benchmark display', () => {
  it.each([
    [0.95, 'good'],
    [0.8, 'good'],
    [0.79, 'warning'],
    [0.6, 'warning'],
    [0.59, 'danger'],
  ])('confidence %s is %s', (value, tone) => {
    expect(confidenceTone(value)).toBe(tone);
  });

  it('shows mean and deviation only together', () => {
    expect(meanAndSpread({ price_mean: 2, price_stddev: 0.5 })).toEqual({ mean: 2, stddev: 0.5 });
    expect(meanAndSpread({ price_mean: 2, price_stddev: null })).toBeNull();
    expect(meanAndSpread({ price_mean: null, price_stddev: 1 })).toBeNull();
  });
});
