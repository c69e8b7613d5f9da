import { describe, expect, it } from 'vitest';
import * as entry from './currencies.ts';
import { ISO_CURRENCIES, isCurrencyCode, minorUnits } from './currencies.ts';

describe('ISO_CURRENCIES', () => {
  const codes = Object.keys(ISO_CURRENCIES);

  it('lists the active codes, about 155–180 of them', () => {
    expect(codes.length).toBeGreaterThanOrEqual(155);
    expect(codes.length).toBeLessThanOrEqual(180);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('lists only codes ICU knows (ICU also keeps historic ones, so only this direction)', () => {
    const icu = new Set(Intl.supportedValuesOf('currency'));
    expect(codes.filter((code) => !icu.has(code))).toEqual([]);
  });

  it('leaves out funds, metals, test and withdrawn codes', () => {
    for (const code of ['XAU', 'XAG', 'XTS', 'XXX', 'XDR', 'CLF', 'MXV', 'USN', 'UYI', 'HRK', 'VEF', 'ANG']) {
      expect(isCurrencyCode(code), code).toBe(false);
    }
  });

  it('keeps the minor units of ISO 4217', () => {
    const expected: Record<string, number> = {
      JPY: 0,
      KRW: 0,
      CLP: 0,
      PYG: 0,
      ISK: 0,
      VND: 0,
      BHD: 3,
      KWD: 3,
      TND: 3,
      COP: 2,
      MXN: 2,
      USD: 2,
      UYU: 2,
      HUF: 2,
      TWD: 2,
      IDR: 2,
    };
    for (const [code, minor] of Object.entries(expected)) expect(minorUnits(code), code).toBe(minor);
    expect(minorUnits('XXX')).toBeNull();
    expect(minorUnits('jpy')).toBeNull();
  });
});

describe('isCurrencyCode', () => {
  it('wants exactly three upper-case letters from the table', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode(' USD')).toBe(false);
    expect(isCurrencyCode('US')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });
});

describe('the entry point', () => {
  it('exposes every promised name from @preciofab/shared/currencies', () => {
    for (const name of [
      'ISO_CURRENCIES',
      'isCurrencyCode',
      'minorUnits',
      'currencyOfCountry',
      'countryOfHost',
      'countryOfLocale',
      'countryOfPhone',
      'CURRENCY_MARKS',
      'currencyCandidates',
    ]) {
      expect(entry, name).toHaveProperty(name);
    }
  });
});
