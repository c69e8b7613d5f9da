import type ExcelJS from 'exceljs';

/** A cell as typed data: numbers and dates stay numbers and dates in the workbook. */
export type SheetCell = string | number | boolean | Date | null;

export type SheetColumn = {
  /** The header cell, and the least width of the column. */
  label: string;
  /** Number format of the column's cells: '#,##0.00', '0.0%', 'yyyy-mm-dd hh:mm'. */
  numFmt?: string;
  /** A cell's own format, by its row's index (an amount with its row's currency's decimals);
   * undefined keeps the column's. */
  rowFormat?: (row: number) => string | undefined;
  /** Least width in characters, when the column was designed wider than its content. */
  minWidth?: number;
};

export type SheetSpec = {
  /** Cleaned to what Excel accepts (see sheetName). */
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly SheetCell[])[];
  /** A bold header row of the labels, frozen, with an autofilter over the data. */
  header: boolean;
};

/** Excel forbids these characters in sheet names and caps them at 31 characters. */
export const sheetName = (title: string, fallback = 'Sheet'): string =>
  title
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || fallback;

/** Widths come from the first rows: enough to size a column, and cheap at 50,000 rows. */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;

/** Characters a cell takes on screen: a date as long as its format, a number as written. */
function cellWidth(value: SheetCell, numFmt: string | undefined): number {
  if (value === null) return 0;
  if (value instanceof Date) return (numFmt ?? 'yyyy-mm-dd hh:mm').length;
  if (typeof value === 'number') {
    // Grouping separators and the format's decimals: 1234567.5 shows as 1,234,567.50.
    const digits = Math.trunc(Math.abs(value)).toString().length;
    const decimals = /\.([0#]+)/.exec(numFmt ?? '')?.[1]?.length ?? 0;
    return digits + Math.floor((digits - 1) / 3) + (decimals ? decimals + 1 : 0) + (value < 0 ? 1 : 0);
  }
  return String(value).length;
}

function columnWidth(sheet: SheetSpec, column: SheetColumn, index: number): number {
  let longest = sheet.header ? column.label.length : 0;
  for (const row of sheet.rows.slice(0, WIDTH_SAMPLE)) {
    longest = Math.max(longest, cellWidth(row[index] ?? null, column.numFmt));
  }
  return Math.min(MAX_WIDTH, Math.max(column.minWidth ?? MIN_WIDTH, longest + 2));
}

/** exceljs is big: the console fetches it only when someone asks for a workbook. */
async function loadExcel(): Promise<typeof ExcelJS> {
  const mod = await import('exceljs');
  return (mod as unknown as { default?: typeof ExcelJS }).default ?? (mod as unknown as typeof ExcelJS);
}

/**
 * A real .xlsx, the one builder of the console's exports and the worker's reports: per sheet, an
 * optional bold, frozen header row with an autofilter over the data; column widths from the labels
 * and the first rows; numbers and dates as typed cells with their formats (and a cell's own format
 * where its row says so). Text is written as text, never as a formula, so '=cmd|x' stays inert.
 */
export async function writeWorkbook(
  sheets: readonly SheetSpec[],
  options: { created?: Date } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  wb.creator = 'PrecioFab';
  wb.created = options.created ?? new Date();
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheetName(sheet.name), {
      views: sheet.header ? [{ state: 'frozen', xSplit: 0, ySplit: 1 }] : [],
    });
    ws.columns = sheet.columns.map((c, i) => ({
      width: columnWidth(sheet, c, i),
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    if (sheet.header) {
      const header = ws.addRow(sheet.columns.map((c) => c.label));
      header.font = { bold: true };
      header.alignment = { vertical: 'middle' };
    }
    const own = sheet.columns.flatMap((c, i) => (c.rowFormat ? [{ at: i + 1, format: c.rowFormat }] : []));
    sheet.rows.forEach((cells, n) => {
      const row = ws.addRow(cells as SheetCell[]);
      for (const { at, format } of own) {
        const numFmt = format(n);
        if (numFmt) row.getCell(at).numFmt = numFmt;
      }
    });
    if (sheet.header && sheet.columns.length > 0) {
      ws.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: sheet.rows.length + 1, column: sheet.columns.length },
      };
    }
  }
  // A copy: in Node writeBuffer answers a Buffer that may share a larger pool.
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
