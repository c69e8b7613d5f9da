import { describe, expect, it } from 'vitest';
import { ISO_CURRENCIES } from '@preciofab/shared/currencies';
import { currencyLabel, isoCurrencyOptions } from './currency-options.ts';

describe('the currency choices', () => {
  it('offer every active ISO code once, in code order, named in the reader’s language', () => {
    const es = isoCurrencyOptions('es-MX');
    expect(es.map((o) => o.value)).toEqual(Object.keys(ISO_CURRENCIES).sort());
    expect(es.find((o) => o.value === 'MXN')?.label).toBe('MXN · peso mexicano');
    expect(isoCurrencyOptions('en-US').find((o) => o.value === 'COP')?.label).toBe('COP · Colombian Peso');
    expect(es.some((o) => o.value === 'XYZ' || o.value === 'usd')).toBe(false);
  });

  it('label a code as its option does', () => {
    expect(currencyLabel('USD', 'es-MX')).toBe('USD · dólar estadounidense');
    expect(currencyLabel('QQQ', 'es-MX')).toBe('QQQ');
  });
});
