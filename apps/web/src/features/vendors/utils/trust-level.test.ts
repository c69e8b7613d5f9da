import { describe, expect, it } from 'vitest';
import { isReliable, trustLevel } from './trust-level.ts';

describe('trust level', () => {
  it.each([
    [1, 'good'],
    [0.8, 'good'],
    [0.79, 'medium'],
    [0.6, 'medium'],
    [0.59, 'poor'],
    [0, 'poor'],
  ])('%s is %s', (score, level) => {
    expect(trustLevel(score)).toBe(level);
  });

  it('calls a score reliable only above 80 %', () => {
    expect(isReliable(0.8)).toBe(false);
    expect(isReliable(0.81)).toBe(true);
  });
});
