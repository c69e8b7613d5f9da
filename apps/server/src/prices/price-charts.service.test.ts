import { describe, expect, it } from 'vitest';
import { timelineBucket } from './price-charts.service.ts';

const day = 86_400_000;
const from = new Date('2025-01-01T00:00:00Z');
const after = (days: number) => new Date(from.getTime() + days * day);

describe('the timeline bucket', () => {
  it('is a day up to 400 days, a week up to 2,800, then a month: never more than 400 points', () => {
    expect(timelineBucket(from, after(0))).toBe('day');
    expect(timelineBucket(from, after(399))).toBe('day');
    expect(timelineBucket(from, after(400))).toBe('week');
    expect(timelineBucket(from, after(2_799))).toBe('week');
    expect(timelineBucket(from, after(2_800))).toBe('month');
  });
});
