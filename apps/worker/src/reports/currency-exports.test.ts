import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import type { Language } from '@preciofab/shared/catalogue';
import { labelReportValues } from '@preciofab/shared/report-fields';
import { createTestDb } from '../testing/test-db.ts';
import { loadReportData, type ReportData } from './report-data.ts';
import { insertLatamPrices } from './report-fixtures.ts';
import { writeReportFile, type ReportFormat } from './report-file.ts';
import { parseCsv, pdfText, readXlsx } from './report-readers.ts';

// A pricing report of a peso colombiano price (converted: a COP rate arrived) and a peso chileno
// price (no CLP rate: not convertible), through the loader and the three writers as the report
// job runs them.

let db: Db;
let drop: () => Promise<void>;
let data: ReportData;
const to = new Date();
const from = new Date(to.getTime() - 30 * 86_400_000);

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await insertLatamPrices(db, to);
  data = await loadReportData(db, { type: 'pricing', parameters: {}, from, to });
});
afterAll(() => drop());

const file = (format: ReportFormat, lang: Language) =>
  writeReportFile({
    name: 'Precios LATAM',
    type: 'pricing',
    format,
    lang,
    periodDays: 30,
    from,
    to,
    data: { columns: data.columns, rows: labelReportValues(lang, data.columns, data.rows) },
  });

describe('price exports in any currency', () => {
  it('load the observed price, its currency, USD per base unit and the base unit', () => {
    const rows = data.rows.map((r) => [r.vendor, r.price, r.currency, r.unit, r.price_usd, r.base_unit]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Maquinados Chapinero', 185000, 'COP', 'hour', 46.25, 'hour'],
        ['Prototipos Providencia', 12490, 'CLP', 'piece', null, 'piece'],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('write them to CSV with headers in both languages, and an empty USD cell when not convertible', async () => {
    for (const [lang, headers] of [
      ['es', ['Precio', 'Moneda', 'Unidad', 'USD por unidad base', 'Unidad base']],
      ['en', ['Price', 'Currency', 'Unit', 'USD per base unit', 'Base unit']],
    ] as const) {
      const [head, ...body] = parseCsv((await file('csv', lang)).content.toString('utf8'));
      const at = (name: string) => head!.indexOf(name);
      expect(
        headers.map(at).every((i) => i >= 0),
        lang,
      ).toBe(true);
      const cells = body.map((row) => headers.map((h) => row[at(h)]));
      const unit = (code: string) =>
        (lang === 'es' ? { hour: 'hora', piece: 'pieza' } : { hour: 'hour', piece: 'piece' })[
          code as 'hour' | 'piece'
        ];
      expect(cells, lang).toEqual(
        expect.arrayContaining([
          ['185000', 'COP', unit('hour'), '46.25', unit('hour')],
          ['12490', 'CLP', unit('piece'), '', unit('piece')],
        ]),
      );
    }
  });

  it('format each price in XLSX with its currency’s minor units, USD values with two decimals', async () => {
    const ws = (await readXlsx((await file('xlsx', 'en')).content)).worksheets[0]!;
    const head = (ws.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => head.indexOf(name);
    const byCurrency = new Map<string, ExcelJS.Row>();
    ws.eachRow((row, n) => {
      if (n > 1) byCurrency.set(String(row.getCell(col('Currency')).value), row);
    });
    const cop = byCurrency.get('COP')!;
    const clp = byCurrency.get('CLP')!;
    expect(cop.getCell(col('Price')).value).toBe(185000);
    expect(cop.getCell(col('Price')).numFmt).toBe('#,##0.00');
    expect(clp.getCell(col('Price')).value).toBe(12490);
    expect(clp.getCell(col('Price')).numFmt).toBe('#,##0');
    expect(cop.getCell(col('USD per base unit')).value).toBe(46.25);
    expect(cop.getCell(col('USD per base unit')).numFmt).toBe('#,##0.00');
    expect(cop.getCell(col('USD per base unit')).type).toBe(ExcelJS.ValueType.Number);
    // Not convertible: an empty cell, not 0.
    expect(clp.getCell(col('USD per base unit')).type).toBe(ExcelJS.ValueType.Null);
    expect(clp.getCell(col('Base unit')).value).toBe('piece');
  });

  it('print each price in the PDF with its currency’s minor units', async () => {
    // Words of a wrapped header and cells come out as items: spaces normalized.
    const text = async (lang: Language) =>
      (await pdfText((await file('pdf', lang)).content)).join('\n').replace(/\s+/g, ' ');
    const en = await text('en');
    expect(en).toContain('USD per base unit');
    expect(en).toMatch(/185,000\.00 COP/);
    expect(en).toMatch(/12,490 CLP/);
    expect(en).not.toContain('12,490.00');
    expect(en).toMatch(/46\.25 hour/);
    const es = await text('es');
    expect(es).toContain('USD por unidad base');
    expect(es).toMatch(/12,490 CLP/);
  });
});
