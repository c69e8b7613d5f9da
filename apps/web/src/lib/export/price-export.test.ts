import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '@preciofab/shared/csv-parse';
import type { PriceRow } from '@preciofab/shared/contracts/prices';
import type { Language } from '@preciofab/shared/catalogue';
import { lookupMessage } from '../../testing/catalogues.ts';
import { EXPORT_PRESETS, initialExportConfig, PRICE_FIELDS } from './field-sets.ts';
import { buildExportFile } from './run-export.ts';
import type { ExportFormat } from './types.ts';

// The Prices screen's export of rows as the API gives them: a price in pesos colombianos converted
// to USD per base unit, and one in pesos chilenos with no rate yet (usd_status 'no_rate').

const base: Omit<PriceRow, 'id' | 'vendor_name' | 'offer_name' | 'price' | 'currency' | 'unit'> = {
  vendor_id: '00000000-0000-4000-8000-000000000001',
  offer_id: '00000000-0000-4000-8000-000000000002',
  quantity: 1,
  price_type: 'service_hourly',
  confidence_score: 0.8,
  observed_at: '2026-11-20T10:00:00.000Z',
  includes_tax: false,
  tax_state: 'excluded',
  includes_shipping: false,
  url: null,
  category: 'cnc_machining',
  subcategory: 'Milling',
  technology: 'cnc',
  material: null,
  price_usd: null,
  base_unit: null,
  usd_status: 'converted',
};
const rows: PriceRow[] = [
  {
    ...base,
    id: 'cop',
    vendor_name: 'Maquinados Chapinero',
    offer_name: 'Fresado CNC',
    price: 185000,
    currency: 'COP',
    unit: 'hour',
    price_usd: 46.25,
    base_unit: 'hour',
  },
  {
    ...base,
    id: 'clp',
    vendor_name: 'Prototipos Providencia',
    offer_name: 'Pieza SLA',
    price: 12490,
    currency: 'CLP',
    unit: 'piece',
    base_unit: 'piece',
    usd_status: 'no_rate',
  },
];

const file = (format: ExportFormat, lang: Language) =>
  buildExportFile(
    { ...initialExportConfig(PRICE_FIELDS, EXPORT_PRESETS.prices), format },
    PRICE_FIELDS,
    rows,
    {
      t: (key) => lookupMessage(lang, key) ?? key,
      locale: lang === 'es' ? 'es-MX' : 'en-US',
      title: 'Precios',
      fileBase: 'prices',
      now: new Date('2026-11-22T07:00:00Z'),
    },
  );

describe('price export', () => {
  it('carries the price, its currency, USD per base unit and the base unit, headed in both languages', async () => {
    for (const [lang, headers] of [
      ['es', ['Precio', 'Moneda', 'Unidad', 'USD por unidad base', 'Unidad base']],
      ['en', ['Price', 'Currency', 'Unit', 'USD per base unit', 'Base unit']],
    ] as const) {
      const [head, ...body] = parseCsv(await (await file('csv', lang)).blob.text(), ',');
      const at = headers.map((h) => head!.indexOf(h));
      expect(
        at.every((i) => i >= 0),
        lang,
      ).toBe(true);
      expect(body.map((row) => at.map((i) => row[i]))).toEqual([
        ['185000', 'COP', 'hour', '46.25', 'hour'],
        // Not convertible: an empty USD value, not 0.
        ['12490', 'CLP', 'piece', '', 'piece'],
      ]);
    }
    const json = JSON.parse(await (await file('json', 'en')).blob.text()) as Record<string, unknown>[];
    expect(json.map((r) => [r.Price, r.Currency, r['USD per base unit'], r['Base unit']])).toEqual([
      [185000, 'COP', 46.25, 'hour'],
      [12490, 'CLP', null, 'piece'],
    ]);
  });

  it('formats each price in the workbook with its currency’s minor units', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await file('excel', 'en')).blob.arrayBuffer());
    const ws = wb.worksheets[0]!;
    const head = (ws.getRow(1).values as unknown[]).map(String);
    const cell = (row: number, name: string) => ws.getRow(row).getCell(head.indexOf(name));
    expect([cell(2, 'Price').value, cell(2, 'Price').numFmt]).toEqual([185000, '#,##0.00']);
    expect([cell(3, 'Price').value, cell(3, 'Price').numFmt]).toEqual([12490, '#,##0']);
    expect([cell(2, 'USD per base unit').value, cell(2, 'USD per base unit').numFmt]).toEqual([
      46.25,
      '#,##0.00',
    ]);
    expect(cell(3, 'USD per base unit').type).toBe(ExcelJS.ValueType.Null);
  });

  it('prints each price in the PDF with its currency’s minor units', async () => {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const bytes = new Uint8Array(await (await file('pdf', 'es')).blob.arrayBuffer());
    const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((it) => ('str' in it ? it.str : '')).join(' ');
    await doc.destroy();
    expect(text).toContain('185,000.00');
    expect(text).toContain('12,490');
    expect(text).not.toContain('12,490.00');
    expect(text).toContain('46.25');
  });
});
