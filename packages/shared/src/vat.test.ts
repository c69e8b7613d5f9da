import { describe, expect, it } from 'vitest';
import { normalizePrice } from './money.ts';
import { taxRateForCountry, vatRateOf } from './vat.ts';

describe('vatRateOf', () => {
  it('gives the standard rate of the countries whose prices are benchmarked together', () => {
    expect(['MX', 'CO', 'CL', 'AR', 'PE', 'UY', 'PY', 'ES'].map(vatRateOf)).toEqual([
      '0.16',
      '0.19',
      '0.19',
      '0.21',
      '0.18',
      '0.22',
      '0.10',
      '0.21',
    ]);
    expect(vatRateOf('co')).toBe('0.19');
  });

  it('has no rate where there is no single national one, rather than a made-up one', () => {
    for (const country of ['US', 'BR', 'CA', 'ZZ', '', null, undefined])
      expect(vatRateOf(country)).toBeNull();
    expect(taxRateForCountry('BR')).toBe('0');
    expect(taxRateForCountry('CL')).toBe('0.19');
  });
});

describe('normalizePrice with a country’s VAT', () => {
  const base = { quantity: '1', unitFactor: '1', unitsPerUsd: '4000' };
  it('nets a price with tax at that rate, and grosses one without', () => {
    expect(normalizePrice({ ...base, price: '1428', taxState: 'included', taxRate: '0.19' })).toEqual({
      priceUsd: '0.357000',
      priceNetUsd: '0.300000',
      priceGrossUsd: '0.357000',
    });
    expect(normalizePrice({ ...base, price: '1200', taxState: 'excluded', taxRate: '0.19' })).toEqual({
      priceUsd: '0.300000',
      priceNetUsd: '0.300000',
      priceGrossUsd: '0.357000',
    });
  });
  it('takes a price with tax as its own net where the rate is 0', () => {
    expect(normalizePrice({ ...base, price: '1200', taxState: 'included', taxRate: '0' }).priceNetUsd).toBe(
      '0.300000',
    );
  });
});
