import { describe, expect, it } from 'vitest';
import { offer, readFixture, readWith, summary, type OfferSummary } from './fixture-helpers.ts';

const RESIN = {
  category: 'materials',
  subcategory: 'Resins',
  material: 'resin',
  price_type: 'purchase',
} as const;

const cases: { fixture: string; proves: string; expected: OfferSummary[] }[] = [
  {
    fixture: 'opengraph-product.html',
    proves: 'product:price:amount "1,150.00" with product:price:currency, og:title as name',
    expected: [offer('Resina estándar gris 1 L', '1150', 'MXN', { ...RESIN, unit: 'liter' })],
  },
  {
    fixture: 'opengraph-og-price.html',
    proves: 'og:price:amount / og:price:currency',
    expected: [
      offer('PETG filament 1 kg', '24.9', 'USD', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'petg',
        unit: 'kg',
        price_type: 'purchase',
      }),
    ],
  },
  {
    fixture: 'opengraph-gbp.html',
    proves: 'GBP read as GBP',
    expected: [
      offer('PLA filament 1 kg', '19.99', 'GBP', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'pla',
        unit: 'kg',
        price_type: 'purchase',
      }),
    ],
  },
];

describe('Open Graph extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, expected }) => {
    expect(readWith('opengraph', readFixture(fixture), 'https://shop.example.com/p').map(summary)).toEqual(
      expected,
    );
  });
});
