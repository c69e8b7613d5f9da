import { CELL_PAD, columnWidths, headerWidth } from './column-widths.ts';
import { loadPdfKit } from './load-pdfkit.ts';
import { drawChart, FONT_SIZE, GREY, INK, type PdfChart } from './pdf-chart.ts';
import { fitText, wrapText, type Measure } from './text-fit.ts';
import { winAnsi } from './win-ansi.ts';

export type { PdfChart, PdfChartRow } from './pdf-chart.ts';

export type PdfColumn = {
  label: string;
  /** 'right' for numbers: right-aligned, on one line, never cut (their column is made wide enough). */
  align?: 'left' | 'right';
};

/** Everything a table PDF shows, its texts already in the reader's language and format. */
export type TablePdfSpec = {
  title: string;
  /** Lines under the title: the generation time, a report's type, period and row count. */
  lines: readonly string[];
  orientation: 'portrait' | 'landscape';
  chart?: PdfChart;
  columns: readonly PdfColumn[];
  rows: readonly (readonly string[])[];
  /** Lines a text cell may take before it is cut with an ellipsis; 1 keeps every row on one line. */
  cellLines?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: string;
  /** Shown under the table: "Showing the first 1,000 of 50,000 rows". */
  note?: string;
  /** The footer of page `page` (from 1), or none. */
  footer?: (page: number) => string;
};

const MARGIN = 36;
const LINE_H = 9;
const MUTED = '#6b7280';
const HEAD_FILL = '#e5e7eb';
const ZEBRA = '#f9fafb';

/**
 * A real PDF, the one drawing of the console's PDF export and the worker's report PDF (PDFKit,
 * which runs in both): a title and its lines, an optional chart in vector shapes, and a table
 * whose header repeats on every page, with page footers once the page count is known. Text is
 * printed in the PDF's built-in Helvetica (WinAnsi: every Spanish letter, '?' for the rest).
 */
export async function writeTablePdf(spec: TablePdfSpec): Promise<Uint8Array<ArrayBuffer>> {
  const PDFDocument = await loadPdfKit();
  const title = winAnsi(spec.title);
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.orientation,
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: 'PrecioFab', Creator: 'PrecioFab' },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  const measure = (text: string) => doc.widthOfString(text);
  const line = (text: string, x: number, y: number, w: number) =>
    doc.text(text, x, y, { width: w, lineBreak: false });

  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK);
  line(fitText(title, width, measure), MARGIN, MARGIN, width);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  let y = MARGIN + 24;
  for (const text of spec.lines) {
    line(fitText(winAnsi(text), width, measure), MARGIN, y, width);
    y += 12;
  }
  y += 6;

  if (spec.chart) {
    const chart = {
      title: winAnsi(spec.chart.title),
      rows: spec.chart.rows.map((r) => ({ ...r, label: winAnsi(r.label), text: winAnsi(r.text) })),
    };
    y += drawChart(doc, chart, MARGIN, y, width);
  }

  if (spec.rows.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(GREY);
    if (spec.empty) line(winAnsi(spec.empty), MARGIN, y, width);
  } else {
    y = drawTable(doc, spec, width, y, bottom);
  }
  if (spec.note) {
    if (y + 2 * LINE_H + 6 > bottom()) y = newPage(doc);
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    line(winAnsi(spec.note), MARGIN, y + 6, width);
  }

  if (spec.footer) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits in the bottom margin; without this PDFKit would start a new page for it.
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(7).fillColor(MUTED);
      doc.text(fitText(winAnsi(spec.footer(i + 1)), width, measure), MARGIN, doc.page.height - MARGIN - 4, {
        width,
        lineBreak: false,
        align: 'right',
      });
    }
  }
  doc.end();
  await done;
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A new page; answers the top of its content. */
function newPage(doc: PDFKit.PDFDocument): number {
  doc.addPage();
  return MARGIN;
}

/** The table from `top` down, on a new page (with the header again) whenever a row would not fit;
 * answers where it ends. */
function drawTable(
  doc: PDFKit.PDFDocument,
  spec: TablePdfSpec,
  width: number,
  top: number,
  bottom: () => number,
): number {
  const labels = spec.columns.map((c) => winAnsi(c.label));
  const rows = spec.rows.map((row) => row.map(winAnsi));
  const right = spec.columns.map((c) => c.align === 'right');
  const cellLines = Math.max(1, spec.cellLines ?? 1);
  // PDFKit measures in the font in use: the header's in bold first, then the cells'.
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  const bold: Measure = (text) => doc.widthOfString(text);
  const headers = labels.map((label) => headerWidth(label, bold));
  doc.font('Helvetica').fontSize(FONT_SIZE);
  const regular: Measure = (text) => doc.widthOfString(text);
  const widths = columnWidths(
    spec.columns.map((c, i) => ({ header: headers[i]!, headerLine: bold(labels[i]!), align: c.align })),
    rows,
    width,
    regular,
  );
  const inner = widths.map((w) => w - 2 * CELL_PAD);
  // A label wider than its column goes on two lines, so headers such as "USD per base unit" read whole.
  doc.font('Helvetica-Bold');
  const headLines = labels.map((label, i) => wrapText(label, inner[i]!, 2, bold));
  doc.font('Helvetica');
  const headH = Math.max(...headLines.map((l) => l.length)) * LINE_H + 5;

  let y = top;
  /** One row's cells, each its lines, from the left margin at the current height. */
  const drawCells = (cells: readonly (readonly string[])[]) => {
    let x = MARGIN;
    cells.forEach((lines, i) => {
      lines.forEach((text, k) =>
        doc.text(text, x + CELL_PAD, y + 3 + k * LINE_H, {
          width: inner[i]!,
          lineBreak: false,
          align: right[i] ? 'right' : 'left',
        }),
      );
      x += widths[i]!;
    });
  };
  const header = () => {
    doc.rect(MARGIN, y, width, headH).fill(HEAD_FILL);
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor(INK);
    drawCells(headLines);
    y += headH;
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(INK);
  };

  if (y + headH + 2 * (LINE_H + 3) > bottom()) y = newPage(doc);
  header();
  rows.forEach((row, n) => {
    const cells = row.map((text, i) =>
      right[i] ? [fitText(text, inner[i]!, regular)] : wrapText(text, inner[i]!, cellLines, regular),
    );
    const rowH = Math.max(1, ...cells.map((c) => c.length)) * LINE_H + 3;
    if (y + rowH > bottom()) {
      y = newPage(doc);
      header();
    }
    if (n % 2 === 1) doc.rect(MARGIN, y, width, rowH).fill(ZEBRA);
    doc.fillColor(INK);
    drawCells(cells);
    y += rowH;
  });
  return y;
}
