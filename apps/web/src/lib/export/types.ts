import type { MessageKey } from '../../i18n/catalogue.ts';
import type { ValueKind } from '../../i18n/use-value-label.ts';

export type FieldDataType = 'string' | 'number' | 'date' | 'boolean';
export type FieldCategory = 'general' | 'pricing' | 'metadata';
export const FIELD_CATEGORIES: readonly FieldCategory[] = ['general', 'pricing', 'metadata'];

/** Spec §3 field descriptor; `label` is a catalogue key so the dialog follows the language. */
export type FieldDescriptor = {
  key: string;
  label: MessageKey;
  dataType: FieldDataType;
  category: FieldCategory;
  isDefault: boolean;
  /** Prices get a two-decimal number format in the workbook and two decimals in the PDF. */
  decimals?: number;
  /** An amount in the currency the row's field of this key names: its decimals are that
   * currency's ISO 4217 minor units (0 for CLP), `decimals` when the code is unknown. */
  currencyKey?: string;
  /** The field holds codes of this kind ('cm3', 'bureau', 'Milling'): files and the preview write
   * them in words, in the reader's language. */
  values?: ValueKind;
};

export type ExportFormat = 'csv' | 'excel' | 'json' | 'pdf';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'excel', 'json', 'pdf'];

export type FormatOptions = {
  includeHeaders: boolean;
  separateSheets: boolean;
  prettyPrint: boolean;
  includeCharts: boolean;
};

export type DeliveryMethod = 'download' | 'email' | 'cloud';

/** Spec §3 export config. */
export type ExportConfig = {
  selectedFields: string[];
  format: ExportFormat;
  formatOptions: FormatOptions;
  deliveryMethod: DeliveryMethod;
  deliveryOptions: Record<string, string>;
};

export type ExportRow = Readonly<Record<string, unknown>>;

/** A field as the builders see it: its label already translated. */
export type ExportColumn = {
  key: string;
  label: string;
  dataType: FieldDataType;
  category: FieldCategory;
  decimals?: number;
  currencyKey?: string;
};

export const FILE_EXTENSIONS: Record<ExportFormat, string> = {
  csv: '.csv',
  excel: '.xlsx',
  json: '.json',
  pdf: '.pdf',
};

export const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json;charset=utf-8',
  pdf: 'application/pdf',
};
