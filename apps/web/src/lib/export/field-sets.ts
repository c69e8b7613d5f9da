import type { MessageKey } from '../../i18n/catalogue.ts';
import type { ValueKind } from '../../i18n/use-value-label.ts';
import type {
  ExportConfig,
  ExportFormat,
  FieldCategory,
  FieldDataType,
  FieldDescriptor,
  FormatOptions,
} from './types.ts';

type FieldSpec = [
  key: string,
  dataType: FieldDataType,
  category: FieldCategory,
  isDefault: boolean,
  values?: ValueKind,
];

const field = ([key, dataType, category, isDefault, values]: FieldSpec): FieldDescriptor => ({
  key,
  label: `export.fields.${key}` as MessageKey,
  dataType,
  category,
  isDefault,
  ...(values ? { values } : {}),
  // Money columns: a decimal number format in the workbook, two decimals in the PDF (USD's); an
  // observed price takes its own currency's ISO minor units (12.490 CLP, 85.000,00 COP).
  ...(key === 'price' || key.startsWith('price_') ? { decimals: 2 } : {}),
  ...(key === 'price' ? { currencyKey: 'currency' } : {}),
});

/** Spec §3 price export fields, with its defaults; besides the observed price, its currency and
 * unit, the USD per base unit at the rate in force on its date (empty when not convertible) and
 * that base unit. */
export const PRICE_FIELDS: readonly FieldDescriptor[] = (
  [
    ['vendor_name', 'string', 'general', true],
    ['offer_name', 'string', 'general', true],
    ['price', 'number', 'pricing', true],
    ['currency', 'string', 'pricing', true],
    ['unit', 'string', 'pricing', true, 'unit'],
    ['price_usd', 'number', 'pricing', true],
    ['base_unit', 'string', 'pricing', true, 'unit'],
    ['quantity', 'number', 'pricing', false],
    ['price_type', 'string', 'pricing', false, 'price_type'],
    ['confidence_score', 'number', 'metadata', true],
    ['observed_at', 'date', 'metadata', true],
    ['includes_tax', 'boolean', 'pricing', false],
    ['includes_shipping', 'boolean', 'pricing', false],
    ['url', 'string', 'metadata', false],
  ] satisfies FieldSpec[]
).map(field);

const PERCENTILES = ['price_p10', 'price_p25', 'price_p50', 'price_p75', 'price_p90'] as const;

/** Spec §3 benchmark export fields: category, subcategory, unit, the five percentiles and the
 * two counts on by default. */
export const BENCHMARK_FIELDS: readonly FieldDescriptor[] = (
  [
    ['category', 'string', 'general', true, 'category'],
    ['subcategory', 'string', 'general', true, 'subcategory'],
    ['base_unit', 'string', 'general', true, 'unit'],
    ...PERCENTILES.map((key): FieldSpec => [key, 'number', 'pricing', true]),
    ['price_mean', 'number', 'pricing', false],
    ['price_stddev', 'number', 'pricing', false],
    ['observation_count', 'number', 'metadata', true],
    ['vendor_count', 'number', 'metadata', true],
    ['average_confidence', 'number', 'metadata', false],
    ['calculated_at', 'date', 'metadata', false],
  ] satisfies FieldSpec[]
).map(field);

/** Spec §2/§3 report export fields (the spec marks no defaults: all on). */
export const REPORT_FIELDS: readonly FieldDescriptor[] = (
  [
    ['name', 'string', 'general', true],
    ['type', 'string', 'general', true, 'report_type'],
    ['description', 'string', 'general', true],
    ['format', 'string', 'metadata', true],
    ['file_size', 'number', 'metadata', true],
    ['last_generated', 'date', 'metadata', true],
    ['rows', 'number', 'metadata', true],
    ['parameters', 'string', 'metadata', true],
  ] satisfies FieldSpec[]
).map(field);

/** Our vendor set (the spec names none): the list columns on by default, contact and counts
 * available. */
export const VENDOR_FIELDS: readonly FieldDescriptor[] = (
  [
    ['id', 'string', 'metadata', false],
    ['name', 'string', 'general', true],
    ['type', 'string', 'general', true, 'vendor_type'],
    ['city', 'string', 'general', true],
    ['state', 'string', 'general', false],
    ['country_code', 'string', 'general', true],
    ['trust_score', 'number', 'metadata', true],
    ['website', 'string', 'general', true],
    ['capabilities', 'string', 'general', true, 'capability'],
    ['contact_email', 'string', 'general', false],
    ['contact_phone', 'string', 'general', false],
    ['price_count', 'number', 'pricing', true],
    ['updated_at', 'date', 'metadata', false],
  ] satisfies FieldSpec[]
).map(field);

export type ExportPreset = { format: ExportFormat; formatOptions: FormatOptions };

const BASE_OPTIONS: FormatOptions = {
  includeHeaders: true,
  separateSheets: false,
  prettyPrint: true,
  includeCharts: false,
};

/** Spec §3 default formats: vendors CSV with headers; prices Excel with headers (and the
 * decimal price format, see `decimals`); benchmarks PDF with charts; anything else CSV. */
export const EXPORT_PRESETS = {
  vendors: { format: 'csv', formatOptions: BASE_OPTIONS },
  prices: { format: 'excel', formatOptions: BASE_OPTIONS },
  benchmarks: { format: 'pdf', formatOptions: { ...BASE_OPTIONS, includeCharts: true } },
  other: { format: 'csv', formatOptions: BASE_OPTIONS },
} satisfies Record<string, ExportPreset>;
export type ExportPresetName = keyof typeof EXPORT_PRESETS;

export const defaultFieldKeys = (fields: readonly FieldDescriptor[]): string[] =>
  fields.filter((f) => f.isDefault).map((f) => f.key);

export function initialExportConfig(fields: readonly FieldDescriptor[], preset: ExportPreset): ExportConfig {
  return {
    selectedFields: defaultFieldKeys(fields),
    format: preset.format,
    formatOptions: { ...preset.formatOptions },
    deliveryMethod: 'download',
    deliveryOptions: {},
  };
}

export const PERCENTILE_KEYS = PERCENTILES;
