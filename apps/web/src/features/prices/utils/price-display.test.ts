import { describe, expect, it } from 'vitest';
import { currencyOptions, spaced } from './price-display.ts';

describe('price display helpers', () => {
  it('shows underscores as spaces', () => {
    expect(spaced('service_per_part')).toBe('service per part');
    expect(spaced('license_subscription')).toBe('license subscription');
    expect(spaced('purchase')).toBe('purchase');
  });

  it('offers the currencies of the loaded rows in catalogue order, once each', () => {
    const rows = [{ currency: 'USD' }, { currency: 'MXN' }, { currency: 'USD' }];
    expect(currencyOptions(rows, null)).toEqual(['MXN', 'USD']);
    expect(currencyOptions([], null)).toEqual([]);
  });

  it('offers every currency the data holds, beyond the loaded rows', () => {
    expect(currencyOptions([{ currency: 'MXN' }], null, ['PYG', 'COP', 'USD'])).toEqual([
      'MXN',
      'USD',
      'COP',
      'PYG',
    ]);
  });

  it('keeps the selected currency even when no loaded row has it', () => {
    expect(currencyOptions([{ currency: 'MXN' }], 'EUR')).toEqual(['MXN', 'EUR']);
  });
});
