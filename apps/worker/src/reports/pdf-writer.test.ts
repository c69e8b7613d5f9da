import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS, reportColumnLabel } from '@preciofab/shared/report-fields';
import { chartBars, PDF_MAX_ROWS, writePdf } from './pdf-writer.ts';
import { pdfText } from './report-readers.ts';
import type { ReportRecord } from './report-data.ts';

const row = (i: number): ReportRecord => ({
  observed_at: new Date(Date.UTC(2025, 4, 1 + (i % 28))),
  vendor: i === 0 ? 'Fábrica Ñandú Querétaro' : `Vendor ${i}`,
  offer: `Offer ${i} ${'with a very long descriptive name '.repeat(3)}`,
  category: i % 2 ? 'cnc_machining' : 'additive_manufacturing',
  subcategory: 'FDM',
  region: 'CDMX',
  price: 100 + i,
  currency: 'MXN',
  unit: 'piece',
  base_unit: 'piece',
  price_net_usd: 5 + (i % 7),
  tax_state: 'included',
  confidence: 0.8,
});

const input = (lang: 'es' | 'en', rows: ReportRecord[]) => ({
  lang,
  type: 'pricing' as const,
  title: lang === 'es' ? 'Precios de impresión 3D' : 'Printing prices',
  periodDays: 30,
  from: new Date('2025-04-01T12:00:00Z'),
  to: new Date('2025-05-01T12:00:00Z'),
  generatedAt: new Date('2025-05-01T12:00:00Z'),
  columns: REPORT_COLUMNS.pricing,
  labels: REPORT_COLUMNS.pricing.map((c) => reportColumnLabel(lang, c.key)),
  rows,
});

describe('pdf writer', () => {
  it('writes a PDF whose text holds the title, period, headers and rows, in Spanish', async () => {
    const buf = await writePdf(input('es', [row(0), row(1), row(2)]));
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(buf)).join('\n');
    expect(text).toContain('Precios de impresión 3D');
    expect(text).toContain('Periodo: del 1 abr 2025 al 1 may 2025 (30 días)');
    expect(text).toContain('Tipo: Precios');
    expect(text).toContain('Fábrica Ñandú Querétaro');
    expect(text).toContain('Proveedor');
    expect(text).toContain('Confianza');
    expect(text).toContain('Mediana de USD neto por unidad base, por categoría');
    // Long text is cut to its column with an ellipsis.
    expect(text).toContain('…');
    expect(text).not.toContain('name with a very long descriptive name with a very long');
  });

  it('writes English texts and repeats the header on every page; caps the rows', async () => {
    const rows = Array.from({ length: PDF_MAX_ROWS + 5 }, (_, i) => row(i));
    const pages = await pdfText(await writePdf(input('en', rows)));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages[0]).toContain('Period: Apr 1, 2025 to May 1, 2025 (30 days)');
    for (const page of pages.slice(1)) expect(page).toMatch(/^Observed +Vendor +Offer/);
    // Counts may be written with a thousands separator (1,000) by the shared messages.
    expect(pages.at(-1)).toMatch(/Showing the first 1,?000 of 1,?005 rows/);
    expect(pages.at(-1)).toContain(`Page ${pages.length}`);
  });

  it('says so when there are no rows', async () => {
    const text = (await pdfText(await writePdf(input('en', [])))).join('\n');
    expect(text).toContain('No data for this period.');
    expect(text).toContain('0 rows');
  });

  it('charts medians by category, largest first', () => {
    const bars = chartBars('pricing', [
      { category: 'a', price_net_usd: 1 },
      { category: 'a', price_net_usd: 3 },
      { category: 'b', price_net_usd: 10 },
      { category: 'b', price_net_usd: null },
    ]);
    expect(bars).toEqual([
      { label: 'b', value: 10 },
      { label: 'a', value: 2 },
    ]);
    expect(
      chartBars('discovery', [{ status: 'pending' }, { status: 'pending' }, { status: 'approved' }]),
    ).toEqual([
      { label: 'pending', value: 2 },
      { label: 'approved', value: 1 },
    ]);
  });

  it('charts 50,000 rows of one category in linear time', () => {
    // Copying the group's list for each row took 38 s here; pushing takes some 20 ms.
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ category: 'a', price_net_usd: i % 100 }));
    const started = performance.now();
    expect(chartBars('pricing', rows)).toEqual([{ label: 'a', value: 49.5 }]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
