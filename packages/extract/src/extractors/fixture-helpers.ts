import { readFileSync } from 'node:fs';
import type { ExtractedOffer } from '../offer.ts';

/** Test support: fixture pages and the fields a fixture's expected offers are written in. */

export function readFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export type OfferSummary = Pick<
  ExtractedOffer,
  | 'offer_name'
  | 'price'
  | 'currency'
  | 'unit'
  | 'quantity'
  | 'includes_tax'
  | 'price_is_minimum'
  | 'category'
  | 'subcategory'
  | 'technology'
  | 'material'
  | 'price_type'
>;

export function summary(o: ExtractedOffer): OfferSummary {
  const { offer_name, price, currency, unit, quantity, includes_tax, price_is_minimum } = o;
  const { category, subcategory, technology, material, price_type } = o;
  return {
    offer_name,
    price,
    currency,
    unit,
    quantity,
    includes_tax,
    price_is_minimum,
    category,
    subcategory,
    technology,
    material,
    price_type,
  };
}

/** An expected offer: name, price and currency, and every other field at its "page does not say"
 * value unless the case states it. */
export function offer(
  offer_name: string,
  price: string,
  currency: ExtractedOffer['currency'],
  rest: Partial<OfferSummary> = {},
): OfferSummary {
  return {
    offer_name,
    price,
    currency,
    unit: null,
    quantity: 1,
    includes_tax: null,
    price_is_minimum: false,
    category: null,
    subcategory: null,
    technology: null,
    material: null,
    price_type: null,
    ...rest,
  };
}
