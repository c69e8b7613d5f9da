import { describe, expect, it } from 'vitest';
import { isValidCron, nextCronRun, parseCron } from './cron.ts';

const utc = (s: string) => new Date(`${s}Z`);
const next = (expr: string, after: string) => nextCronRun(expr, utc(after))?.toISOString();

describe('parseCron', () => {
  it.each([
    '0 6 * * *',
    '0 6 * * 1',
    '0 6 1 * *',
    '*/15 * * * *',
    '0,30 8-18/2 * 1-6 1-5',
    '5/20 * * * *',
    '59 23 31 12 7',
  ])('accepts %s', (expr) => {
    expect(isValidCron(expr)).toBe(true);
  });

  it.each([
    '',
    '0 6 * *',
    '0 6 * * * *',
    '60 * * * *',
    '* 24 * * *',
    '* * 0 * *',
    '* * * 13 *',
    '* * * * 8',
    '*/0 * * * *',
    '5-1 * * * *',
    '1-2-3 * * * *',
    'a * * * *',
    '*/2/3 * * * *',
    '1,,2 * * * *',
    '-1 * * * *',
    '0 0 30 2 *',
  ])('rejects %j', (expr) => {
    expect(isValidCron(expr)).toBe(false);
  });

  it('expands lists, ranges and steps, folding weekday 7 into 0', () => {
    const s = parseCron('0,30 8-12/2 * * 5-7')!;
    expect([...s.minutes]).toEqual([0, 30]);
    expect([...s.hours]).toEqual([8, 10, 12]);
    expect([...s.weekdays].sort()).toEqual([0, 5, 6]);
    expect(s.anyDay).toBe(true);
    expect(s.anyWeekday).toBe(false);
  });
});

describe('nextCronRun', () => {
  it('runs daily at 6:00 (the default schedule)', () => {
    expect(next('0 6 * * *', '2025-03-10T05:59:30')).toBe('2025-03-10T06:00:00.000Z');
    expect(next('0 6 * * *', '2025-03-10T06:00:00')).toBe('2025-03-11T06:00:00.000Z');
  });

  it('runs weekly on Monday and monthly on the 1st', () => {
    // 2025-03-12 is a Wednesday.
    expect(next('0 6 * * 1', '2025-03-12T10:00:00')).toBe('2025-03-17T06:00:00.000Z');
    expect(next('0 6 1 * *', '2025-12-15T00:00:00')).toBe('2026-01-01T06:00:00.000Z');
  });

  it('steps through minutes and hours', () => {
    expect(next('*/15 * * * *', '2025-01-01T10:07:00')).toBe('2025-01-01T10:15:00.000Z');
    expect(next('0 8-18/4 * * *', '2025-01-01T12:00:00')).toBe('2025-01-01T16:00:00.000Z');
    expect(next('0 8-18/4 * * *', '2025-01-01T16:01:00')).toBe('2025-01-02T08:00:00.000Z');
  });

  it('matches either day field when both are restricted, as classic cron does', () => {
    // The 20th is a Thursday; the next Monday is the 17th.
    expect(next('0 0 20 * 1', '2025-03-12T00:00:00')).toBe('2025-03-17T00:00:00.000Z');
    expect(next('0 0 20 * 1', '2025-03-17T00:00:00')).toBe('2025-03-20T00:00:00.000Z');
  });

  it('finds 29 February across years, and answers null for a day that never comes', () => {
    expect(next('0 0 29 2 *', '2025-03-01T00:00:00')).toBe('2028-02-29T00:00:00.000Z');
    expect(nextCronRun('0 0 31 4 *', utc('2025-01-01T00:00:00'))).toBeNull();
    expect(nextCronRun('not cron', utc('2025-01-01T00:00:00'))).toBeNull();
  });
});
