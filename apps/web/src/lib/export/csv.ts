import { writeCsvText } from '@preciofab/shared/csv-write';
import { rawValue } from './values.ts';
import type { ExportColumn, ExportRow } from './types.ts';

export type CsvOptions = { includeHeaders: boolean };

/** The rows as CSV, written by the server reports' writer (`@preciofab/shared/csv-write`): UTF-8
 * with a BOM, CRLF records, numbers as numbers, formulas in text neutralized. */
export function buildCsv(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  options: CsvOptions,
): string {
  const records = rows.map((row) => columns.map((c) => rawValue(row[c.key], c.dataType)));
  return writeCsvText(options.includeHeaders ? [columns.map((c) => c.label), ...records] : records);
}
