import type { ReportPreview } from '@preciofab/shared/contracts/reports';

type Column = ReportPreview['columns'][number];
type Cell = ReportPreview['rows'][number][string];

/** Formats one preview cell as the generated file does: money with 2 decimals, percentages from
 * 0–1 fractions, dates in UTC (the server's calendar). */
export function createCellFormatter(locale: string) {
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });

  return (value: Cell | undefined, column: Column): string => {
    if (value === null || value === undefined || value === '') return '';
    if (column.kind === 'date' || column.kind === 'datetime') {
      const parsed = new Date(value);
      if (Number.isNaN(parsed.getTime())) return String(value);
      return column.kind === 'date' ? date.format(parsed) : dateTime.format(parsed);
    }
    if (typeof value !== 'number') return value;
    if (column.kind === 'percent') return percent.format(value);
    if (column.kind === 'integer') return integer.format(value);
    if (column.kind === 'money') return money.format(value);
    return String(value);
  };
}

/** Numbers line up on the right. */
export const isNumeric = (column: Column) =>
  column.kind === 'money' || column.kind === 'integer' || column.kind === 'percent';
