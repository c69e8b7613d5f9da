import PDFDocument from 'pdfkit';
import type { Language } from '@preciofab/shared/catalogue';
import { translate } from '@preciofab/shared/i18n/messages';
import type { ReportColumn, ReportType } from '@preciofab/shared/report-fields';
import { moneyDecimals, reportFormats } from '@preciofab/shared/report-format';
import type { CellValue, ReportRecord } from './report-data.ts';

/** The PDF lists at most this many rows; CSV and XLSX hold them all. */
export const PDF_MAX_ROWS = 1000;

export type PdfInput = {
  lang: Language;
  type: ReportType;
  title: string;
  periodDays: number;
  from: Date;
  to: Date;
  generatedAt: Date;
  columns: readonly ReportColumn[];
  labels: readonly string[];
  rows: ReportRecord[];
};

export type Bar = { label: string; value: number };

const LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-US' };
const MARGIN = 36;
const ROW_H = 12;
const FONT_SIZE = 7;
const ACCENT = '#1d4ed8';

// The built-in Helvetica speaks WinAnsi: Latin-1 (all Spanish letters) plus these. Anything else
// would print as garbage, so it becomes '?'.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const winAnsi = (text: string): string =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)
        ? ch
        : code === 0x09 || code === 0x0a || code === 0x0d
          ? ' '
          : '?';
    })
    .join('');

function formatter(lang: Language) {
  const formats = reportFormats(LOCALES[lang]);
  return {
    date: (d: Date) => formats.date(d),
    dateTime: (d: Date) => `${formats.date(d, 'datetime')} UTC`,
    money: formats.money,
    /** A cell as its row shows it: an observed price with its currency's minor units. */
    cell(value: CellValue, column: ReportColumn, row: ReportRecord): string {
      if (value === null) return '';
      if (value instanceof Date) return formats.date(value, column.kind);
      if (typeof value === 'number') return formats.number(value, column.kind, moneyDecimals(column, row));
      return value;
    },
  };
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The chart that helps each report type read at a glance, largest first, at most 12 bars. */
export function chartBars(type: ReportType, rows: ReportRecord[]): Bar[] {
  const groups = new Map<string, number[]>();
  const add = (label: string, value: number | null) => {
    if (value === null || !Number.isFinite(value)) return;
    // Pushed, not copied: copying the group's list for each row made 50,000 rows take 38 s.
    const group = groups.get(label);
    if (group) group.push(value);
    else groups.set(label, [value]);
  };
  let bars: Bar[];
  if (type === 'pricing') {
    for (const r of rows) add(String(r.category), r.price_net_usd as number | null);
    bars = [...groups].map(([label, values]) => ({ label, value: median(values) }));
  } else if (type === 'benchmark') {
    bars = rows
      .filter((r) => typeof r.p50 === 'number')
      .map((r) => ({
        label: [r.category, r.subcategory, r.region, `/${String(r.base_unit)}`].filter(Boolean).join(' · '),
        value: r.p50 as number,
      }));
  } else if (type === 'vendor') {
    bars = rows
      .filter((r) => (r.price_count as number) > 0)
      .map((r) => ({ label: String(r.vendor), value: r.price_count as number }));
  } else {
    for (const r of rows) add(String(r.status), 1);
    bars = [...groups].map(([label, values]) => ({ label, value: values.length }));
  }
  return bars.sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)).slice(0, 12);
}

/** A real PDF: title, type, period and generation time in the report's language, a bar chart
 * drawn with vector primitives, and a table whose header repeats on every page. */
