import { fxRatesUpdateBody } from '@preciofab/shared/contracts/fx-rates';
import { userCreateBody } from '@preciofab/shared/contracts/users';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import {
  EMPTY_USER_FORM,
  fxFormFromRate,
  fxFormSchema,
  fxServerError,
  newFxForm,
  rateInForce,
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

const issues = (values: FxFormValues) =>
  fxFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

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

  it('sends one currency of any active code, as the contract reads it', () => {
    const body = fxFormSchema.parse(form());
    expect(body).toEqual({ effective_date: '2026-11-22', rates: { COP: 4100 }, source: 'manual' });
    expect(fxRatesUpdateBody.parse(body)).toEqual(body);
    expect(fxFormSchema.parse(form({ currency: 'PYG', units_per_usd: ' 7300.5 ' })).rates).toEqual({
      PYG: 7300.5,
    });
  });

  it('refuses an empty or non-positive rate with the contract message, under the units', () => {
    expect(issues(form({ units_per_usd: '' }))).toEqual([['units_per_usd', 'validation.fx_rate_positive']]);
    expect(issues(form({ units_per_usd: '0' }))).toEqual([['units_per_usd', 'validation.fx_rate_positive']]);
    expect(issues(form({ units_per_usd: 'abc' }))).toEqual([
      ['units_per_usd', 'validation.fx_rate_positive'],
    ]);
    expect(issues(form({ effective_date: '22/11/2026' }))).toEqual([
      ['effective_date', 'validation.invalid_format'],
    ]);
  });

  it('asks for a currency, never the dollar, and shows it under the currency', () => {
    expect(issues(form({ currency: '' }))).toEqual([['currency', 'validation.currency_invalid']]);
    expect(issues(form({ currency: 'XAU' }))).toEqual([['currency', 'validation.currency_invalid']]);
    expect(issues(form({ currency: 'USD' }))).toEqual([['currency', 'validation.fx_usd_is_one']]);
  });

  it('places the server’s rates.XYZ errors under the units', () => {
    const placed = fxServerError(
      new ApiError(400, 'x', [
        { field: 'rates.COP', message: 'El tipo de cambio debe ser mayor que 0' },
        { field: 'effective_date', message: 'Formato no válido' },
      ]),
    );
    expect(placed instanceof ApiError && placed.errors.map((e) => e.field)).toEqual([
      'units_per_usd',
      'effective_date',
    ]);
    const offline = new ApiError(0, '');
    expect(fxServerError(offline)).toBe(offline);
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
