import type { ReportColumn } from '@preciofab/shared/report-fields';
import type { CellValue, ReportRecord } from './report-data.ts';

const BOM = '\uFEFF';
// Spreadsheet programs read these first characters as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralizes a text cell a spreadsheet would run as a formula by prefixing an apostrophe.
 * Only text is touched: a number written from a numeric column (such as -1.5) stays a number,
 * since it cannot carry a formula and altering it would corrupt the data (the OWASP rule). */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, a quote, CR or LF goes in quotes, with its quotes doubled. */
export function quoteCsvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function formatCell(value: CellValue, column: ReportColumn): string {
  if (value === null) return '';
  if (value instanceof Date) {
    return column.kind === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return quoteCsvField(neutralizeFormula(value));
}

/** A UTF-8 CSV with a byte-order mark (so Excel reads accents right) and CRLF line ends.
 * Numbers are plain (dot decimal, percentages as 0–1 fractions); dates are ISO 8601. */
export function writeCsv(
  columns: readonly ReportColumn[],
  labels: readonly string[],
  rows: ReportRecord[],
): Buffer {
  const lines = [labels.map((l) => quoteCsvField(neutralizeFormula(l))).join(',')];
  for (const row of rows) lines.push(columns.map((c) => formatCell(row[c.key] ?? null, c)).join(','));
  return Buffer.from(BOM + lines.join('\r\n') + '\r\n', 'utf8');
}
