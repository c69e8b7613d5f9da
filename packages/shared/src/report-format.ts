import { minorUnits } from './currencies.ts';
import type { ReportColumn, ReportColumnKind } from './report-fields.ts';

/** Decimals of an amount in the currency `code` names: its ISO 4217 minor units (0 for CLP, 2 for
 * COP, 3 for KWD); `fallback` for a missing or unknown code. Reports and the console's exports
 * both write prices with it. */
export function currencyDecimals(code: unknown, fallback: number): number {
  return (typeof code === 'string' ? minorUnits(code.trim()) : null) ?? fallback;
}

/** Decimals of a report's money cell: its row's currency's when the column names one, otherwise
 * USD's 2. */
export function moneyDecimals(
  column: Pick<ReportColumn, 'currencyKey'>,
  row: Readonly<Record<string, unknown>>,
): number {
  return column.currencyKey ? currencyDecimals(row[column.currencyKey], 2) : 2;
}

/** A spreadsheet number format with thousands separators and `decimals` decimals: '#,##0' for
 * CLP, '#,##0.00' for COP, '#,##0.000' for KWD. */
export const sheetMoneyFormat = (decimals: number): string =>
  decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';

/** A report's numbers and dates in a locale, as every place that shows them writes them (the PDF and
 * the console's preview): money with 2 decimals (or its currency's, `moneyDecimals`), whole numbers,
 * 0–1 fractions as percentages, and dates on the UTC calendar (the server's). */
export function reportFormats(locale: string) {
  const moneyBy = new Map<number, Intl.NumberFormat>();
  const moneyFormat = (decimals: number) => {
    let f = moneyBy.get(decimals);
    if (!f) {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      moneyBy.set(decimals, f);
    }
    return f;
  };
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return {
    money: (n: number, decimals = 2) => moneyFormat(decimals).format(n),
    /** A number of a column: a percentage, a whole number, or money (with `decimals`, 2 by default). */
    number: (n: number, kind: ReportColumnKind, decimals = 2) =>
      kind === 'percent'
        ? percent.format(n)
        : kind === 'integer'
          ? integer.format(n)
          : moneyFormat(decimals).format(n),
    /** A date of a column: with its time for `datetime`, the day alone otherwise. */
    date: (d: Date, kind: ReportColumnKind = 'date') =>
      kind === 'datetime' ? dateTime.format(d) : date.format(d),
  };
}
