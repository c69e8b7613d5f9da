import { describe, expect, it } from 'vitest';
import { diskNeedsWarning, resourceTone, statusDisplay } from './health-levels.ts';

describe('resourceTone', () => {
  it.each([
    [0, 'good'],
    [69.9, 'good'],
    [70, 'warning'],
    [84.9, 'warning'],
    [85, 'danger'],
    [100, 'danger'],
  ] as const)('%s %% is %s', (percent, tone) => {
    expect(resourceTone(percent)).toBe(tone);
  });
});

describe('diskNeedsWarning', () => {
  it('warns only above 85 %', () => {
    expect(diskNeedsWarning(85)).toBe(false);
    expect(diskNeedsWarning(85.1)).toBe(true);
  });
});

describe('statusDisplay', () => {
  it('colours each status', () => {
    expect(statusDisplay('healthy')).toEqual({ tone: 'good', key: 'health.status.healthy' });
    expect(statusDisplay('degraded').tone).toBe('warning');
    expect(statusDisplay('unhealthy').tone).toBe('danger');
    expect(statusDisplay('idle').tone).toBe('neutral');
  });
});
