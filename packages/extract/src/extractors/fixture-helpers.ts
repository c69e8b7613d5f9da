import { readFileSync } from 'node:fs';
import { readingSignals } from '../extract-page.ts';
import type { ExtractedOffer } from '../offer.ts';
import { readPage } from '../page.ts';
import { extractJsonLd } from './json-ld.extractor.ts';
import { extractMicrodata } from './microdata.extractor.ts';
import { extractOpenGraph } from './opengraph.extractor.ts';
import { extractSelectors, type SelectorConfig } from './selectors.extractor.ts';
import { extractText, readText } from './text.extractor.ts';

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

type Reader = 'text' | 'json_ld' | 'microdata' | 'opengraph';

/** One reader's offers of a page, read as extractPage reads it (one parse, the page's currency
 * signs), without choosing a main offer: for testing each reader on its own. */
export function readWith(
  reader: Reader,
  html: string,
  url: string,
  currency: string | null = null,
): ExtractedOffer[] {
  const page = readPage(html, url);
  const reading = readText(page);
  const context = { signals: readingSignals(page, reading, currency) };
  const found =
    reader === 'text'
      ? extractText(page, reading, context)
      : reader === 'json_ld'
        ? extractJsonLd(page, context)
        : reader === 'microdata'
          ? extractMicrodata(page, context)
          : extractOpenGraph(page, context);
  return found.map((f) => f.offer);
}

export function readSelectors(html: string, url: string, config: SelectorConfig): ExtractedOffer[] {
  const page = readPage(html, url);
  const signals = readingSignals(page, readText(page), null);
  return extractSelectors(page, config, { signals }).map((f) => f.offer);
}
