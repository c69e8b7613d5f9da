import type { FxRate } from '@preciofab/shared/contracts/fx-rates';
import type { Role } from '@preciofab/shared/catalogue';

export type FxFormValues = { effective_date: string; MXN: string; EUR: string; source: string };
export type FxField = keyof FxFormValues;

/** The newest rate of each currency prefills the form, so an edit starts from the current value. */
export function latestRates(rates: readonly FxRate[]): Partial<Record<'MXN' | 'EUR', number>> {
  const latest: Partial<Record<string, { date: string; value: number }>> = {};
  for (const rate of rates) {
    if (rate.currency === 'USD') continue;
    const seen = latest[rate.currency];
    if (!seen || rate.effective_date > seen.date) {
      latest[rate.currency] = { date: rate.effective_date, value: rate.units_per_usd };
    }
  }
  return { MXN: latest.MXN?.value, EUR: latest.EUR?.value };
}

export function initialFxForm(rates: readonly FxRate[], today: string): FxFormValues {
  const latest = latestRates(rates);
  return {
    effective_date: today,
    MXN: latest.MXN === undefined ? '' : String(latest.MXN),
    EUR: latest.EUR === undefined ? '' : String(latest.EUR),
    source: 'manual',
  };
}

const rate = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The PUT body; a blank currency is left out (the contract needs at least one). */
export function toFxPayload(values: FxFormValues) {
  const rates: { MXN?: number; EUR?: number } = {};
  const mxn = rate(values.MXN);
  const eur = rate(values.EUR);
  if (mxn !== undefined) rates.MXN = mxn;
  if (eur !== undefined) rates.EUR = eur;
  return { effective_date: values.effective_date, rates, source: values.source };
}

/** Where an error of the contract's paths shows: 'rates.EUR' under EUR; 'rates' (none given)
 * under the first rate. */
export function fxFieldOf(path: string): FxField | null {
  if (path === 'rates' || path === 'rates.MXN') return 'MXN';
  if (path === 'rates.EUR') return 'EUR';
  if (path === 'effective_date' || path === 'source') return path;
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
