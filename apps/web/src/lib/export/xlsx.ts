import { sheetMoneyFormat } from '@preciofab/shared/report-format';
import { sheetName, writeWorkbook, type SheetColumn, type SheetSpec } from '@preciofab/shared/xlsx-write';
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

const numFmt = (c: ExportColumn): string | undefined =>
  c.dataType === 'date'
    ? DATE_FORMAT
    : c.dataType === 'number'
      ? c.decimals
        ? PRICE_FORMAT
        : NUMBER_FORMAT
      : undefined;

/** The export's fields as the shared builder's columns: prices with two decimals, an observed
 * price with its own currency's minor units, dates as dates. */
function sheetColumn(c: ExportColumn, rows: readonly ExportRow[]): SheetColumn {
  const fmt = numFmt(c);
  return {
    label: c.label,
    ...(fmt ? { numFmt: fmt } : {}),
    ...(c.currencyKey
      ? {
          rowFormat: (n: number) => {
            const decimals = decimalsOf(c, rows[n]);
            return decimals === undefined ? undefined : sheetMoneyFormat(decimals);
          },
        }
      : {}),
  };
}

/** A real .xlsx through the shared workbook builder (`@preciofab/shared/xlsx-write`), which the
 * worker's reports use too; exceljs loads only when someone exports a workbook. */
export async function buildXlsx(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  options: XlsxOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const groups: Array<[string, ExportColumn[]]> = options.separateSheets
    ? (['general', 'pricing', 'metadata'] as const)
        .map((cat): [string, ExportColumn[]] => [
          options.categoryTitles[cat],
          columns.filter((c) => c.category === cat),
        ])
        .filter(([, cols]) => cols.length > 0)
    : [[options.sheetTitle, [...columns]]];
  const sheets: SheetSpec[] = groups.map(([title, cols]) => ({
    name: sheetName(title, 'Export'),
    header: options.includeHeaders,
    columns: cols.map((c) => sheetColumn(c, rows)),
    rows: rows.map((row) => cols.map((c) => sheetValue(row[c.key], c.dataType))),
  }));
  return writeWorkbook(sheets);
}
