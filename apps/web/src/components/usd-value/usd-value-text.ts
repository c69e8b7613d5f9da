import type { UsdStatus } from '@preciofab/shared/catalogue';
import type { Translate } from '../../i18n/use-translation.ts';
import type { Formatters } from '../../i18n/formatters.ts';

/** What a price's USD figure needs: its value and base unit, or why it has none. */
export type UsdFacts = {
  price_usd: number | null;
  base_unit: string | null;
  usd_status: UsdStatus;
  /** The observed currency, unit and date, which the reason for a missing value names. */
  currency: string;
  unit: string;
  observed_at: string;
};

export type UsdText =
  | { kind: 'value'; text: string }
  | { kind: 'missing'; status: Exclude<UsdStatus, 'converted'>; label: string; reason: string };

/** "USD 0.0523 / cm³", or a short label and the reason there is no USD value: no rate of the
 * currency on or before the price's date (it converts when one arrives), or a unit with no base. */
export function usdText(
  facts: UsdFacts,
  t: Translate,
  format: Pick<Formatters, 'usdPerUnit' | 'date'>,
  unitLabel: (unit: string) => string,
): UsdText {
  if (facts.price_usd !== null) {
    const amount = format.usdPerUnit(facts.price_usd);
    return {
      kind: 'value',
      text: facts.base_unit ? t('usd.per_unit', { amount, unit: unitLabel(facts.base_unit) }) : amount,
    };
  }
  if (facts.usd_status === 'no_base_unit') {
    return {
      kind: 'missing',
      status: 'no_base_unit',
      label: t('usd.no_base_unit'),
      reason: t('usd.no_base_unit_reason', { unit: unitLabel(facts.unit) }),
    };
  }
  // 'no_rate', or 'converted' without a value (never sent): either way no rate converted it.
  return {
    kind: 'missing',
    status: 'no_rate',
    label: t('usd.no_rate'),
    reason: t('usd.no_rate_reason', { currency: facts.currency, date: format.date(facts.observed_at) }),
  };
}
