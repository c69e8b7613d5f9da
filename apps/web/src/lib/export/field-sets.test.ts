import { describe, expect, it } from 'vitest';
import {
  BENCHMARK_FIELDS,
  defaultFieldKeys,
  EXPORT_PRESETS,
  initialExportConfig,
  PRICE_FIELDS,
  REPORT_FIELDS,
  VENDOR_FIELDS,
} from './field-sets.ts';
import { lookupMessage } from '../../testing/catalogues.ts';

describe('field sets (spec §3)', () => {
  it('offers the price fields with the spec defaults', () => {
    expect(PRICE_FIELDS.map((f) => f.key)).toEqual([
      'vendor_name',
      'offer_name',
      'price',
      'currency',
      'unit',
      'price_usd',
      'base_unit',
      'quantity',
      'price_type',
      'confidence_score',
      'observed_at',
      'includes_tax',
      'includes_shipping',
      'url',
    ]);
    expect(defaultFieldKeys(PRICE_FIELDS)).toEqual([
      'vendor_name',
      'offer_name',
      'price',
      'currency',
      'unit',
      'price_usd',
      'base_unit',
      'confidence_score',
      'observed_at',
    ]);
    expect(PRICE_FIELDS.find((f) => f.key === 'price')).toMatchObject({
      decimals: 2,
      currencyKey: 'currency',
    });
    expect(PRICE_FIELDS.find((f) => f.key === 'price_usd')).toMatchObject({
      dataType: 'number',
      decimals: 2,
    });
    expect(PRICE_FIELDS.find((f) => f.key === 'price_usd')?.currencyKey).toBeUndefined();
  });

  it('offers the benchmark fields with the spec defaults', () => {
    expect(BENCHMARK_FIELDS).toHaveLength(14);
    expect(defaultFieldKeys(BENCHMARK_FIELDS)).toEqual([
      'category',
      'subcategory',
      'base_unit',
      'price_p10',
      'price_p25',
      'price_p50',
      'price_p75',
      'price_p90',
      'observation_count',
      'vendor_count',
    ]);
  });

  it('offers the report and vendor fields, each labelled in both languages', () => {
    expect(REPORT_FIELDS.map((f) => f.key)).toEqual([
      'name',
      'type',
      'description',
      'format',
      'file_size',
      'last_generated',
      'rows',
      'parameters',
    ]);
    expect(defaultFieldKeys(VENDOR_FIELDS)).toContain('trust_score');
    for (const f of [...PRICE_FIELDS, ...BENCHMARK_FIELDS, ...REPORT_FIELDS, ...VENDOR_FIELDS]) {
      expect(lookupMessage('es', f.label), f.key).toBeTruthy();
      expect(lookupMessage('en', f.label), f.key).toBeTruthy();
    }
  });

  it('starts each export from its preset: vendors CSV, prices Excel, benchmarks PDF with charts', () => {
    expect(initialExportConfig(VENDOR_FIELDS, EXPORT_PRESETS.vendors)).toMatchObject({
      format: 'csv',
      formatOptions: { includeHeaders: true },
      deliveryMethod: 'download',
    });
    expect(EXPORT_PRESETS.prices.format).toBe('excel');
    expect(EXPORT_PRESETS.benchmarks).toMatchObject({
      format: 'pdf',
      formatOptions: { includeCharts: true },
    });
    expect(EXPORT_PRESETS.other.format).toBe('csv');
  });
});
