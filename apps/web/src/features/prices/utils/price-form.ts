import { z } from 'zod';
import { CATEGORY_CATALOGUE, type Category, type Currency } from '@preciofab/shared/catalogue';
import { priceCreateBody } from '@preciofab/shared/contracts/prices';
import { isValidUntilAllowed } from './valid-until.ts';

/** The add-price form as typed: numbers stay text until submit, so a half-typed value is kept. */
export type PriceFormValues = {
  vendor_id: string;
  service_name: string;
  category: Category;
  subcategory: string;
  technology: string;
  material: string;
  price: string;
  currency: Currency;
  unit: string;
  minimum_order: string;
  lead_time_days: string;
  includes_tax: boolean;
  includes_shipping: boolean;
  notes: string;
  valid_until: string;
};

/** What a category decides: its first subcategory, unit and material (blank when it has none). */
export function categoryDefaults(
  category: Category,
): Pick<PriceFormValues, 'subcategory' | 'unit' | 'material'> {
  const entry = CATEGORY_CATALOGUE[category];
  return {
    subcategory: entry.subcategories[0] ?? '',
    unit: entry.units[0] ?? '',
    material: entry.materials[0] ?? '',
  };
}

/** Spec §4: category additive_manufacturing, subcategory FDM, unit cm³, currency MXN, price 0. */
export function initialPriceForm(vendorId = ''): PriceFormValues {
  return {
    vendor_id: vendorId,
    service_name: '',
    category: 'additive_manufacturing',
    ...categoryDefaults('additive_manufacturing'),
    technology: '',
    price: '0',
    currency: 'MXN',
    minimum_order: '',
    lead_time_days: '',
    includes_tax: false,
    includes_shipping: false,
    notes: '',
    valid_until: '',
  };
}

/** '' is "not given"; anything else goes to the schema as a number so it can say what is wrong. */
const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The body the shared contract validates; price is a number even when the box is empty (NaN is
 * refused by the schema with the spec's 'Price must be greater than 0'). */
export function toPricePayload(values: PriceFormValues): z.input<typeof priceCreateBody> {
  return {
    vendor_id: values.vendor_id,
    service_name: values.service_name,
    category: values.category,
    subcategory: values.subcategory,
    technology: values.technology,
    material: values.material,
    price: values.price.trim() === '' ? Number.NaN : Number(values.price),
    currency: values.currency,
    unit: values.unit,
    minimum_order: optionalNumber(values.minimum_order),
    lead_time_days: optionalNumber(values.lead_time_days),
    includes_tax: values.includes_tax,
    includes_shipping: values.includes_shipping,
    notes: values.notes,
    valid_until: values.valid_until,
  };
}

/** The add-price form's schema: the typed text read as the contract's body and judged by the
 * contract (spec §5 messages, written there once), then the valid-until date against the reader's
 * own calendar (the contract allows a date that is still today anywhere on earth). */
export const priceFormSchema = z
  .custom<PriceFormValues>()
  .transform(toPricePayload)
  .pipe(priceCreateBody)
  .refine((body) => isValidUntilAllowed(typeof body.valid_until === 'string' ? body.valid_until : ''), {
    path: ['valid_until'],
    message: 'validation.valid_until_past',
    // Said beside the other fields' errors, not only once they are fixed.
    when: () => true,
  });
