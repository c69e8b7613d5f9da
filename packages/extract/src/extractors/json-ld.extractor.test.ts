import { describe, expect, it } from 'vitest';
import { offer, readFixture, readWith, summary, type OfferSummary } from './fixture-helpers.ts';

const cases: { fixture: string; proves: string; expected: OfferSummary[] }[] = [
  {
    fixture: 'jsonld-product-single.html',
    proves: 'Product > Offer with price as text, valueAddedTaxIncluded; the visible <del> is not read',
    expected: [
      offer('Filamento PETG 1 kg Negro', '459', 'MXN', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'petg',
        unit: 'kg',
        price_type: 'purchase',
        includes_tax: true,
      }),
    ],
  },
  {
    fixture: 'jsonld-graph-aggregate.html',
    proves:
      '@graph; AggregateOffer lowPrice is a floor unless lowPrice = highPrice; Organization phone ignored',
    expected: [
      offer('Impresión 3D SLA en resina estándar', '350', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'SLA',
        technology: 'sla',
        material: 'resin',
        price_is_minimum: true,
      }),
      offer('Impresión 3D MJF en PA12', '900', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'MJF',
        technology: 'mjf',
        material: 'nylon',
      }),
    ],
  },
  {
    fixture: 'jsonld-unit-price-spec.html',
    proves:
      'UnitPriceSpecification unitCode CMQ/MIN/HUR/C62/H87 and unitText ml, StrikethroughPrice skipped, eligibleQuantity tiers',
    expected: [
      offer('Impresión 3D FDM', '2.5', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'FDM',
        technology: 'fdm',
        unit: 'cm3',
        price_type: 'service_per_part',
        includes_tax: false,
      }),
      offer('Corte láser CO2', '9', 'MXN', {
        category: 'laser_cutting',
        subcategory: 'CO2 Laser',
        technology: 'laser',
        unit: 'minute',
        price_type: 'service_hourly',
      }),
      offer('Corte láser CO2', '480', 'MXN', {
        category: 'laser_cutting',
        subcategory: 'CO2 Laser',
        technology: 'laser',
        unit: 'hour',
        price_type: 'service_hourly',
      }),
      offer('Llavero impreso en PLA', '120', 'MXN', {
        category: 'additive_manufacturing',
        material: 'pla',
        unit: 'piece',
        price_type: 'service_per_part',
      }),
      offer('Llavero impreso en PLA', '95', 'MXN', {
        category: 'additive_manufacturing',
        material: 'pla',
        unit: 'piece',
        price_type: 'service_per_part',
        quantity: 10,
      }),
      offer('Resina gris', '1.2', 'MXN', {
        category: 'materials',
        subcategory: 'Resins',
        material: 'resin',
        unit: 'liter',
        price_type: 'purchase',
      }),
    ],
  },
  {
    fixture: 'jsonld-array-mixed.html',
    proves:
      'ItemList, HTML-comment wrapper and trailing comma tolerated, broken block skipped, COP read as COP, price 0 skipped, mainEntity',
    expected: [
      offer('ABS filament 1 kg', '21.99', 'USD', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'abs',
        unit: 'kg',
        price_type: 'purchase',
      }),
      offer('PLA filament 1 kg (Colombia store)', '95000', 'COP', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'pla',
        unit: 'kg',
        price_type: 'purchase',
      }),
      offer('Acrylic sheet 3 mm', '18.5', 'EUR', {
        category: 'materials',
        subcategory: 'Sheets',
        material: 'acrylic',
        price_type: 'purchase',
        includes_tax: true,
      }),
    ],
  },
];

describe('JSON-LD extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, expected }) => {
    expect(readWith('json_ld', readFixture(fixture), 'https://tienda.example.mx/p').map(summary)).toEqual(
      expected,
    );
  });

  it('keeps the size of a per-millilitre price and the JSON path of each field', () => {
    const offers = readWith('json_ld', readFixture('jsonld-unit-price-spec.html'), 'https://fab.example.mx/');
    const resin = offers.find((o) => o.offer_name === 'Resina gris');
    expect(resin?.unit_size).toBe('0.001');
    expect(offers[0]?.selectors.price).toBe('ld+json[0] $[0].offers[0].priceSpecification[0].price');
    expect(offers[0]?.field_confidence.price).toBe(0.95);
  });
});
