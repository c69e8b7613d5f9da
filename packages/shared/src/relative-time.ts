/**
 * Units of a relative time, smallest first, with the rounded count at which the next unit takes
 * over ("59 minutes", then "1 hour"; "4 weeks", then "1 month"; "11 months", then "1 year"). A month
 * is 30 days and a year 365, as a reader counts "3 months ago"; the calendar does not matter there.
 */
const UNITS: ReadonlyArray<readonly [unit: Intl.RelativeTimeFormatUnit, seconds: number, upTo: number]> = [
  ['minute', 60, 60],
  ['hour', 3_600, 24],
  ['day', 86_400, 7],
  ['week', 604_800, 5],
  ['month', 2_592_000, 12],
  ['year', 31_536_000, Infinity],
];

/** Under this many seconds, a time reads "now" / "ahora" rather than a count of seconds. */
export const NOW_SECONDS = 45;

const formats = new Map<string, Intl.RelativeTimeFormat>();
const formatOf = (locale: string) => {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  return format;
};

/**
 * "hace 2 horas" / "2 hours ago" / "in 3 days", the one rule of the console and the server.
 * Counts are ROUNDED to the nearest unit, as a reader expects (1 h 40 min is "2 hours ago", not the
 * truncated "1 hour ago"), and a count that rounds up to the next unit becomes that unit (59 min
 * 40 s is "1 hour ago", never "60 minutes ago"). Under NOW_SECONDS it reads "now"; with
 * `numeric: 'auto'`, one day back reads "yesterday" / "ayer".
 */
export function relativeTime(
  value: Date | string | number,
  locale: string,
  now: number = Date.now(),
): string {
  const seconds = (new Date(value).getTime() - now) / 1000;
  // An unreadable date shows nothing rather than a wrong "now".
  if (!Number.isFinite(seconds)) return '';
  const format = formatOf(locale);
  if (Math.abs(seconds) < NOW_SECONDS) return format.format(0, 'second');
  for (const [unit, size, upTo] of UNITS) {
    // Half away from zero, the same both ways: 90 minutes ago and in 90 minutes both read 2 hours.
    const count = Math.sign(seconds) * Math.round(Math.abs(seconds) / size);
    if (Math.abs(count) < upTo) return format.format(count, unit);
  }
  return '';
}
