import type { ReportPreview } from '@preciofab/shared/contracts/reports';
import { moneyDecimals, reportFormats } from '@preciofab/shared/report-format';

type Column = ReportPreview['columns'][number];
type Cell = ReportPreview['rows'][number][string];

type Row = ReportPreview['rows'][number];

/** Formats one preview cell as the generated file does (reportFormats): an observed price with its
 * row's currency's minor units. */
export function createCellFormatter(locale: string) {
  const formats = reportFormats(locale);
  return (value: Cell | undefined, column: Column, row: Row = {}): string => {
    if (value === null || value === undefined || value === '') return '';
    if (column.kind === 'date' || column.kind === 'datetime') {
      const parsed = new Date(value);
      if (Number.isNaN(parsed.getTime())) return String(value);
      return formats.date(parsed, column.kind);
    }
    if (typeof value !== 'number') return value;
    if (column.kind === 'text') return String(value);
    return formats.number(value, column.kind, moneyDecimals({ currencyKey: column.currency_key }, row));
  };
}

/** Numbers line up on the right. */
export const isNumeric = (column: Column) =>
  column.kind === 'money' || column.kind === 'integer' || column.kind === 'percent';
