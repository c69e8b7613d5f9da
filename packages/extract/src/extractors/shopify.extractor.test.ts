import { describe, expect, it } from 'vitest';
import { offer, readFixture, summary, type OfferSummary } from './fixture-helpers.ts';
import { extractPage } from '../extract-page.ts';
import { extractShopify } from './shopify.extractor.ts';

const PLA = {
  category: 'materials',
  subcategory: 'Filaments',
  material: 'pla',
  price_type: 'purchase',
  unit: 'kg',
} as const;

const cases: { fixture: string; proves: string; currency?: 'USD'; expected: OfferSummary[] }[] = [
  {
    fixture: 'shopify-products.json',
    proves:
      'variants named after their product, "Default Title" dropped, compare_at ignored, "1,089.00", price 0 skipped',
    expected: [
      offer('Filamento PLA+ 1.75 mm — 1 kg', '429', 'MXN', PLA),
      offer('Filamento PLA+ 1.75 mm — 250 g', '149', 'MXN', PLA),
      offer('Resina lavable con agua 1 L', '1089', 'MXN', {
        category: 'materials',
        subcategory: 'Resins',
        material: 'resin',
        price_type: 'purchase',
        unit: 'liter',
      }),
    ],
  },
];

describe('Shopify products.json extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, expected }) => {
    const { offers } = extractPage({
      json: JSON.parse(readFixture(fixture)),
      url: 'https://filashop.mx/products.json',
    });
    expect(offers.map(summary)).toEqual(expected);
  });

  it('takes the shop currency from the page it was found from, since products.json has none', () => {
    const json = JSON.parse(readFixture('shopify-products.json'));
    const pageCurrency = {
      currency: 'USD',
      evidence: { basis: 'structured_data', mark: null, detail: 'Shopify.currency USD' },
    } as const;
    const { offers } = extractPage({ json, url: 'https://x.com/products.json', pageCurrency });
    expect(offers.map((o) => o.currency)).toEqual(['USD', 'USD', 'USD']);
    expect(offers[0]?.currency_evidence).toEqual({
      basis: 'structured_data',
      mark: null,
      detail: 'Shopify.currency USD',
    });
    expect(offers[1]?.unit_size).toBe('0.25');
    expect(offers[0]?.selectors.price).toBe('products[0].variants[0].price');
    // Nothing says which dollar a .com shop's prices are in: reported, undecided.
    const undecided = extractPage({ json, url: 'https://x.com/products.json' }).offers;
    expect(undecided.map((o) => o.currency)).toEqual([null, null, null]);
    expect(
      extractPage({ json, url: 'https://x.com/products.json', currency: 'CAD' }).offers[0]?.currency,
    ).toBe('CAD');
  });

  it('reads a single product body and ignores anything else', () => {
    const one = {
      product: { title: 'Filamento TPU 500 g', variants: [{ title: 'Default Title', price: '310.00' }] },
    };
    expect(extractShopify(one, 'https://x/').map((o) => [o.offer_name, o.price])).toEqual([
      ['Filamento TPU 500 g', '310'],
    ]);
    expect(extractShopify([], 'https://x/')).toEqual([]);
  });
});
