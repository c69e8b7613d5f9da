import { sheetMoneyFormat } from '@preciofab/shared/report-format';
import { decimalsOf, sheetValue } from './values.ts';
import type { ExportColumn, ExportRow, FieldCategory } from './types.ts';

export type XlsxOptions = {
  includeHeaders: boolean;
  /** One sheet per field category (general, pricing, metadata) instead of one sheet. */
  separateSheets: boolean;
  sheetTitle: string;
  categoryTitles: Record<FieldCategory, string>;
};

const PRICE_FORMAT = '#,##0.00';
const NUMBER_FORMAT = '#,##0.####';
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** Excel forbids these characters in sheet names and caps them at 31 characters. */
export const sheetName = (title: string): string =>
  title
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Export';

const numFmt = (c: ExportColumn): string | undefined =>
  c.dataType === 'date'
    ? DATE_FORMAT
    : c.dataType === 'number'
      ? c.decimals
        ? PRICE_FORMAT
        : NUMBER_FORMAT
      : undefined;

/** exceljs is big: it is fetched only when someone exports a workbook. */
async function loadExcel() {
  const mod = await import('exceljs');
  return (mod as unknown as { default?: typeof mod }).default ?? mod;
}

/** A real .xlsx: a bold, frozen header row, column widths, numbers as numbers (prices with a
 * two-decimal format, an observed price with its own currency's minor units), dates as dates.
 * Text is written as text, never as a formula. */
export async function buildXlsx(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  options: XlsxOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PrecioFab';
  wb.created = new Date();

  const groups: Array<[string, ExportColumn[]]> = options.separateSheets
    ? (['general', 'pricing', 'metadata'] as const)
        .map((cat): [string, ExportColumn[]] => [
          options.categoryTitles[cat],
          columns.filter((c) => c.category === cat),
        ])
        .filter(([, cols]) => cols.length > 0)
    : [[options.sheetTitle, [...columns]]];

  for (const [title, cols] of groups) {
    const ws = wb.addWorksheet(sheetName(title), {
      views: options.includeHeaders ? [{ state: 'frozen', xSplit: 0, ySplit: 1 }] : [],
    });
    ws.columns = cols.map((c) => {
      const longest = Math.max(
        options.includeHeaders ? c.label.length : 0,
        ...rows.slice(0, 200).map((r) => String(sheetValue(r[c.key], c.dataType) ?? '').length),
      );
      const fmt = numFmt(c);
      return {
        key: c.key,
        width: Math.min(60, Math.max(10, c.dataType === 'date' ? 18 : longest + 2)),
        ...(fmt ? { style: { numFmt: fmt } } : {}),
      };
    });
    if (options.includeHeaders) {
      const header = ws.addRow(cols.map((c) => c.label));
      header.font = { bold: true };
    }
    const amounts = cols.flatMap((c, i) => (c.currencyKey ? [{ c, n: i + 1 }] : []));
    for (const row of rows) {
      const added = ws.addRow(cols.map((c) => sheetValue(row[c.key], c.dataType)));
      for (const { c, n } of amounts) {
        const decimals = decimalsOf(c, row);
        if (decimals !== undefined) added.getCell(n).numFmt = sheetMoneyFormat(decimals);
      }
    }
  }
  // A copy: in Node writeBuffer answers a Buffer that may share a larger pool.
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
