import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetName, writeWorkbook, type SheetSpec } from './xlsx-write.ts';

async function read(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return wb;
}

const at = new Date('2026-11-20T10:00:00.000Z');
const prices: SheetSpec = {
  name: 'Precios: noviembre',
  header: true,
  columns: [
    { label: 'Proveedor' },
    { label: 'Precio', numFmt: '#,##0.00', rowFormat: (n) => (n === 1 ? '#,##0' : undefined) },
    { label: 'Confianza', numFmt: '0.0%' },
    { label: 'Observado el', numFmt: 'yyyy-mm-dd hh:mm' },
    { label: 'Con impuestos' },
    { label: 'Ciudad', minWidth: 24 },
  ],
  rows: [
    ['Láser Querétaro', 1250.5, 0.85, at, true, 'Querétaro'],
    ['=cmd|x', 12990, 0.5, null, false, null],
  ],
};

describe('writeWorkbook', () => {
  it('writes typed cells under a bold, frozen, filtered header', async () => {
    const bytes = await writeWorkbook([prices]);
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    const ws = (await read(bytes)).worksheets[0]!;
    expect(ws.name).toBe('Precios  noviembre');
    expect(ws.getRow(1).values).toEqual([undefined, ...prices.columns.map((c) => c.label)]);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:F3');
    expect(ws.rowCount).toBe(3);
  });

  it.each([
    // [cell, value, type, number format]
    ['A2', 'Láser Querétaro', ExcelJS.ValueType.String, undefined],
    ['B2', 1250.5, ExcelJS.ValueType.Number, '#,##0.00'],
    // A cell's own format: an amount in a currency without minor units (CLP).
    ['B3', 12990, ExcelJS.ValueType.Number, '#,##0'],
    ['C2', 0.85, ExcelJS.ValueType.Number, '0.0%'],
    ['D2', at, ExcelJS.ValueType.Date, 'yyyy-mm-dd hh:mm'],
    ['E2', true, ExcelJS.ValueType.Boolean, undefined],
    // Text that looks like a formula stays text.
    ['A3', '=cmd|x', ExcelJS.ValueType.String, undefined],
    ['D3', null, ExcelJS.ValueType.Null, 'yyyy-mm-dd hh:mm'],
  ])('%s holds %j', async (ref, value, type, numFmt) => {
    const ws = (await read(await writeWorkbook([prices]))).worksheets[0]!;
    const cell = ws.getCell(ref);
    expect(cell.type).toBe(type);
    if (value instanceof Date) expect((cell.value as Date).toISOString()).toBe(value.toISOString());
    else expect(cell.value).toBe(value);
    if (numFmt) expect(cell.numFmt).toBe(numFmt);
  });

  it('sizes columns from labels and the first rows, within 10 to 60 characters', async () => {
    const ws = (await read(await writeWorkbook([prices]))).worksheets[0]!;
    expect(ws.getColumn(1).width).toBe('Láser Querétaro'.length + 2);
    // 12990 in the column's '#,##0.00' reads 12,990.00: 9 characters.
    expect(ws.getColumn(2).width).toBe(11);
    expect(ws.getColumn(5).width).toBe('Con impuestos'.length + 2);
    expect(ws.getColumn(4).width).toBe('yyyy-mm-dd hh:mm'.length + 2);
    expect(ws.getColumn(6).width).toBe(24);
    const sized = await writeWorkbook([
      { name: 'x', header: true, columns: [{ label: 'A' }, { label: 'B' }], rows: [['x'.repeat(500), 'y']] },
    ]);
    const sizedWs = (await read(sized)).worksheets[0]!;
    expect(sizedWs.getColumn(1).width).toBe(60);
    expect(sizedWs.getColumn(2).width).toBe(10);
  });

  it('writes several sheets, with or without a header', async () => {
    const wb = await read(
      await writeWorkbook([
        { ...prices, name: 'General', header: false },
        { name: 'Precios', header: false, columns: [{ label: 'Precio' }], rows: [[3], [4]] },
      ]),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['General', 'Precios']);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Láser Querétaro');
    expect(wb.worksheets[0]!.views?.[0]?.state).not.toBe('frozen');
    expect(wb.worksheets[0]!.autoFilter).toBeUndefined();
    expect(wb.getWorksheet('Precios')!.getColumn(1).values).toEqual([undefined, 3, 4]);
  });

  it.each([
    ['Proveedores: CDMX/Querétaro', undefined, 'Proveedores  CDMX Querétaro'],
    ['a'.repeat(40), undefined, 'a'.repeat(31)],
    ['[]', 'Report', 'Report'],
    ['  ', 'Export', 'Export'],
    ['?', undefined, 'Sheet'],
  ])('sheetName(%j) → %j', (title, fallback, name) => {
    expect(sheetName(title, fallback)).toBe(name);
  });
});
