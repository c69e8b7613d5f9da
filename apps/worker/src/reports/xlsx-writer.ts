import ExcelJS from 'exceljs';
import { moneyDecimals, sheetMoneyFormat } from '@preciofab/shared/report-format';
import type { ReportColumn, ReportColumnKind } from '@preciofab/shared/report-fields';
import type { ReportRecord } from './report-data.ts';

const NUMBER_FORMATS: Partial<Record<ReportColumnKind, string>> = {
  money: '#,##0.00',
  integer: '#,##0',
  percent: '0.0%',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** Excel forbids these in sheet names and caps them at 31 characters. */
export const sheetName = (title: string): string =>
  title
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Report';

export type XlsxInput = {
  title: string;
  columns: readonly ReportColumn[];
  labels: readonly string[];
  rows: ReportRecord[];
};

/** A real workbook: a bold frozen header row, an autofilter over the data, numbers and dates as
 * typed cells with their formats (an observed price with its own currency's decimals), and column
 * widths. Text is written as text, never as a formula, so no neutralization is needed here. */
export async function writeXlsx(input: XlsxInput): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PrecioFab';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName(input.title), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  ws.columns = input.columns.map((c, i) => ({
    header: input.labels[i] ?? c.key,
    key: c.key,
    width: Math.max(c.width, (input.labels[i] ?? '').length + 2),
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind]! } : {},
  }));
  const priced = input.columns.filter((c) => c.kind === 'money' && c.currencyKey);
  for (const row of input.rows) {
    const added = ws.addRow(Object.fromEntries(input.columns.map((c) => [c.key, row[c.key] ?? null])));
    for (const c of priced) added.getCell(c.key).numFmt = sheetMoneyFormat(moneyDecimals(c, row));
  }
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  ws.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, input.rows.length + 1), column: input.columns.length },
  };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
