import { writeTablePdf, type PdfChartRow } from '@preciofab/shared/pdf/table-pdf';
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
/** A long text cell wraps onto this many lines before it is cut. */
const CELL_LINES = 3;

/** Rows that carry all five percentiles, as chart rows: the P10–P90 range with its median. */
function percentileRanges(
  rows: readonly ExportRow[],
  label: (row: ExportRow) => string,
  locale: string,
): PdfChartRow[] {
  const median = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return rows.flatMap((row) => {
    const values = PERCENTILE_KEYS.map((k) => Number(row[k]));
    return values.every(Number.isFinite)
      ? [{ label: label(row), values, text: median.format(values[2]!) }]
      : [];
  });
}

/** A real PDF through the shared drawing (`@preciofab/shared/pdf/table-pdf`, the worker's reports
 * use it too; PDFKit loads only when someone exports a PDF): title, generation date, an optional
 * percentile chart and the table, landscape when many columns. Texts are in the active locale. */
export async function buildPdf(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  texts: PdfTexts,
  options: PdfOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const labelColumns = columns.filter((c) => c.dataType === 'string').slice(0, 2);
  const ranges = options.includeCharts
    ? percentileRanges(
        rows,
        (row) => labelColumns.map((c) => textValue(row[c.key], c, texts)).join(' · '),
        texts.locale,
      )
    : [];
  return writeTablePdf({
    title: texts.title,
    lines: [texts.generated],
    orientation: columns.length >= LANDSCAPE_FROM ? 'landscape' : 'portrait',
    chart: ranges.length > 0 ? { title: texts.chartTitle, rows: ranges } : undefined,
    columns: columns.map((c) => ({ label: c.label, align: c.dataType === 'number' ? 'right' : 'left' })),
    rows: rows.map((row) => columns.map((c) => textValue(row[c.key], c, texts, row))),
    cellLines: CELL_LINES,
  });
}