export function writePdf(input: PdfInput): Promise<Buffer> {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    winAnsi(translate(input.lang, key, values));
  const fmt = formatter(input.lang);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: winAnsi(input.title), Author: 'PrecioFab', Creator: 'PrecioFab' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  const line = (text: string, x: number, y: number, w: number) =>
    doc.text(text, x, y, { width: w, lineBreak: false });
  const fit = (text: string, w: number): string => {
    const clean = winAnsi(text);
    if (doc.widthOfString(clean) <= w) return clean;
    let lo = 0;
    let hi = clean.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(`${clean.slice(0, mid)}…`) <= w) lo = mid;
      else hi = mid - 1;
    }
    return `${clean.slice(0, lo)}…`;
  };

  // Heading.
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#111827');
  line(fit(input.title, width), MARGIN, MARGIN, width);
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  let y = MARGIN + 24;
  for (const text of [
    t('reports.pdf.type', { type: translate(input.lang, `reports.types.${input.type}`) }),
    t('reports.pdf.period', { from: fmt.date(input.from), to: fmt.date(input.to), days: input.periodDays }),
    t('reports.pdf.generated', { at: fmt.dateTime(input.generatedAt) }),
    t('reports.pdf.rows', { count: input.rows.length }),
  ]) {
    line(text, MARGIN, y, width);
    y += 12;
  }
  y += 6;

  // Chart.
  const bars = chartBars(input.type, input.rows);
  if (bars.length > 0) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827');
    line(t(`reports.pdf.chart.${input.type}`), MARGIN, y, width);
    y += 16;
    const labelW = 220;
    const valueW = 70;
    const barMax = Math.min(420, width - labelW - valueW - 10);
    const max = Math.max(...bars.map((b) => b.value), 0) || 1;
    doc.font('Helvetica').fontSize(FONT_SIZE);
    const integerBars = input.type === 'vendor' || input.type === 'discovery';
    for (const bar of bars) {
      doc.fillColor('#374151');
      line(fit(bar.label, labelW - 6), MARGIN, y + 2, labelW - 6);
      const w = Math.max(1, (bar.value / max) * barMax);
      doc.rect(MARGIN + labelW, y, w, ROW_H - 3).fill(ACCENT);
      doc.fillColor('#111827');
      line(integerBars ? String(bar.value) : fmt.money(bar.value), MARGIN + labelW + w + 4, y + 2, valueW);
      y += ROW_H;
    }
    y += 10;
  }

  // Table.
  const totalWeight = input.columns.reduce((s, c) => s + c.width, 0);
  const widths = input.columns.map((c) => (c.width / totalWeight) * width);
  // A label wider than its column goes on two lines (the second cut if need be), so headers such
  // as "USD per base unit" read whole.
  const labelLines = (text: string, w: number): string[] => {
    const clean = winAnsi(text);
    if (doc.widthOfString(clean) <= w) return [clean];
    const words = clean.split(' ');
    let n = 0;
    while (n < words.length - 1 && doc.widthOfString(words.slice(0, n + 1).join(' ')) <= w) n++;
    if (n === 0) return [fit(clean, w)];
    return [words.slice(0, n).join(' '), fit(words.slice(n).join(' '), w)];
  };
  const LINE_H = ROW_H - 3;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    const labels = input.columns.map((_, i) => labelLines(input.labels[i] ?? '', widths[i]! - 4));
    const height = Math.max(...labels.map((l) => l.length)) * LINE_H + 5;
    doc.rect(MARGIN, y, width, height).fill('#e5e7eb');
    doc.fillColor('#111827');
    let x = MARGIN;
    labels.forEach((lines, i) => {
      lines.forEach((text, k) => line(text, x + 2, y + 3 + k * LINE_H, widths[i]! - 4));
      x += widths[i]!;
    });
    y += height;
    doc.font('Helvetica').fillColor('#111827');
  };
  if (input.rows.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor('#374151');
    line(t('reports.pdf.no_rows'), MARGIN, y, width);
  } else {
    if (y + 3 * ROW_H > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    header();
    const shown = input.rows.slice(0, PDF_MAX_ROWS);
    shown.forEach((row, n) => {
      if (y + ROW_H > bottom()) {
        doc.addPage();
        y = MARGIN;
        header();
      }
      if (n % 2 === 1) doc.rect(MARGIN, y, width, ROW_H).fill('#f9fafb');
      doc.fillColor('#111827');
      let x = MARGIN;
      input.columns.forEach((c, i) => {
        const w = widths[i]! - 4;
        const text = fit(fmt.cell(row[c.key] ?? null, c, row), w);
        const numeric = c.kind !== 'text' && c.kind !== 'date' && c.kind !== 'datetime';
        doc.text(text, x + 2, y + 3, { width: w, lineBreak: false, align: numeric ? 'right' : 'left' });
        x += widths[i]!;
      });
      y += ROW_H;
    });
    if (input.rows.length > shown.length) {
      if (y + ROW_H * 2 > bottom()) {
        doc.addPage();
        y = MARGIN;
      }
      doc.fontSize(8).fillColor('#6b7280');
      line(
        t('reports.pdf.truncated', { shown: shown.length, total: input.rows.length }),
        MARGIN,
        y + 6,
        width,
      );
    }
  }

  // Page numbers, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#6b7280');
    const footer = `${winAnsi(input.title)} · ${t('reports.pdf.page', { page: i + 1 })}`;
    doc.text(fit(footer, width), MARGIN, doc.page.height - MARGIN - 4, {
      width,
      lineBreak: false,
      align: 'right',
    });
  }
  doc.end();
  return done;
}
