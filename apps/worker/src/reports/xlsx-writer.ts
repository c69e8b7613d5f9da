import { moneyDecimals, sheetMoneyFormat } from '@preciofab/shared/report-format';
import type { ReportColumn, ReportColumnKind } from '@preciofab/shared/report-fields';
import { sheetName, writeWorkbook } from '@preciofab/shared/xlsx-write';
import type { ReportRecord } from './report-data.ts';

const NUMBER_FORMATS: Partial<Record<ReportColumnKind, string>> = {
  money: '#,##0.00',
  integer: '#,##0',
  percent: '0.0%',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

export type XlsxInput = {
  title: string;
  columns: readonly ReportColumn[];
  labels: readonly string[];
  rows: ReportRecord[];
};

/** A report as a workbook through the shared builder (`@preciofab/shared/xlsx-write`, the console's
 * too): one sheet with a header row, each column in its kind's format, an observed price with its
 * own currency's decimals, and the column widths the report designed as the least. */
export async function writeXlsx(input: XlsxInput): Promise<Buffer> {
  const { columns, rows } = input;
  const content = await writeWorkbook([
    {
      name: sheetName(input.title, 'Report'),
      header: true,
      columns: columns.map((c, i) => ({
        label: input.labels[i] ?? c.key,
        minWidth: c.width,
        ...(NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {}),
        ...(c.kind === 'money' && c.currencyKey
          ? { rowFormat: (n: number) => sheetMoneyFormat(moneyDecimals(c, rows[n]!)) }
          : {}),
      })),
      rows: rows.map((row) => columns.map((c) => row[c.key] ?? null)),
    },
  ]);
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}
