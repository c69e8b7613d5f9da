import type { Currency } from '@preciofab/shared/catalogue';
import { classify } from './classify.ts';
import type { ExtractContext, ExtractedOffer, ExtractorName, OfferField } from './offer.ts';
import { collapseSpaces } from './text-normalize.ts';
import type { ParsedUnit } from './unit-parser.ts';

/** What an extractor read; the builder classifies it and fills the bookkeeping fields. */
export type OfferDraft = {
  extractor: ExtractorName;
  name: string;
  amount: string;
  currency: Currency;
  /** false when the currency was assumed (a bare `$`, a store without a currency field). */
  explicitCurrency: boolean;
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
  const name = collapseSpaces(draft.name).slice(0, 200);
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
    currency: draft.explicitCurrency ? base : round(base * 0.7),
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
    currency: draft.currency,
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
    source_text: collapseSpaces(draft.source_text).slice(0, 500),
  };
}
