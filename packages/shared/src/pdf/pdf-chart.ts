import { fitText } from './text-fit.ts';

/** One row of a chart: one value draws a bar from 0; five (P10, P25, P50, P75, P90) draw a
 * whisker from P10 to P90, a box from P25 to P75 and a mark at P50. `text` prints after it. */
export type PdfChartRow = { label: string; values: readonly number[]; text: string };

export type PdfChart = { title: string; rows: readonly PdfChartRow[] };

/** The chart draws at most this many rows, to stay on the first page. */
export const CHART_ROWS = 12;

export const INK = '#111827';
export const GREY = '#374151';
export const ACCENT = '#1d4ed8';
const BOX = '#93c5fd';
const ROW_H = 12;
const MARK_H = ROW_H - 3;
const VALUE_W = 70;
export const FONT_SIZE = 7;

/** Draws the chart `width` wide from (`left`, `top`) in vector shapes and answers its height. */
export function drawChart(
  doc: PDFKit.PDFDocument,
  chart: PdfChart,
  left: number,
  top: number,
  width: number,
): number {
  const rows = chart.rows.slice(0, CHART_ROWS);
  if (rows.length === 0) return 0;
  const line = (text: string, x: number, y: number, w: number) =>
    doc.text(text, x, y, { width: w, lineBreak: false });
  const labelW = Math.min(220, width * 0.35);
  const plotW = Math.min(420, width - labelW - VALUE_W - 10);
  const max = Math.max(0, ...rows.map((r) => r.values.at(-1) ?? 0)) || 1;
  const x = (v: number) => left + labelW + (Math.min(Math.max(v, 0), max) / max) * plotW;

  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
  line(chart.title, left, top, width);
  doc.font('Helvetica').fontSize(FONT_SIZE);
  let y = top + 16;
  for (const row of rows) {
    doc.fillColor(GREY);
    line(
      fitText(row.label, labelW - 6, (s) => doc.widthOfString(s)),
      left,
      y + 2,
      labelW - 6,
    );
    let end: number;
    if (row.values.length === 5) {
      const [p10 = 0, p25 = 0, p50 = 0, p75 = 0, p90 = 0] = row.values.map(x);
      const mid = y + MARK_H / 2;
      doc.lineWidth(0.5).moveTo(p10, mid).lineTo(p90, mid).stroke(GREY);
      doc.rect(p25, y, Math.max(1, p75 - p25), MARK_H).fillAndStroke(BOX, GREY);
      doc
        .lineWidth(1.5)
        .moveTo(p50, y - 1)
        .lineTo(p50, y + MARK_H + 1)
        .stroke(ACCENT);
      doc.lineWidth(1);
      end = p90;
    } else {
      end = Math.max(left + labelW + 1, x(row.values[0] ?? 0));
      doc.rect(left + labelW, y, end - left - labelW, MARK_H).fill(ACCENT);
    }
    doc.fillColor(INK);
    line(row.text, end + 4, y + 2, VALUE_W);
    y += ROW_H;
  }
  return y + 10 - top;
}
