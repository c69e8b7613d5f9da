import { fxRatesUpdateBody } from '@preciofab/shared/contracts/fx-rates';
import { userCreateBody } from '@preciofab/shared/contracts/users';
import { toFieldErrors } from '@preciofab/shared/validation';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_USER_FORM,
  fxCurrencyErrors,
  fxFieldOf,
  fxFormFromRate,
  newFxForm,
  rateInForce,
  toFxPayload,
  type FxFormValues,
} from './settings-forms.ts';

const rate = (currency: string, effective_date: string, units_per_usd: number, source = 'seed') => ({
  currency,
  effective_date,
  units_per_usd,
  source,
  updated_at: '2026-01-01T00:00:00Z',
});

const form = (over: Partial<FxFormValues> = {}): FxFormValues => ({
  currency: 'COP',
  effective_date: '2026-11-22',
  units_per_usd: '4100',
  source: 'manual',
  ...over,
});

const issues = (values: FxFormValues) => {
  const parsed = fxRatesUpdateBody.safeParse(toFxPayload(values));
  return parsed.success ? [] : toFieldErrors(parsed.error.issues).map((e) => [fxFieldOf(e), e.message]);
};

describe('exchange-rate form', () => {
  const inForce = [
    rate('MXN', '2026-11-01', 17.9),
    rate('CLP', '2026-10-01', 950),
    rate('USD', '2026-11-01', 1),
  ];

  it('starts a new rate today in MXN, prefilled with the rate in force', () => {
    expect(newFxForm(inForce, '2026-11-22')).toEqual({
      currency: 'MXN',
      effective_date: '2026-11-22',
      units_per_usd: '17.9',
      source: 'manual',
    });
    expect(newFxForm([], '2026-11-22').units_per_usd).toBe('');
    expect(rateInForce(inForce, 'CLP')).toBe('950');
    expect(rateInForce(inForce, 'PYG')).toBe('');
  });

  it('prefills an existing rate to edit, on its own date', () => {
    expect(fxFormFromRate(rate('CLP', '2026-10-01', 950, 'ecb'))).toEqual({
      currency: 'CLP',
      effective_date: '2026-10-01',
      units_per_usd: '950',
      source: 'ecb',
    });
  });

  it('sends one currency of any active code', () => {
    expect(toFxPayload(form())).toEqual({
      effective_date: '2026-11-22',
      rates: { COP: 4100 },
      source: 'manual',
    });
    expect(
      fxRatesUpdateBody.safeParse(toFxPayload(form({ currency: 'PYG', units_per_usd: '7300.5' }))).success,
    ).toBe(true);
  });

  it('lets the contract refuse an empty or non-positive rate, under the units', () => {
    expect(issues(form({ units_per_usd: '' }))).toEqual([['units_per_usd', 'validation.fx_rate_positive']]);
    expect(issues(form({ units_per_usd: '0' }))).toEqual([['units_per_usd', 'validation.fx_rate_positive']]);
    expect(issues(form({ effective_date: '22/11/2026' }))).toEqual([
      ['effective_date', 'validation.invalid_format'],
    ]);
  });

  it('asks for a currency, never the dollar, and shows it under the currency', () => {
    expect(fxCurrencyErrors(form({ currency: '' }))).toEqual([
      { field: 'currency', message: 'validation.currency_invalid' },
    ]);
    expect(fxCurrencyErrors(form({ currency: 'USD' }))).toEqual([
      { field: 'currency', message: 'validation.fx_usd_is_one' },
    ]);
    expect(fxCurrencyErrors(form())).toEqual([]);
    expect(issues(form({ currency: 'XAU' }))).toEqual([['currency', 'validation.currency_invalid']]);
  });

  it('places the server’s field errors: rates.XYZ under the units', () => {
    expect(fxFieldOf({ field: 'rates.COP', message: 'El tipo de cambio debe ser mayor que 0' })).toBe(
      'units_per_usd',
    );
    expect(fxFieldOf({ field: 'rates', message: 'validation.required' })).toBe('units_per_usd');
    expect(fxFieldOf({ field: 'effective_date', message: 'x' })).toBe('effective_date');
    expect(fxFieldOf({ field: 'other', message: 'x' })).toBeNull();
  });
});

describe('new-user form', () => {
  it('starts as a Spanish-speaking viewer and is refused empty with the contract messages', () => {
    expect(EMPTY_USER_FORM.role).toBe('viewer');
    const result = userCreateBody.safeParse(EMPTY_USER_FORM);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'validation.email_invalid',
      'validation.name_required',
      'validation.password_min',
    ]);
  });
});
