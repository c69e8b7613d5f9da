import { describe, expect, it } from 'vitest';
import { buildPdf } from './pdf.ts';
import type { ExportColumn } from './types.ts';

async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; width: number; height: number }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  let size = { width: 0, height: 0 };
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    if (i === 1) size = page.getViewport({ scale: 1 });
    const text = await page.getTextContent();
    pages.push(text.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages, width: size.width, height: size.height };
}

const texts = {
  title: 'Referencias de mercado',
  generated: 'Generado el 22 de noviembre de 2026',
  chartTitle: 'Rangos de precio',
  locale: 'es-MX',
  yes: 'Sí',
  no: 'No',
};
const num = (key: string, label: string): ExportColumn => ({
  key,
  label,
  dataType: 'number',
  category: 'pricing',
  decimals: 2,
});

describe('buildPdf', () => {
  it('writes a portrait PDF with title, date and a table in the locale', async () => {
    const columns: ExportColumn[] = [
      { key: 'name', label: 'Nombre', dataType: 'string', category: 'general' },
      num('price', 'Precio'),
      { key: 'ok', label: 'Activo', dataType: 'boolean', category: 'metadata' },
    ];
    const bytes = await buildPdf(columns, [{ name: 'Taller Óptimo', price: 1234.5, ok: true }], texts, {
      includeCharts: false,
    });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { pages, width, height } = await pdfText(bytes);
    expect(height).toBeGreaterThan(width);
    expect(pages[0]).toContain('Referencias de mercado');
    expect(pages[0]).toContain('Generado el 22 de noviembre de 2026');
    for (const label of ['Nombre', 'Precio', 'Activo', 'Taller Óptimo', '1,234.50', 'Sí']) {
      expect(pages[0]).toContain(label);
    }
  });

  it('turns landscape with many columns and draws the percentile chart', async () => {
    const columns: ExportColumn[] = [
      { key: 'category', label: 'Categoría', dataType: 'string', category: 'general' },
      ...['p10', 'p25', 'p50', 'p75', 'p90'].map((p) => num(`price_${p}`, p.toUpperCase())),
    ];
    const rows = [
      { category: 'FDM', price_p10: 1, price_p25: 2, price_p50: 3, price_p75: 4, price_p90: 5 },
      { category: 'CNC', price_p10: 10, price_p25: 20, price_p50: 30, price_p75: 40, price_p90: 50 },
    ];
    const { pages, width, height } = await pdfText(
      await buildPdf(columns, rows, texts, { includeCharts: true }),
    );
    expect(width).toBeGreaterThan(height);
    expect(pages[0]).toContain('Rangos de precio');
    for (const label of ['Categoría', 'P10', 'P90', 'CNC', '50.00']) expect(pages[0]).toContain(label);
    const without = await pdfText(await buildPdf(columns, rows, texts, { includeCharts: false }));
    expect(without.pages[0]).not.toContain('Rangos de precio');
  });
});
