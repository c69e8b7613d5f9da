import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from './catalogue.ts';
import { defaultReportName, labelReportValues, REPORT_COLUMNS, reportColumnLabel } from './report-fields.ts';
import { currencyDecimals, moneyDecimals, reportFormats, sheetMoneyFormat } from './report-format.ts';

describe('report fields', () => {
  it('label every column of every type in both languages', () => {
    for (const type of REPORT_TYPES) {
      const keys = REPORT_COLUMNS[type].map((c) => c.key);
      expect(new Set(keys).size, type).toBe(keys.length);
      for (const key of keys) {
        for (const lang of ['es', 'en'] as const) {
          expect(reportColumnLabel(lang, key), `${lang} ${key}`).not.toMatch(/^reports\./);
        }
      }
    }
    expect(reportColumnLabel('es', 'trust_score')).toBe('Confiabilidad');
    expect(reportColumnLabel('en', 'trust_score')).toBe('Reliability');
  });

  it('name a report by type and period in the requester’s language', () => {
    expect(defaultReportName('es', 'pricing', 90)).toBe('Reporte de precios, últimos 90 días');
    expect(defaultReportName('en', 'vendor', 30)).toBe('Vendor report, last 30 days');
  });
});

describe('labelReportValues', () => {
  it('writes coded values as their labels in the report language, leaving other values alone', () => {
    const columns = REPORT_COLUMNS.vendor;
    const rows = [
      { vendor: 'bureau', vendor_type: 'bureau', region: 'Mexico', city: 'León', trust_score: 0.9 },
    ];
    expect(labelReportValues('es', columns, rows)[0]).toMatchObject({
      vendor: 'bureau',
      vendor_type: 'Buró de servicios',
      region: 'México',
      city: 'León',
      trust_score: 0.9,
    });
    expect(labelReportValues('en', columns, rows)[0]).toMatchObject({
      vendor_type: 'Service bureau',
      region: 'Mexico',
    });
    // An unknown code stays as it is.
    expect(labelReportValues('es', columns, [{ vendor_type: 'wizard' }])[0]).toEqual({
      vendor_type: 'wizard',
    });
  });

  it('writes subcategories, units and suggested categories in words too', () => {
    const pricing = [{ category: 'cnc_machining', subcategory: 'Milling', unit: 'piece', base_unit: 'cm3' }];
    expect(labelReportValues('es', REPORT_COLUMNS.pricing, pricing)[0]).toMatchObject({
      category: 'Maquinado CNC',
      subcategory: 'Fresado',
      unit: 'pieza',
      base_unit: 'cm³',
    });
    expect(labelReportValues('es', REPORT_COLUMNS.benchmark, [{ subcategory: 'CO2 Laser' }])[0]).toEqual({
      subcategory: 'Láser CO2',
    });
    expect(
      labelReportValues('es', REPORT_COLUMNS.discovery, [
        { suggestions: 'laser_cutting, materials, unknown' },
      ])[0],
    ).toEqual({ suggestions: 'Corte láser, Materiales, Desconocida' });
    // A vendor's own subcategory is written as it came.
    expect(labelReportValues('es', REPORT_COLUMNS.pricing, [{ subcategory: 'Corte por agua' }])[0]).toEqual({
      subcategory: 'Corte por agua',
    });
  });
});

describe('money in a row’s currency', () => {
  it('writes an observed price with its currency’s ISO minor units, USD values with 2', () => {
    const price = REPORT_COLUMNS.pricing.find((c) => c.key === 'price')!;
    const usd = REPORT_COLUMNS.pricing.find((c) => c.key === 'price_usd')!;
    const en = reportFormats('en-US');
    expect(en.number(12490, 'money', moneyDecimals(price, { currency: 'CLP' }))).toBe('12,490');
    expect(en.number(185000, 'money', moneyDecimals(price, { currency: 'COP' }))).toBe('185,000.00');
    expect(moneyDecimals(price, { currency: 'KWD' })).toBe(3);
    // An unknown code, or none, keeps two decimals.
    expect(moneyDecimals(price, { currency: 'XYZ' })).toBe(2);
    expect(moneyDecimals(price, {})).toBe(2);
    expect(moneyDecimals(usd, { currency: 'CLP' })).toBe(2);
    expect(reportFormats('es-MX').number(46.25, 'money')).toBe('46.25');
    expect(currencyDecimals(' JPY ', 2)).toBe(0);
    expect(currencyDecimals(null, 4)).toBe(4);
    expect([0, 2, 3].map(sheetMoneyFormat)).toEqual(['#,##0', '#,##0.00', '#,##0.000']);
  });
});
