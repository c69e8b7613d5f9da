import { useCallback } from 'react';
import type { MessageKey, MessageValues } from '../i18n/catalogue.ts';
import { useTranslation } from '../i18n/use-translation.ts';

/** A five-field cron said in words: the catalogue key and its values, or null for a cron these
 * words do not cover (steps, ranges of hours, several times a day…), which is then shown as is. */
export type ScheduleWords = { key: MessageKey; values: MessageValues };

const NUMBER = /^\d{1,2}$/;

/** "1-5", "1,3,5", "0" → the weekdays (0-6, Sunday 0; 7 is Sunday too), in week order from Monday;
 * null for anything else. */
function weekdays(field: string): number[] | null {
  const days = new Set<number>();
  for (const part of field.split(',')) {
    const range = /^(\d)(?:-(\d))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from > 7 || to > 7 || to < from) return null;
    for (let d = from; d <= to; d++) days.add(d % 7);
  }
  return [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

/** The weekday's name in the locale (Intl's, not the catalogue's: the language's own names). */
const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)), // 7 January 2024 was a Sunday
  );

export function describeSchedule(cron: string, locale: string): ScheduleWords | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  if (!NUMBER.test(minute) || Number(minute) > 59 || month !== '*') return null;
  if (hour === '*' && dayOfMonth === '*' && dayOfWeek === '*') {
    return { key: 'reports.schedule.hourly', values: { minute: Number(minute) } };
  }
  if (!NUMBER.test(hour) || Number(hour) > 23) return null;
  const time = `${Number(hour)}:${minute.padStart(2, '0')}`;
  if (dayOfMonth === '*' && dayOfWeek === '*') return { key: 'reports.schedule.daily', values: { time } };
  if (dayOfMonth === '*') {
    const days = weekdays(dayOfWeek);
    if (!days) return null;
    if (days.length === 7) return { key: 'reports.schedule.daily', values: { time } };
    const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      days.map((d) => weekdayName(d, locale)),
    );
    return { key: 'reports.schedule.weekly', values: { weekdays: names, time } };
  }
  if (dayOfWeek === '*' && NUMBER.test(dayOfMonth) && Number(dayOfMonth) >= 1 && Number(dayOfMonth) <= 31) {
    return { key: 'reports.schedule.monthly', values: { day: Number(dayOfMonth), time } };
  }
  return null;
}

/** `describeSchedule` in the reader's language; the cron itself when no words cover it. */
export function useScheduleInWords(): (cron: string) => string {
  const { t, locale } = useTranslation();
  return useCallback(
    (cron: string) => {
      const words = describeSchedule(cron, locale);
      return words ? t(words.key, words.values) : cron;
    },
    [t, locale],
  );
}
