import { describe, expect, it } from 'vitest';
import { pluralProblems } from '@preciofab/shared/i18n/plural-audit';
import { CATALOGUES, renderText } from '../testing/catalogues.ts';

const FIXED_PERIOD = 'the options are fixed windows of 30 days or more';

describe('the console catalogues say counts in their plural form', () => {
  it('has the forms the rules ask for, in both languages', () => {
    expect(
      pluralProblems(CATALOGUES, {
        'benchmarks.filters.days': FIXED_PERIOD,
        'reports.card.period': FIXED_PERIOD,
        'reports.form.period_option': FIXED_PERIOD,
        'crawl_targets.form.frequencies.other':
          'every hour has its own option: other frequencies are 2 h or more',
        'confidence.notes.complete': 'the fields a price needs are a fixed set of several',
        'confidence.aggregate.notes.complete': 'the fields a price needs are a fixed set of several',
        'analytics.explorer.sample': 'written only when the sample is smaller than the total',
        'vendor_tools.import.help': 'the import limit, thousands of rows',
        'vendor_tools.import.too_large': 'the import limit, thousands of rows',
        'vendor_tools.import.too_many_rows': 'the import limit, thousands of rows',
        'debug.toaster.sample_long': 'a sample toast with a fixed count of several',
      }),
    ).toEqual([]);
  });

  it('reads right for one and for many', () => {
    const es = (key: string, values: Record<string, number | string>) =>
      renderText('es', key, values, 'es-MX');
    const en = (key: string, values: Record<string, number | string>) =>
      renderText('en', key, values, 'en-US');
    expect(es('vendor_tools.import.success', { count: 1 })).toBe('Se importó 1 proveedor');
    expect(es('vendor_tools.import.success', { count: 2 })).toBe('Se importaron 2 proveedores');
    expect(en('vendor_tools.import.success', { count: 1 })).toBe('1 vendor imported');
    expect(es('vendor_tools.import.summary', { count: 1, invalid: 0 })).toBe('1 fila válida, 0 con errores');
    expect(es('benchmarks.card.vendors', { count: 1 })).toBe('1 proveedor');
    expect(es('benchmarks.card.observations', { count: 1234 })).toBe('1,234 observaciones');
    expect(es('export.size_estimate', { size: '1 KB', rows: 1, fields: 1 })).toBe(
      'Tamaño estimado: 1 KB (1 fila × 1 campo)',
    );
    expect(en('export.size_estimate', { size: '1 KB', rows: 3, fields: 1 })).toBe(
      'Estimated size: 1 KB (3 rows × 1 field)',
    );
    expect(es('analytics.paging.showing', { from: 1, to: 1, total: 1 })).toBe(
      'Mostrando 1 a 1 de 1 resultado',
    );
    expect(es('confidence.notes.fresh', { count: 1 })).toBe('1 día de antigüedad');
  });
});
