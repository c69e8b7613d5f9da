import { describe, expect, it } from 'vitest';
import { isValidCron, nextCronRun, parseCron } from './cron.ts';

const utc = (s: string) => new Date(`${s}Z`);
const next = (expr: string, after: string, zone = 'UTC') =>
  nextCronRun(expr, utc(after), zone)?.toISOString();

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
    expect(nextCronRun('0 0 31 4 *', utc('2025-01-01T00:00:00'), 'UTC')).toBeNull();
    expect(nextCronRun('not cron', utc('2025-01-01T00:00:00'), 'UTC')).toBeNull();
  });
});

describe('nextCronRun in a time zone', () => {
  it('runs "daily at 6:00" at 6:00 in Mexico City (UTC-6 all year since 2022), not at midnight', () => {
    expect(next('0 6 * * *', '2025-03-10T05:59:00', 'America/Mexico_City')).toBe('2025-03-10T12:00:00.000Z');
    expect(next('0 6 * * *', '2025-03-10T12:00:00', 'America/Mexico_City')).toBe('2025-03-11T12:00:00.000Z');
    // Summer: no daylight saving time any more.
    expect(next('0 6 * * *', '2025-07-01T00:00:00', 'America/Mexico_City')).toBe('2025-07-01T12:00:00.000Z');
  });

  it('reads the day fields on the local calendar', () => {
    // Sunday 2025-03-16 at 20:00 in Mexico City is Monday 02:00 UTC: a Monday 1:00 schedule
    // (local) has not fired yet then; it fires on the local Monday.
    expect(next('0 1 * * 1', '2025-03-17T02:00:00', 'America/Mexico_City')).toBe('2025-03-17T07:00:00.000Z');
    expect(next('0 6 1 * *', '2025-12-31T23:00:00', 'America/Mexico_City')).toBe('2026-01-01T12:00:00.000Z');
  });

  it('keeps 6:00 local across the change to and from daylight saving time (New York)', () => {
    // DST starts Sunday 2025-03-09 at 2:00 (UTC-5 → UTC-4), ends Sunday 2025-11-02 at 2:00.
    const zone = 'America/New_York';
    expect(next('0 6 * * *', '2025-03-08T12:00:00', zone)).toBe('2025-03-09T10:00:00.000Z');
    expect(next('0 6 * * *', '2025-03-09T10:00:00', zone)).toBe('2025-03-10T10:00:00.000Z');
    expect(next('0 6 * * *', '2025-03-07T12:00:00', zone)).toBe('2025-03-08T11:00:00.000Z');
    expect(next('0 6 * * *', '2025-11-01T12:00:00', zone)).toBe('2025-11-02T11:00:00.000Z');
  });

  it('runs a time the clock skips once, when the clock has moved on (New York, 9 March 2025)', () => {
    const zone = 'America/New_York';
    // 2:30 does not exist that night: it runs at 3:30 EDT (07:30 UTC), once.
    expect(next('30 2 * * *', '2025-03-09T05:00:00', zone)).toBe('2025-03-09T07:30:00.000Z');
    expect(next('30 2 * * *', '2025-03-09T07:30:00', zone)).toBe('2025-03-10T06:30:00.000Z');
  });

  it('runs a time the clock shows twice once, and an hourly schedule in both hours (New York, 2 November 2025)', () => {
    const zone = 'America/New_York';
    // 1:30 comes at 05:30 UTC (EDT) and again at 06:30 UTC (EST).
    expect(next('30 1 * * *', '2025-11-02T04:00:00', zone)).toBe('2025-11-02T05:30:00.000Z');
    expect(next('30 1 * * *', '2025-11-02T05:30:00', zone)).toBe('2025-11-03T06:30:00.000Z');
    expect(next('30 * * * *', '2025-11-02T05:30:00', zone)).toBe('2025-11-02T06:30:00.000Z');
    expect(next('30 * * * *', '2025-11-02T06:30:00', zone)).toBe('2025-11-02T07:30:00.000Z');
  });

  it('follows Santiago, whose clock changes at midnight (DST ends 2025-04-06, starts 2025-09-07)', () => {
    const zone = 'America/Santiago';
    // April: 00:00 (UTC-3) goes back to 23:00 (UTC-4) on Saturday night.
    expect(next('0 6 * * *', '2025-04-05T12:00:00', zone)).toBe('2025-04-06T10:00:00.000Z');
    expect(next('0 6 * * *', '2025-04-04T12:00:00', zone)).toBe('2025-04-05T09:00:00.000Z');
    // September: midnight does not exist on Sunday the 7th (00:00 UTC-4 → 01:00 UTC-3).
    expect(next('0 0 * * *', '2025-09-06T12:00:00', zone)).toBe('2025-09-07T04:00:00.000Z');
    expect(next('0 6 * * *', '2025-09-06T12:00:00', zone)).toBe('2025-09-07T09:00:00.000Z');
  });
});
