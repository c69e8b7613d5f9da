import { describe, expect, it } from 'vitest';
import { confidenceLevel, confidenceTone } from './confidence-tone.ts';

describe('candidate confidence', () => {
  it.each([
    [1, 'good', 'good'],
    [0.8, 'good', 'good'],
    [0.7999, 'medium', 'warning'],
    [0.6, 'medium', 'warning'],
    [0.5999, 'poor', 'danger'],
    [0, 'poor', 'danger'],
  ])('%s is %s (%s badge)', (score, level, tone) => {
    expect(confidenceLevel(score)).toBe(level);
    expect(confidenceTone(score)).toBe(tone);
  });
});
