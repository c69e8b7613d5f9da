import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@preciofab/shared/report-fields';
import type { ReportRecord } from '../report-data.ts';
import type { ReportFileInput } from '../report-file.ts';
import { readXlsx } from '../report-readers.ts';
import { ReportBudgetError, writeReportInThread } from './write-report.ts';

const pricingRows = (n: number): ReportRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    observed_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    vendor: `Taller ${i % 300}`,
    offer: `Impresión PLA, pieza ${i}`,
    category: 'additive_manufacturing',
    subcategory: 'FDM',
    region: 'CDMX',
    price: 250 + i,
    currency: 'MXN',
    unit: 'piece',
    price_usd: 12.5,
    base_unit: 'piece',
    price_net_usd: 10.78,
    tax_state: 'included',
    confidence: 0.75,
  }));

const input = (rows: ReportRecord[], format: ReportFileInput['format'] = 'xlsx'): ReportFileInput => ({
  name: 'Precios de enero',
  type: 'pricing',
  format,
  lang: 'es',
  periodDays: 30,
  from: new Date(Date.UTC(2025, 0, 1)),
  to: new Date(Date.UTC(2025, 0, 31)),
  data: { columns: REPORT_COLUMNS.pricing, rows },
});

describe('writing a report file in its own thread', () => {
  it('writes 10,000 rows of XLSX while this thread stays free, with labels and a preview', async () => {
    const rows = pricingRows(10_000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const file = await writeReportInThread(input(rows), { previewRows: 3 });
    delay.disable();
    // On this thread the workbook held it for about 2 s (10.7 s for 50,000 rows).
    expect(delay.max / 1e6).toBeLessThan(500);

    expect(file.fileName).toBe('Precios de enero-2025-01-31.xlsx');
    const sheet = (await readXlsx(file.content)).worksheets[0]!;
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getRow(10_001).getCell(3).value).toBe('Impresión PLA, pieza 9999');
    // Codes are written as their labels in the report's language in the file; the preview keeps
    // the codes, which the API labels in each reader's language.
    expect(sheet.getRow(2).getCell(4).value).toBe('Impresión 3D');
    expect(file.preview).toHaveLength(3);
    expect(file.preview[0]).toMatchObject({
      observed_at: '2025-01-01T00:00:00.000Z',
      category: 'additive_manufacturing',
      price: 250,
    });
  }, 60_000);

  it('fails past its time budget, and when the file would pass its size budget', async () => {
    const rows = pricingRows(2000);
    await expect(
      writeReportInThread(input(rows), { previewRows: 0, limits: { timeMs: 50 } }),
    ).rejects.toEqual(expect.objectContaining({ name: 'ReportBudgetError', budget: 'time', limit: 50 }));
    const tooLarge = writeReportInThread(input(rows, 'csv'), {
      previewRows: 0,
      limits: { maxBytes: 10_000 },
    });
    await expect(tooLarge).rejects.toBeInstanceOf(ReportBudgetError);
    await expect(tooLarge).rejects.toMatchObject({ budget: 'bytes', limit: 10_000 });
    // Within budget, the same rows give their file.
    const csv = await writeReportInThread(input(rows, 'csv'), { previewRows: 0 });
    expect(csv.content.toString('utf8').split('\r\n')).toHaveLength(2002);
  }, 60_000);
});
