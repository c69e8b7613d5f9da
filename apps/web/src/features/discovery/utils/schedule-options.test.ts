import { describe, expect, it } from 'vitest';
import { isValidCron } from '@preciofab/shared/cron';
import {
  DEFAULT_SCHEDULE_OPTION,
  SCHEDULE_CRON,
  SCHEDULE_OPTIONS,
  scheduleOptionOf,
} from './schedule-options.ts';

describe('discovery schedule options', () => {
  it('offers daily at 6:00 by default, weekly, monthly and manual only', () => {
    expect(SCHEDULE_OPTIONS).toEqual(['daily', 'weekly', 'monthly', 'manual']);
    expect(DEFAULT_SCHEDULE_OPTION).toBe('daily');
    expect(SCHEDULE_CRON.daily).toBe('0 6 * * *');
    expect(SCHEDULE_CRON.weekly).toBe('0 6 * * 1');
    expect(SCHEDULE_CRON.monthly).toBe('0 6 1 * *');
    expect(SCHEDULE_CRON.manual).toBe('');
  });

  it('sends only crons the server accepts', () => {
    for (const option of SCHEDULE_OPTIONS.filter((o) => o !== 'manual')) {
      expect(isValidCron(SCHEDULE_CRON[option])).toBe(true);
    }
  });

  it('maps a stored cron back to its option', () => {
    expect(scheduleOptionOf('0  6 * * 1')).toBe('weekly');
    expect(scheduleOptionOf('')).toBe('manual');
    expect(scheduleOptionOf('*/5 * * * *')).toBeNull();
  });
});
