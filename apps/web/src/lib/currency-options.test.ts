import { describe, expect, it } from 'vitest';
import { AMERICAS_CURRENCIES, ISO_CURRENCIES } from '@preciofab/shared/currencies';
import {
  americasCurrencyOptions,
  currencyLabel,
  currencyOptions,
  isoCurrencyOptions,
} from './currency-options.ts';

describe('the currency choices', () => {
  it('offer every active ISO code once, in code order, named in the reader’s language', () => {
    const es = isoCurrencyOptions('es-MX');
    expect(es.map((o) => o.value)).toEqual(Object.keys(ISO_CURRENCIES).sort());
    expect(es.find((o) => o.value === 'MXN')?.label).toBe('MXN · peso mexicano');
    expect(isoCurrencyOptions('en-US').find((o) => o.value === 'COP')?.label).toBe('COP · Colombian Peso');
    expect(es.some((o) => o.value === 'XYZ' || o.value === 'usd')).toBe(false);
  });

  it('offer the Americas’ currencies for a price entered by hand, MXN first', () => {
    const en = americasCurrencyOptions('en-US');
    expect(en.map((o) => o.value)).toEqual(AMERICAS_CURRENCIES);
    expect(en.slice(0, 2).map((o) => o.label)).toEqual(['MXN · Mexican Peso', 'USD · US Dollar']);
    expect(americasCurrencyOptions('es-MX').find((o) => o.value === 'CLP')?.label).toBe('CLP · peso chileno');
  });

  it('label a code as its option does, and any other text as it is', () => {
    expect(currencyLabel('USD', 'es-MX')).toBe('USD · dólar estadounidense');
    expect(currencyLabel('QQQ', 'es-MX')).toBe('QQQ');
    expect(currencyLabel('$', 'es-MX')).toBe('$');
    expect(currencyOptions(['ARS'], 'en-US')).toEqual([{ value: 'ARS', label: 'ARS · Argentine Peso' }]);
  });
});
