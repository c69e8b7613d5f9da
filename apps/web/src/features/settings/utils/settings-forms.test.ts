import { fxRatesUpdateBody } from '@preciofab/shared/contracts/fx-rates';
import { userCreateBody } from '@preciofab/shared/contracts/users';
import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FORM, fxFieldOf, initialFxForm, latestRates, toFxPayload } from './settings-forms.ts';

const rate = (currency: 'MXN' | 'USD' | 'EUR', effective_date: string, units_per_usd: number) => ({
  currency,
  effective_date,
  units_per_usd,
  source: 'seed',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('exchange-rate form', () => {
  const rates = [
    rate('MXN', '2026-10-01', 18.2),
    rate('MXN', '2026-11-01', 17.9),
    rate('EUR', '2026-09-01', 0.92),
    rate('USD', '2026-11-01', 1),
  ];

  it('prefills the newest rate of each currency and today', () => {
    expect(latestRates(rates)).toEqual({ MXN: 17.9, EUR: 0.92 });
    expect(initialFxForm(rates, '2026-11-22')).toEqual({
      effective_date: '2026-11-22',
      MXN: '17.9',
      EUR: '0.92',
      source: 'manual',
    });
    expect(initialFxForm([], '2026-11-22').MXN).toBe('');
  });

  it('leaves blank currencies out and lets the contract refuse an empty or non-positive rate', () => {
    expect(
      toFxPayload({ effective_date: '2026-11-22', MXN: '18.5', EUR: '', source: 'manual' }).rates,
    ).toEqual({ MXN: 18.5 });
    const none = fxRatesUpdateBody.safeParse(
      toFxPayload({ effective_date: '2026-11-22', MXN: '', EUR: '', source: 'm' }),
    );
    expect(none.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rates', 'validation.required'],
    ]);
    const zero = fxRatesUpdateBody.safeParse(
      toFxPayload({ effective_date: '2026-11-22', MXN: '0', EUR: 'x', source: 'm' }),
    );
    expect(zero.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rates.MXN', 'validation.fx_rate_positive'],
      ['rates.EUR', 'validation.fx_rate_positive'],
    ]);
  });

  it('places contract errors under their fields', () => {
    expect(fxFieldOf('rates')).toBe('MXN');
    expect(fxFieldOf('rates.EUR')).toBe('EUR');
    expect(fxFieldOf('effective_date')).toBe('effective_date');
    expect(fxFieldOf('other')).toBeNull();
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
