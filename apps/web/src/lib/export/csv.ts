import { rawValue } from './values.ts';
import type { ExportColumn, ExportRow } from './types.ts';

/** Excel reads UTF-8 only with this mark at the start; without it accents come out garbled. */
export const UTF8_BOM = '\uFEFF';

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: a text that a spreadsheet would run as a formula gets a leading apostrophe;
 * quotes are doubled and the field quoted when it holds a comma, quote, CR or LF (RFC 4180). */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  // Numbers are data, not formulas: -12.5 stays a number.
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvOptions = { includeHeaders: boolean };

/** RFC 4180 CSV with CRLF records and a UTF-8 BOM. */
export function buildCsv(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  options: CsvOptions,
): string {
  const lines: string[] = [];
  if (options.includeHeaders) lines.push(columns.map((c) => csvField(c.label)).join(','));
  for (const row of rows) {
    lines.push(columns.map((c) => csvField(rawValue(row[c.key], c.dataType))).join(','));
  }
  return UTF8_BOM + lines.join('\r\n') + (lines.length > 0 ? '\r\n' : '');
}
