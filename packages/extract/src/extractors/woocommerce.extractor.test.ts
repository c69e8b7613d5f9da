import { describe, expect, it } from 'vitest';
import { offer, readFixture, summary, type OfferSummary } from './fixture-helpers.ts';
import { extractWooCommerce, fromMinorUnits } from './woocommerce.extractor.ts';

const cases: { fixture: string; proves: string; expected: OfferSummary[] }[] = [
  {
    fixture: 'woocommerce-products.json',
    proves: 'minor units (2 and 0 decimals), entity-encoded names, price_range floor, COP read as COP',
    expected: [
      offer('Filamento PETG – 1 kg', '459', 'MXN', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'petg',
        unit: 'kg',
        price_type: 'purchase',
      }),
      offer('Servicio de impresión 3D SLA', '350', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'SLA',
        technology: 'sla',
        price_is_minimum: true,
      }),
      offer('Lámina de acrílico 3 mm', '18', 'USD', {
        category: 'materials',
        subcategory: 'Sheets',
        material: 'acrylic',
        price_type: 'purchase',
      }),
      offer('Filamento ABS 1 kg', '95000', 'COP', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'abs',
        unit: 'kg',
        price_type: 'purchase',
      }),
    ],
  },
];

describe('WooCommerce Store API extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, expected }) => {
    const body: unknown = JSON.parse(readFixture(fixture));
    expect(
      extractWooCommerce(body, 'https://tienda.example.mx/wp-json/wc/store/v1/products').map(summary),
    ).toEqual(expected);
  });

  it.each([
    ['12300', 2, '123'],
    ['5', 2, '0.05'],
    ['1999', 0, '1999'],
    ['123456', 3, '123.456'],
    ['12.3', 2, null],
  ] as const)('minor units %s with %i decimals → %s', (minor, decimals, major) => {
    expect(fromMinorUnits(minor, decimals)).toBe(major);
  });
});
