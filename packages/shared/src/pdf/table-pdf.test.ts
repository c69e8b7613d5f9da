import { describe, expect, it } from 'vitest';
import { writeTablePdf, type TablePdfSpec } from './table-pdf.ts';

type Page = { text: string; lines: string[]; width: number; height: number };

/** Each page as a PDF reader extracts it: its text, its text items top to bottom, its size. */
async function readPdf(bytes: Uint8Array): Promise<Page[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: Page[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const { width, height } = page.getViewport({ scale: 1 });
    const items = (await page.getTextContent()).items.flatMap((it) =>
      'str' in it && it.str.trim() ? [it.str] : [],
    );
    pages.push({ text: items.join(' '), lines: items, width, height });
  }
  await doc.destroy();
  return pages;
}

const base: TablePdfSpec = {
  title: 'Precios de impresión 3D',
  lines: ['Periodo: del 1 abr 2025 al 1 may 2025 (30 días)', 'Generado el 1 may 2025, 12:00 UTC'],
  orientation: 'portrait',
  columns: [
    { label: 'Proveedor' },
    { label: 'Precio', align: 'right' },
    { label: 'USD por unidad base', align: 'right' },
  ],
  rows: [
    ['Fábrica Ñandú Querétaro', '1,234,567.89', '0.0523'],
    ['Láser 中 Mérida', '12,990', '5.00'],
  ],
};

const many = (n: number): string[][] =>
  Array.from({ length: n }, (_, i) => [`Proveedor ${i}`, `${(100 + i).toFixed(2)}`, '5.00']);

describe('writeTablePdf', () => {
  it('writes the title, its lines, the header and every cell, numbers whole', async () => {
    const bytes = await writeTablePdf(base);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const [page] = await readPdf(bytes);
    for (const text of [
      'Precios de impresión 3D',
      'Periodo: del 1 abr 2025 al 1 may 2025 (30 días)',
      'Generado el 1 may 2025, 12:00 UTC',
      'Proveedor',
      'Fábrica Ñandú Querétaro',
      '1,234,567.89',
      '12,990',
      '0.0523',
    ]) {
      expect(page!.lines).toContain(text);
    }
    // A header wider than its column breaks between words, never inside one.
    expect(page!.text).toMatch(/USD por( unidad)? unidad base|USD por unidad base/);
    // What Helvetica cannot print becomes '?', never garbage.
    expect(page!.lines).toContain('Láser ? Mérida');
    expect(page!.height).toBeGreaterThan(page!.width);
  });

  it.each([
    ['portrait', (p: Page) => p.height > p.width],
    ['landscape', (p: Page) => p.width > p.height],
  ] as const)('turns the page %s', async (orientation, check) => {
    const [page] = await readPdf(await writeTablePdf({ ...base, orientation }));
    expect(check(page!)).toBe(true);
  });

  it('repeats the header on every page, numbers the pages and ends with the note', async () => {
    const pages = await readPdf(
      await writeTablePdf({
        ...base,
        orientation: 'landscape',
        rows: many(300),
        note: 'Se muestran las primeras 300 de 5,000 filas.',
        footer: (page) => `Precios · Página ${page}`,
      }),
    );
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((page, i) => {
      expect(page.lines.slice(0, 3).join(' ')).toMatch(
        i === 0 ? /^Precios de impresión 3D/ : /^Proveedor Precio USD/,
      );
      expect(page.lines.at(-1)).toBe(`Precios · Página ${i + 1}`);
    });
    // Every row once, in order, across the pages.
    const listed = pages.flatMap((p) => p.lines.filter((l) => l.startsWith('Proveedor ')));
    expect(listed).toEqual(many(300).map((r) => r[0]));
    expect(pages.at(-1)!.text).toContain('Se muestran las primeras 300 de 5,000 filas.');
  });

  it('shows its empty text instead of a table', async () => {
    const [page] = await readPdf(
      await writeTablePdf({ ...base, rows: [], empty: 'Sin datos en este periodo.' }),
    );
    expect(page!.text).toContain('Sin datos en este periodo.');
    expect(page!.lines).not.toContain('Proveedor');
  });

  it.each([1, 2, 3])(
    'wraps a long text cell onto at most %d line(s), cut with an ellipsis',
    async (cellLines) => {
      const long =
        'Taller de corte láser y grabado en madera, acrílico y metal con entrega a todo el país y descuento por volumen para empresas';
      const [page] = await readPdf(
        await writeTablePdf({
          ...base,
          columns: [
            { label: 'Descripción' },
            ...Array.from({ length: 9 }, (_, i) => ({ label: `P${i}`, align: 'right' as const })),
          ],
          rows: [[long, ...Array.from({ length: 9 }, () => '1,234,567.00')]],
          cellLines,
        }),
      );
      const at = page!.lines.findIndex((l) => l.startsWith('Taller'));
      const cell = page!.lines.slice(at).filter((l) => !/^[\d,.]+$/.test(l));
      expect(cell).toHaveLength(cellLines);
      expect(cell.at(-1)).toMatch(/…$/);
      // The lines read the text from its start, broken between words.
      const shown = cell.join(' ').replace(/…$/, '');
      expect(long.startsWith(shown)).toBe(true);
      expect(shown.length).toBeGreaterThan(25 * cellLines);
      // No number is cut.
      expect(page!.lines.filter((l) => l === '1,234,567.00')).toHaveLength(9);
    },
  );

  it('draws a chart of bars or percentile ranges with their values, at most 12 rows', async () => {
    const chart = {
      title: 'Mediana de USD neto por unidad base, por categoría',
      rows: Array.from({ length: 15 }, (_, i) => ({
        label: `Categoría ${i}`,
        values: i % 2 ? [i] : [i, i + 1, i + 2, i + 3, i + 4],
        text: `${i}.00`,
      })),
    };
    const [page] = await readPdf(await writeTablePdf({ ...base, chart }));
    const at = page!.lines.indexOf(chart.title);
    expect(at).toBeGreaterThan(-1);
    const drawn = page!.lines.filter((l) => l.startsWith('Categoría '));
    expect(drawn).toEqual(chart.rows.slice(0, 12).map((r) => r.label));
    expect(page!.lines).toContain('11.00');
    expect(page!.lines).not.toContain('12.00');
    // The table follows the chart.
    expect(page!.lines.indexOf('Proveedor')).toBeGreaterThan(at);
  });

  it('writes 1,000 rows of 14 columns in well under the report budget', async () => {
    const columns = Array.from({ length: 14 }, (_, i) => ({
      label: `Columna ${i}`,
      align: i % 2 ? ('right' as const) : ('left' as const),
    }));
    const rows = Array.from({ length: 1000 }, (_, r) =>
      columns.map((_, i) =>
        i % 2 ? (r * 1.5).toFixed(2) : `Texto ${r} de la columna ${i} con más palabras`,
      ),
    );
    const started = performance.now();
    const pages = await readPdf(await writeTablePdf({ ...base, orientation: 'landscape', columns, rows }));
    const elapsed = performance.now() - started;
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.at(-1)!.text).toContain('Texto 999 de');
    // About 1 s with the reading on this two-core machine; 10 s would mean something went quadratic.
    expect(elapsed).toBeLessThan(10_000);
  });
});
