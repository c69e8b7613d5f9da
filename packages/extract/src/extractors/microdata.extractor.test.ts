import { describe, expect, it } from 'vitest';
import { offer, readFixture, readWith, summary, type OfferSummary } from './fixture-helpers.ts';

const cases: { fixture: string; proves: string; expected: OfferSummary[] }[] = [
  {
    fixture: 'microdata-product.html',
    proves: 'content attribute preferred over "$850 M.N.", "Desde", "por m²", "más IVA" in the offer',
    expected: [
      offer('Corte láser de acrílico 3 mm', '850', 'MXN', {
        category: 'laser_cutting',
        subcategory: 'CO2 Laser',
        technology: 'laser',
        material: 'acrylic',
        unit: 'm2',
        price_type: 'service_per_part',
        includes_tax: false,
        price_is_minimum: true,
      }),
    ],
  },
  {
    fixture: 'microdata-offers-list.html',
    proves: 'several items, an itemprop price inside <del> skipped, EUR with content, ARS read as ARS',
    expected: [
      offer('Grabado láser en madera de pino', '320', 'MXN', {
        category: 'laser_cutting',
        technology: 'laser',
        material: 'wood',
        unit: 'piece',
        price_type: 'service_per_part',
      }),
      offer('Corte láser de fibra en acero 2 mm', '14.5', 'EUR', {
        category: 'laser_cutting',
        subcategory: 'Fiber Laser',
        technology: 'laser',
        material: 'metal',
        unit: 'minute',
        price_type: 'service_hourly',
      }),
      offer('Placa MDF 3 mm', '129900', 'ARS', {
        category: 'materials',
        subcategory: 'Sheets',
        material: 'wood',
        price_type: 'purchase',
      }),
    ],
  },
];

describe('microdata extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, expected }) => {
    expect(readWith('microdata', readFixture(fixture), 'https://laser.example.mx/').map(summary)).toEqual(
      expected,
    );
  });

  it('points at the price element it read', () => {
    const [first] = readWith('microdata', readFixture('microdata-product.html'), 'https://laser.example.mx/');
    expect(first?.selectors.price).toContain('span');
    expect(first?.extractor).toBe('microdata');
  });
});
