import { describe, expect, it } from 'vitest';
import { describeSchedule } from './describe-schedule.ts';

describe('describeSchedule', () => {
  it('says the usual schedules in words, in each language', () => {
    expect(describeSchedule('0 6 * * *', 'es-MX')).toEqual({
      key: 'reports.schedule.daily',
      values: { time: '6:00' },
    });
    expect(describeSchedule('0 7 * * 1', 'es-MX')).toEqual({
      key: 'reports.schedule.weekly',
      values: { weekdays: 'lunes', time: '7:00' },
    });
    expect(describeSchedule('5 18 * * 1,3,5', 'es-MX')!.values).toEqual({
      weekdays: 'lunes, miércoles y viernes',
      time: '18:05',
    });
    expect(describeSchedule('5 18 * * 5,3,1', 'en-US')!.values).toEqual({
      weekdays: 'Monday, Wednesday, and Friday',
      time: '18:05',
    });
    // Sunday is 0 or 7, and comes last in a week that starts on Monday.
    expect(describeSchedule('0 9 * * 0,6', 'en-US')!.values.weekdays).toBe('Saturday and Sunday');
    expect(describeSchedule('0 9 * * 7', 'es-MX')!.values.weekdays).toBe('domingo');
    expect(describeSchedule('30 23 * * 0-6', 'en-US')).toEqual({
      key: 'reports.schedule.daily',
      values: { time: '23:30' },
    });
    expect(describeSchedule('0 6 1 * *', 'es-MX')).toEqual({
      key: 'reports.schedule.monthly',
      values: { day: 1, time: '6:00' },
    });
    expect(describeSchedule('15 * * * *', 'es-MX')).toEqual({
      key: 'reports.schedule.hourly',
      values: { minute: 15 },
    });
  });

  it('leaves the rest to the cron itself', () => {
    for (const cron of [
      '*/15 * * * *',
      '0 6,18 * * *',
      '0 6 * 1 *',
      '0 6 1 * 1',
      '0 6 1-7 * *',
      '0 24 * * *',
      '60 6 * * *',
      '0 6 * * 8',
      '0 6 * * mon',
      '0 6 * *',
      '',
    ]) {
      expect(describeSchedule(cron, 'es-MX')).toBeNull();
    }
  });
});
