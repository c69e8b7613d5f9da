import type { FxRate } from '@preciofab/shared/contracts/fx-rates';
import type { Role } from '@preciofab/shared/catalogue';
import type { FieldError } from '@preciofab/shared/errors';

/** One rate as typed: the currency, the date it is in force from, its units per US dollar (text
 * until submit, so a half-typed value is kept) and where it comes from. */
export type FxFormValues = {
  currency: string;
  effective_date: string;
  units_per_usd: string;
  source: string;
};
export type FxField = keyof FxFormValues;

/** The currency a new rate starts with: the one most prices are in. */
export const DEFAULT_FX_CURRENCY = 'MXN';

/** The rate in force of a currency, as the form shows it ('' when it has none). */
export function rateInForce(current: readonly FxRate[], currency: string): string {
  const found = current.find((rate) => rate.currency === currency);
  return found === undefined ? '' : String(found.units_per_usd);
}

/** A new rate: from today, prefilled with the currency's rate in force so an update starts from it. */
export function newFxForm(
  current: readonly FxRate[],
  today: string,
  currency = DEFAULT_FX_CURRENCY,
): FxFormValues {
  return { currency, effective_date: today, units_per_usd: rateInForce(current, currency), source: 'manual' };
}

/** An existing rate to edit: saving it again on its date replaces it. */
export function fxFormFromRate(rate: FxRate): FxFormValues {
  return {
    currency: rate.currency,
    effective_date: rate.effective_date,
    units_per_usd: String(rate.units_per_usd),
    source: rate.source,
  };
}

/** The PUT body for one currency; an empty box goes as NaN so the contract says what is wrong. */
export function toFxPayload(values: FxFormValues) {
  const units = values.units_per_usd.trim() === '' ? Number.NaN : Number(values.units_per_usd);
  return {
    effective_date: values.effective_date,
    rates: { [values.currency]: units },
    source: values.source,
  };
}

/** Checks the contract leaves to the form: a currency is chosen, and it is not the dollar (always 1). */
export function fxCurrencyErrors(values: FxFormValues): FieldError[] {
  if (values.currency === '') return [{ field: 'currency', message: 'validation.currency_invalid' }];
  if (values.currency === 'USD') return [{ field: 'currency', message: 'validation.fx_usd_is_one' }];
  return [];
}

/** Where an error of the contract's paths shows: a currency problem under the currency, any other
 * `rates…` error (the contract's or the server's 'rates.COP') under the units. */
export function fxFieldOf(error: Pick<FieldError, 'field' | 'message'>): FxField | null {
  const { field, message } = error;
  if (field === 'currency') return 'currency';
  if (field === 'rates' || field.startsWith('rates.')) {
    return message === 'validation.currency_invalid' || message === 'validation.fx_usd_is_one'
      ? 'currency'
      : 'units_per_usd';
  }
  if (field === 'effective_date' || field === 'source') return field;
  return null;
}

export type UserFormValues = {
  email: string;
  name: string;
  password: string;
  role: Role;
  language: 'es' | 'en';
};

/** New accounts start as viewers: the least a mistake can give away. */
export const EMPTY_USER_FORM: UserFormValues = {
  email: '',
  name: '',
  password: '',
  role: 'viewer',
  language: 'es',
};
