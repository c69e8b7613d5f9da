import { z } from 'zod';
import type { Role } from '@preciofab/shared/catalogue';
import { fxRatesUpdateBody, type FxRate } from '@preciofab/shared/contracts/fx-rates';
import { isCurrencyCode } from '@preciofab/shared/currencies';
import { renameServerFields } from '../../../components/form/rename-server-fields.ts';

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

const { effective_date, rates, source } = fxRatesUpdateBody.shape;

/** One rate as the PUT body, checked field by field with the contract's own schemas (spec §5
 * messages written once): the units with the contract's rate (an empty box goes as NaN so it says
 * what is wrong); the currency as the contract checks a rate's code, and never the dollar, which is
 * always 1. */
export const fxFormSchema = z
  .object({
    currency: z
      .string()
      .refine(isCurrencyCode, 'validation.currency_invalid')
      .refine((code) => code !== 'USD', 'validation.fx_usd_is_one'),
    effective_date,
    units_per_usd: z
      .string()
      .transform((units) => (units.trim() === '' ? Number.NaN : Number(units)))
      .pipe(rates.valueType),
    source,
  })
  .transform((values) => ({
    effective_date: values.effective_date,
    rates: { [values.currency]: values.units_per_usd },
    source: values.source,
  }));

/** The server names a rate's error by its code ('rates.COP'): it shows under the units. */
export const fxServerError = (error: unknown): unknown =>
  renameServerFields(error, (field) =>
    field === 'rates' || field.startsWith('rates.') ? 'units_per_usd' : null,
  );

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
