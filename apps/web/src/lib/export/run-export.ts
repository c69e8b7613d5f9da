import type { MessageKey, MessageValues } from '../../i18n/catalogue.ts';
import { buildCsv } from './csv.ts';
import { downloadBlob, exportFileName } from './file-name.ts';
import { buildJson } from './json.ts';
import { labelExportRows, type ValueLabel } from './label-values.ts';
import {
  MIME_TYPES,
  type ExportColumn,
  type ExportConfig,
  type ExportRow,
  type FieldDescriptor,
} from './types.ts';

export type ExportContext = {
  t: (key: MessageKey, values?: MessageValues) => string;
  locale: string;
  /** The title of the workbook sheet and the PDF. */
  title: string;
  fileBase: string;
  now?: Date;
  /** Coded values (units, categories, vendor types, …) in words; as stored without it. */
  valueLabel?: ValueLabel;
};

/** The selected fields, in the order of the field set, with their labels translated. */
export function exportColumns(
  fields: readonly FieldDescriptor[],
  selected: readonly string[],
  t: ExportContext['t'],
): ExportColumn[] {
  return fields
    .filter((f) => selected.includes(f.key))
    .map((f) => ({
      key: f.key,
      label: t(f.label),
      dataType: f.dataType,
      category: f.category,
      decimals: f.decimals,
      currencyKey: f.currencyKey,
    }));
}

/** Builds the file of the chosen format. The heavy builders (exceljs, PDFKit) are imported only
 * here, when that format is asked for, so they stay out of the first bundle. */
export async function buildExportFile(
  config: ExportConfig,
  fields: readonly FieldDescriptor[],
  stored: readonly ExportRow[],
  ctx: ExportContext,
): Promise<{ blob: Blob; fileName: string }> {
  const columns = exportColumns(fields, config.selectedFields, ctx.t);
  if (columns.length === 0) throw new Error('No field selected');
  const rows = ctx.valueLabel ? labelExportRows(fields, stored, ctx.valueLabel) : stored;
  const { formatOptions: options } = config;
  const now = ctx.now ?? new Date();
  let body: BlobPart;
  switch (config.format) {
    case 'csv':
      body = buildCsv(columns, rows, options);
      break;
    case 'json':
      body = buildJson(columns, rows, options);
      break;
    case 'excel': {
      const { buildXlsx } = await import('./xlsx.ts');
      body = await buildXlsx(columns, rows, {
        ...options,
        sheetTitle: ctx.title,
        categoryTitles: {
          general: ctx.t('export.categories.general'),
          pricing: ctx.t('export.categories.pricing'),
          metadata: ctx.t('export.categories.metadata'),
        },
      });
      break;
    }
    case 'pdf': {
      const { buildPdf } = await import('./pdf.ts');
      const date = now.toLocaleString(ctx.locale, { dateStyle: 'long', timeStyle: 'short' });
      body = await buildPdf(
        columns,
        rows,
        {
          title: ctx.title,
          generated: ctx.t('export.pdf.generated', { date }),
          chartTitle: ctx.t('export.pdf.chart_title'),
          locale: ctx.locale,
          yes: ctx.t('export.yes'),
          no: ctx.t('export.no'),
        },
        options,
      );
      break;
    }
  }
  return {
    blob: new Blob([body], { type: MIME_TYPES[config.format] }),
    fileName: exportFileName(ctx.fileBase, config.format, now),
  };
}

/** Builds and downloads; resolves with the file name. */
export async function runExport(
  config: ExportConfig,
  fields: readonly FieldDescriptor[],
  rows: readonly ExportRow[],
  ctx: ExportContext,
): Promise<string> {
  const { blob, fileName } = await buildExportFile(config, fields, rows, ctx);
  downloadBlob(blob, fileName);
  return fileName;
}
