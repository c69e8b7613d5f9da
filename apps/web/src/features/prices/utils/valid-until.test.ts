import { describe, expect, it } from 'vitest';
import { localToday } from '../../../lib/local-today.ts';
import { isValidUntilAllowed } from './valid-until.ts';

describe('valid-until rule', () => {
  const now = new Date(2026, 10, 22, 23, 30); // 22 Nov 2026, late evening local time

  it('names the local calendar day', () => {
    expect(localToday(now)).toBe('2026-11-22');
    expect(localToday(new Date(2026, 0, 5, 0, 1))).toBe('2026-01-05');
  });

  it('accepts blank, today and later; refuses earlier days', () => {
    expect(isValidUntilAllowed('', now)).toBe(true);
    expect(isValidUntilAllowed('2026-11-22', now)).toBe(true);
    expect(isValidUntilAllowed('2027-01-01', now)).toBe(true);
    expect(isValidUntilAllowed('2026-11-21', now)).toBe(false);
    expect(isValidUntilAllowed('2025-12-31', now)).toBe(false);
  });
});
