import type { ExtractedOffer, OfferField } from './offer.ts';
import { nameKey } from './text-normalize.ts';

/** Same thing: same price, currency and tier, and one name is the other or contains it (an
 * og:title "Filamento PLA 1 kg | Tienda" and a JSON-LD name "Filamento PLA 1 kg"). */
function sameThing(a: ExtractedOffer, b: ExtractedOffer): boolean {
  if (a.price !== b.price || a.currency !== b.currency || a.quantity !== b.quantity) return false;
  if (a.unit && b.unit && a.unit !== b.unit) return false;
  const x = ` ${nameKey(a.offer_name)} `;
  const y = ` ${nameKey(b.offer_name)} `;
  return x === y || x.includes(y) || y.includes(x);
}

const conf = (o: ExtractedOffer, field: OfferField) => o.field_confidence[field] ?? 0;

/** Copies `field` and its provenance from `from` when `from` is more sure of it. */
function take<K extends OfferField>(
  into: ExtractedOffer,
  from: ExtractedOffer,
  field: K,
  also: (keyof ExtractedOffer)[] = [],
): void {
  const value = from[field];
  if (value === null || conf(from, field) <= conf(into, field)) return;
  Object.assign(into, { [field]: value });
  for (const key of also) Object.assign(into, { [key]: from[key] });
  into.field_confidence[field] = conf(from, field);
  const source = from.field_extractors[field];
  if (source) into.field_extractors[field] = source;
  const selector = from.selectors[field];
  if (selector) into.selectors[field] = selector;
  else delete into.selectors[field];
}

function combine(into: ExtractedOffer, from: ExtractedOffer): void {
  if (conf(from, 'price') > conf(into, 'price')) {
    into.extractor = from.extractor;
    into.source_text = from.source_text;
  }
  take(into, from, 'offer_name');
  take(into, from, 'price');
  take(into, from, 'currency');
  take(into, from, 'unit', ['unit_text', 'unit_size']);
  take(into, from, 'includes_tax');
  take(into, from, 'material');
  // Category, subcategory and technology travel together so they never disagree.
  if ((from.category && !into.category) || conf(from, 'category') > conf(into, 'category')) {
    for (const f of ['category', 'subcategory', 'technology', 'price_type'] as const) {
      into[f] = null;
      into.field_confidence[f] = 0;
      take(into, from, f);
    }
  }
  if (from.price_is_minimum && !into.price_is_minimum) {
    into.price_is_minimum = true;
    into.field_confidence.price_is_minimum = conf(from, 'price_is_minimum');
    if (from.field_extractors.price_is_minimum)
      into.field_extractors.price_is_minimum = from.field_extractors.price_is_minimum;
  }
}

/** One offer per thing a page prices, however many extractors saw it, each field from the
 * extractor most sure of it. Offers are copied, never mutated. */
export function mergeOffers(offers: ExtractedOffer[]): ExtractedOffer[] {
  const merged: ExtractedOffer[] = [];
  for (const offer of offers) {
    const same = merged.find((m) => sameThing(m, offer));
    if (same) combine(same, offer);
    else
      merged.push({
        ...offer,
        field_extractors: { ...offer.field_extractors },
        selectors: { ...offer.selectors },
        field_confidence: { ...offer.field_confidence },
      });
  }
  return merged;
}
