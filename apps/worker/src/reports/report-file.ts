import type { Language } from '@preciofab/shared/catalogue';
import { reportColumnLabel, type ReportType } from '@preciofab/shared/report-fields';
import { writeCsv } from './csv-writer.ts';
import type { ReportData } from './report-data.ts';
import { writePdf } from './pdf-writer.ts';
import { writeXlsx } from './xlsx-writer.ts';

export type ReportFormat = 'csv' | 'xlsx' | 'pdf';

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** `<name>-<YYYY-MM-DD>.<ext>`; the name keeps its accents (the download header adds an ASCII
 * fallback), without characters file systems reject. */
export function reportFileName(name: string, format: ReportFormat, at: Date): string {
  const base =
    [...name]
      .map((ch) => (ch.charCodeAt(0) < 0x20 ? ' ' : ch))
      .join('')
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'report';
  return `${base}-${at.toISOString().slice(0, 10)}.${format}`;
}

export type ReportFileInput = {
  name: string;
  type: ReportType;
  format: ReportFormat;
  lang: Language;
  periodDays: number;
  from: Date;
  to: Date;
  data: ReportData;
};

export type ReportFile = { content: Buffer; contentType: string; fileName: string };

/** Writes a report's rows in its format, with its headers in its language. */
export async function writeReportFile(input: ReportFileInput): Promise<ReportFile> {
  const { columns, rows } = input.data;
  const labels = columns.map((c) => reportColumnLabel(input.lang, c.key));
  const content =
    input.format === 'csv'
      ? writeCsv(columns, labels, rows)
      : input.format === 'xlsx'
        ? await writeXlsx({ title: input.name, columns, labels, rows })
        : await writePdf({
            lang: input.lang,
            type: input.type,
            title: input.name,
            periodDays: input.periodDays,
            from: input.from,
            to: input.to,
            generatedAt: input.to,
            columns,
            labels,
            rows,
          });
  return {
    content,
    contentType: CONTENT_TYPES[input.format],
    fileName: reportFileName(input.name, input.format, input.to),
  };
}
