import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from './types.ts';
import { buildXlsx } from './xlsx.ts';

const columns: ExportColumn[] = [
  { key: 'vendor_name', label: 'Proveedor', dataType: 'string', category: 'general' },
  { key: 'price', label: 'Precio', dataType: 'number', category: 'pricing', decimals: 2 },
  { key: 'quantity', label: 'Cantidad', dataType: 'number', category: 'pricing' },
  { key: 'observed_at', label: 'Observado el', dataType: 'date', category: 'metadata' },
  { key: 'includes_tax', label: 'Incluye impuestos', dataType: 'boolean', category: 'pricing' },
];
const rows = [
  {
    vendor_name: 'Láser Querétaro',
    price: 1250.5,
    quantity: 3,
    observed_at: '2026-11-20T10:00:00.000Z',
    includes_tax: true,
  },
  { vendor_name: '=cmd|x', price: '99.9', quantity: null, observed_at: null, includes_tax: false },
];
const titles = { general: 'General', pricing: 'Precios', metadata: 'Metadatos' };

async function read(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return wb;
}

describe('buildXlsx', () => {
  it('writes a real workbook: bold frozen header, typed numbers and dates, widths', async () => {
    const bytes = await buildXlsx(columns, rows, {
      includeHeaders: true,
      separateSheets: false,
      sheetTitle: 'Precios: noviembre',
      categoryTitles: titles,
    });
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    const wb = await read(bytes);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Precios  noviembre');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Proveedor',
      'Precio',
      'Cantidad',
      'Observado el',
      'Incluye impuestos',
    ]);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const price = ws.getCell('B2');
    expect(price.value).toBe(1250.5);
    expect(price.numFmt).toBe('#,##0.00');
    expect(ws.getCell('B3').value).toBe(99.9);
    expect(ws.getCell('C2').value).toBe(3);
    const date = ws.getCell('D2').value;
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(ws.getCell('E2').value).toBe(true);
    // Text stays text: no formula is stored.
    expect(ws.getCell('A3').value).toBe('=cmd|x');
    expect(ws.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual('Láser Querétaro'.length);
  });

  it('writes one sheet per category, without headers when asked', async () => {
    const wb = await read(
      await buildXlsx(columns, rows, {
        includeHeaders: false,
        separateSheets: true,
        sheetTitle: 'x',
        categoryTitles: titles,
      }),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['General', 'Precios', 'Metadatos']);
    expect(wb.getWorksheet('Precios')!.getRow(1).values).toEqual([undefined, 1250.5, 3, true]);
    expect(wb.getWorksheet('General')!.rowCount).toBe(2);
  });
});
