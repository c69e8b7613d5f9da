import type { z } from 'zod';
import { CATEGORY_CATALOGUE, UNITS, type Unit } from '@preciofab/shared/catalogue';
import { reviewCorrectBody, type ReviewItem } from '@preciofab/shared/contracts/review';

export type CorrectFormValues = z.input<typeof reviewCorrectBody>;

/** The contract's own schema (its messages written once, house style 3). */
export const correctFormSchema = reviewCorrectBody;

const isUnit = (unit: string): unit is Unit => (UNITS as readonly string[]).includes(unit);

/** The form starts from the reading as held: the reviewer changes only what is wrong. */
export function correctFormDefaults(item: Pick<ReviewItem, 'observation'>): CorrectFormValues {
  const { observation: o } = item;
  const units = CATEGORY_CATALOGUE[o.category].units;
  return {
    price: o.price,
    currency: o.currency,
    unit: isUnit(o.unit) ? o.unit : units[0]!,
    tax_state: o.tax_state,
    note: '',
    pin_currency: false,
    pin_selectors: false,
  };
}

/** The units the form offers: the category's, and the reading's own if it is another. */
export function unitChoices(item: Pick<ReviewItem, 'observation'>): readonly Unit[] {
  const { observation: o } = item;
  const units: readonly Unit[] = CATEGORY_CATALOGUE[o.category].units;
  return isUnit(o.unit) && !units.includes(o.unit) ? [...units, o.unit] : units;
}
