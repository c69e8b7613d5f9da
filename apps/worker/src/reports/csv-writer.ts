import { writeCsvText, type CsvCell } from '@preciofab/shared/csv-write';
import type { ReportColumn } from '@preciofab/shared/report-fields';
import type { CellValue, ReportRecord } from './report-data.ts';

/** Dates as ISO 8601 text (a date column as YYYY-MM-DD); numbers and text go to the shared writer,
 * which neutralizes formulas in text only. */
function reportCell(value: CellValue, column: ReportColumn): CsvCell {
  if (value instanceof Date) {
    return column.kind === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  return value;
}

/** A report as CSV, written by the console exports' writer (`@preciofab/shared/csv-write`): UTF-8
 * with a BOM, CRLF records, numbers plain (percentages as 0–1 fractions), dates ISO 8601. */
export function writeCsv(
  columns: readonly ReportColumn[],
  labels: readonly string[],
  rows: ReportRecord[],
): Buffer {
  const records = [labels, ...rows.map((row) => columns.map((c) => reportCell(row[c.key] ?? null, c)))];
  return Buffer.from(writeCsvText(records), 'utf8');
}
