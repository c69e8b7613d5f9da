import { describe, expect, it } from 'vitest';
import { offer, readFixture, summary, type OfferSummary, readSelectors } from './fixture-helpers.ts';
import type { SelectorConfig } from './selectors.extractor.ts';

const cases: { fixture: string; proves: string; config: SelectorConfig; expected: OfferSummary[] }[] = [
  {
    fixture: 'selectors-price-list.html',
    proves:
      'item/name/price/unit selectors, .price--old inside the price element, "Desde", 1.150,00, page "más IVA", "Gratis" skipped',
    config: { item: 'article.svc', name: '.svc-name', price: '.svc-price', unit: '.svc-unit' },
    expected: [
      offer('Router CNC en MDF', '750', 'MXN', {
        category: 'cnc_machining',
        subcategory: 'Milling',
        technology: 'cnc',
        material: 'wood',
        unit: 'hour',
        price_type: 'service_hourly',
        includes_tax: false,
      }),
      offer('Corte láser CO2 en acrílico', '1150', 'MXN', {
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
    fixture: 'selectors-page-level.html',
    proves: 'name and price without an item, "USD 12.40", "por cm³", "Precio incluye IVA"',
    config: { name: 'h1.product-title', price: '.product-price .value', unit: '.product-price .per' },
    expected: [
      offer('Impresión 3D SLS en nylon PA12', '12.4', 'USD', {
        category: 'additive_manufacturing',
        subcategory: 'SLS',
        technology: 'sls',
        material: 'nylon',
        unit: 'cm3',
        price_type: 'service_per_part',
        includes_tax: true,
      }),
    ],
  },
];

describe('selectors extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, config, expected }) => {
    expect(readSelectors(readFixture(fixture), 'https://x.example.mx/', config).map(summary)).toEqual(
      expected,
    );
  });

  it('records the configured selectors and survives one that does not parse', () => {
    const html = readFixture('selectors-price-list.html');
    const [first] = readSelectors(html, 'https://x/', {
      item: 'article.svc',
      name: '.svc-name',
      price: '.svc-price',
    });
    expect(first?.selectors).toMatchObject({
      offer_name: 'article.svc:nth-of-type(1) .svc-name',
      price: 'article.svc:nth-of-type(1) .svc-price',
    });
    expect(first?.field_confidence.price).toBe(0.9);
    expect(readSelectors(html, 'https://x/', { name: '[[[', price: '.amount' })).toEqual([]);
  });
});
