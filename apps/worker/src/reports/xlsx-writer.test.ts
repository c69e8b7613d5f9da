import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@preciofab/shared/report-fields';
import { readXlsx } from './report-readers.ts';
import { writeXlsx } from './xlsx-writer.ts';

const columns = REPORT_COLUMNS.vendor;
const labels = ['Proveedor', 'Tipo', 'Ciudad', 'Región', 'Confiabilidad', 'Precios', 'Mediana USD neto'];

describe('xlsx writer', () => {
  it('writes a workbook with a bold frozen header, an autofilter and typed cells', async () => {
    const buf = await writeXlsx({
      title: 'Proveedores: CDMX/Querétaro',
      columns,
      labels,
      rows: [
        {
          vendor: 'Fábrica Ñandú',
          vendor_type: 'bureau',
          city: 'Querétaro',
          region: 'Mexico',
          trust_score: 0.85,
          price_count: 12,
          median_price_usd: 3.456,
        },
        {
          vendor: '=cmd|calc',
          vendor_type: 'maker',
          city: null,
          region: 'CDMX',
          trust_score: 0.5,
          price_count: 0,
          median_price_usd: null,
        },
      ],
    });
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    const wb = await readXlsx(buf);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Proveedores  CDMX Querétaro');
    expect(ws.getRow(1).values).toEqual([undefined, ...labels]);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:G3');
    const trust = ws.getCell('E2');
    expect(trust.type).toBe(ExcelJS.ValueType.Number);
    expect(trust.value).toBe(0.85);
    expect(trust.numFmt).toBe('0.0%');
    expect(ws.getCell('G2').value).toBe(3.456);
    expect(ws.getCell('G2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('F2').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('A2').value).toBe('Fábrica Ñandú');
    // Text that looks like a formula is stored as text, not as a formula.
    expect(ws.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('A3').value).toBe('=cmd|calc');
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(20);
  });

  it('stores dates as date cells with a date format', async () => {
    const at = new Date('2025-05-01T00:00:00Z');
    const buf = await writeXlsx({
      title: 'Precios',
      columns: REPORT_COLUMNS.pricing,
      labels: REPORT_COLUMNS.pricing.map((c) => c.key),
      rows: [{ observed_at: at, vendor: 'A', price: 10, confidence: 0.7 }],
    });
    const ws = (await readXlsx(buf)).worksheets[0]!;
    const cell = ws.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.Date);
    expect((cell.value as Date).toISOString()).toBe(at.toISOString());
    expect(cell.numFmt).toBe('yyyy-mm-dd');
  });
});
