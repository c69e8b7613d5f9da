import type { ReportColumnKind } from './report-fields.ts';

/** A report's numbers and dates in a locale, as every place that shows them writes them (the PDF and
 * the console's preview): money with 2 decimals, whole numbers, 0–1 fractions as percentages, and
 * dates on the UTC calendar (the server's). */
export function reportFormats(locale: string) {
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return {
    money: (n: number) => money.format(n),
    /** A number of a column: a percentage, a whole number, or money. */
    number: (n: number, kind: ReportColumnKind) =>
      kind === 'percent' ? percent.format(n) : kind === 'integer' ? integer.format(n) : money.format(n),
    /** A date of a column: with its time for `datetime`, the day alone otherwise. */
    date: (d: Date, kind: ReportColumnKind = 'date') =>
      kind === 'datetime' ? dateTime.format(d) : date.format(d),
  };
}
