import { classify } from './classify.ts';
import type { CurrencyBasis, CurrencyReading } from './currency-evidence.ts';
import { withoutBoundaries, type DomElement } from './dom.ts';
import type { ExtractContext, ExtractedOffer, ExtractorName, OfferField } from './offer.ts';
import type { Region } from './page-regions.ts';
import { collapseSpaces } from './text-normalize.ts';
import type { ParsedUnit } from './unit-parser.ts';

/** An offer with where it was found, for choosing a product page's main offer; the placement
 * stays in the extraction thread (elements do not cross threads). */
export type Found = {
  offer: ExtractedOffer;
  /** The element the price was read from; null for structured data. */
  el: DomElement | null;
  region: Region;
  /** A quantity tier or a variant the text names, not the item's plain price. */
  tier: boolean;
};

/** How far each basis of a currency is trusted, as a share of the extractor's confidence. */
const CURRENCY_TRUST: Record<CurrencyBasis, number> = {
  code: 1,
  target: 1,
  structured_data: 0.95,
  page_locale: 0.85,
  domain: 0.8,
  phone: 0.7,
  address: 0.7,
  none: 0,
};

/** What an extractor read; the builder classifies it and fills the bookkeeping fields. */
export type OfferDraft = {
  extractor: ExtractorName;
  name: string;
  amount: string;
  currency: CurrencyReading;
  unit?: ParsedUnit | null;
  quantity?: number;
  includes_tax?: boolean | null;
  price_is_minimum?: boolean;
  /** Nearest first: words at the price, caption, section heading. */
  context?: string[];
  title?: string;
  priceText?: string;
  selectors?: Partial<Record<OfferField, string>>;
  /** How far this extractor's name and price are trusted (structured data more than prose). */
  confidence: number;
  source_text: string;
};

const round = (n: number) => Math.round(n * 100) / 100;

export function buildOffer(draft: OfferDraft, context: ExtractContext = {}): ExtractedOffer {
  const name = collapseSpaces(withoutBoundaries(draft.name)).slice(0, 200);
  const c = classify({
    name,
    context: draft.context,
    title: draft.title,
    categoryHint: context.categoryHint,
    priceText: draft.priceText,
    unit: draft.unit,
  });
  const base = draft.confidence;
  const confidence: Partial<Record<OfferField, number>> = {
    offer_name: base,
    price: base,
    currency: round(base * CURRENCY_TRUST[draft.currency.evidence.basis]),
    quantity: draft.quantity && draft.quantity > 1 ? round(base * 0.9) : base,
    price_is_minimum: round(base * 0.9),
  };
  if (c.unit) confidence.unit = draft.unit ? base : round(base * 0.8);
  if (draft.includes_tax !== undefined && draft.includes_tax !== null)
    confidence.includes_tax = round(base * 0.9);
  for (const field of ['category', 'subcategory', 'technology', 'material', 'price_type'] as const) {
    const value = c.confidence[field];
    if (value !== undefined) confidence[field] = round(value * base);
  }
  const field_extractors: Partial<Record<OfferField, ExtractorName>> = {};
  for (const field of Object.keys(confidence) as OfferField[]) field_extractors[field] = draft.extractor;
  return {
    offer_name: name,
    price: draft.amount,
    currency: draft.currency.currency,
    currency_evidence: draft.currency.evidence,
    unit: c.unit?.unit ?? null,
    unit_text: c.unit?.unit_text ?? null,
    unit_size: c.unit?.unit_size ?? null,
    quantity: draft.quantity ?? 1,
    includes_tax: draft.includes_tax ?? null,
    price_is_minimum: draft.price_is_minimum ?? false,
    price_type: c.price_type,
    category: c.category,
    subcategory: c.subcategory,
    technology: c.technology,
    material: c.material,
    extractor: draft.extractor,
    field_extractors,
    selectors: draft.selectors ?? {},
    field_confidence: confidence,
    source_text: collapseSpaces(withoutBoundaries(draft.source_text)).slice(0, 500),
  };
}
