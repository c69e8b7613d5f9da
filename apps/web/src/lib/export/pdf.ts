import { PERCENTILE_KEYS } from './field-sets.ts';
import { textValue, type TextFormat } from './values.ts';
import type { ExportColumn, ExportRow } from './types.ts';

export type PdfTexts = TextFormat & {
  title: string;
  /** "Generated on 22 nov 2026, 07:30", already formatted for the locale. */
  generated: string;
  chartTitle: string;
};

export type PdfOptions = { includeCharts: boolean };

/** More columns than this turn the page to landscape. */
export const LANDSCAPE_FROM = 6;
/** The chart draws at most this many rows, to stay on one page. */
const CHART_ROWS = 12;
const MARGIN = 40;

/** jsPDF and its table plug-in are fetched only when someone exports a PDF. */
async function loadPdf() {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  return { jsPDF, autoTable };
}

type Doc = InstanceType<Awaited<ReturnType<typeof loadPdf>>['jsPDF']>;
type Range = { label: string; values: number[] };

/** Rows that carry all five percentiles, for the chart. */
function percentileRanges(rows: readonly ExportRow[], label: (row: ExportRow) => string): Range[] {
  return rows.flatMap((row) => {
    const values = PERCENTILE_KEYS.map((k) => Number(row[k]));
    return values.every(Number.isFinite) ? [{ label: label(row), values }] : [];
  });
}

/** A box-and-whisker chart drawn with vector shapes: P10–P90 whiskers, P25–P75 box, P50 mark. */
function drawPercentileChart(doc: Doc, ranges: Range[], title: string, top: number): number {
  const width = doc.internal.pageSize.getWidth() - MARGIN * 2;
  const labelWidth = 160;
  const plot = width - labelWidth - 10;
  const rowH = 16;
  const max = Math.max(...ranges.map((r) => r.values[4] ?? 0)) || 1;
  const x = (v: number) => MARGIN + labelWidth + (v / max) * plot;
  doc.setFontSize(11);
  doc.text(title, MARGIN, top);
  doc.setFontSize(7);
  let y = top + 14;
  for (const { label, values } of ranges) {
    const [p10 = 0, p25 = 0, p50 = 0, p75 = 0, p90 = 0] = values;
    doc.setTextColor(40);
    doc.text(doc.splitTextToSize(label, labelWidth - 6)[0] ?? '', MARGIN, y + 8);
    doc.setDrawColor(100);
    doc.line(x(p10), y + 6, x(p90), y + 6);
    doc.setFillColor(147, 197, 253);
    doc.rect(x(p25), y + 1, Math.max(1, x(p75) - x(p25)), 10, 'FD');
    doc.setDrawColor(29, 78, 216);
    doc.setLineWidth(1.5);
    doc.line(x(p50), y, x(p50), y + 12);
    doc.setLineWidth(0.5);
    y += rowH;
  }
  doc.setTextColor(90);
  doc.text('0', x(0), y + 6);
  doc.text(max.toFixed(2), x(max) - 20, y + 6);
  doc.setTextColor(0);
  return y + 20;
}

/** A real PDF: title, generation date, an optional percentile chart and the table (landscape
 * when many columns). Texts are formatted for the active locale. */
export async function buildPdf(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  texts: PdfTexts,
  options: PdfOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const { jsPDF, autoTable } = await loadPdf();
  const doc = new jsPDF({
    orientation: columns.length >= LANDSCAPE_FROM ? 'landscape' : 'portrait',
    unit: 'pt',
    format: 'a4',
  });
  doc.setProperties({ title: texts.title, creator: 'PrecioFab' });
  doc.setFontSize(16);
  doc.text(texts.title, MARGIN, MARGIN + 8);
  doc.setFontSize(9);
  doc.setTextColor(90);
  doc.text(texts.generated, MARGIN, MARGIN + 24);
  doc.setTextColor(0);
  let top = MARGIN + 44;

  if (options.includeCharts) {
    const labelColumns = columns.filter((c) => c.dataType === 'string').slice(0, 2);
    const ranges = percentileRanges(rows, (row) =>
      labelColumns.map((c) => textValue(row[c.key], c, texts)).join(' · '),
    ).slice(0, CHART_ROWS);
    if (ranges.length > 0) top = drawPercentileChart(doc, ranges, texts.chartTitle, top + 6);
  }

  autoTable(doc, {
    startY: top,
    margin: { left: MARGIN, right: MARGIN },
    head: [columns.map((c) => c.label)],
    body: rows.map((row) => columns.map((c) => textValue(row[c.key], c, texts, row))),
    styles: { fontSize: columns.length > 8 ? 6.5 : 8, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [29, 78, 216], textColor: 255, fontStyle: 'bold' },
    columnStyles: Object.fromEntries(
      columns.map((c, i) => [i, c.dataType === 'number' ? { halign: 'right' as const } : {}]),
    ),
  });
  return new Uint8Array(doc.output('arraybuffer'));
}
