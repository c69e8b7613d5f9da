import type { Category, PageKind, PRICE_TYPES, Unit } from '@preciofab/shared/catalogue';
import type { CurrencyEvidence, CurrencySignals } from './currency-evidence.ts';
import type { Deadline } from './deadline.ts';
import type { RefusedPrice } from './price-parser.ts';

export type PriceType = (typeof PRICE_TYPES)[number];

export type ExtractorName =
  'selectors' | 'json_ld' | 'microdata' | 'opengraph' | 'shopify' | 'woocommerce' | 'text';

/** The fields whose origin and confidence are recorded per offer. */
export type OfferField =
  | 'offer_name'
  | 'price'
  | 'currency'
  | 'unit'
  | 'quantity'
  | 'includes_tax'
  | 'price_is_minimum'
  | 'price_type'
  | 'category'
  | 'subcategory'
  | 'technology'
  | 'material';

/** One price a page states, as the page states it: nothing here is converted, so the worker can
 * normalize (currency, tax, unit) with the rules of packages/shared and re-run them later. */
export type ExtractedOffer = {
  offer_name: string;
  /** Decimal text with a dot separator ("1234.56"), never a float. */
  price: string;
  /** An ISO 4217 code, or null when nothing on the page decides what its mark means (a bare `$`
   * on a `.com` page): such an offer is reported, never stored as a guess. */
  currency: string | null;
  /** What decided the currency (or that nothing did). */
  currency_evidence: CurrencyEvidence;
  /** The catalogue unit the page prices in ("por minuto" stays minute); grams map to kg with
   * `unit_size` 0.001-scaled, because the catalogue has no gram. */
  unit: Unit | null;
  /** The raw unit phrase ("100 g", "por cm³"). */
  unit_text: string | null;
  /** How many `unit`s the price buys, as decimal text ("0.1" for "100 g"); null without a unit. */
  unit_size: string | null;
  /** Minimum quantity of a tier; 1 when the page states no tiers. */
  quantity: number;
  /** true for "IVA incluido", false for "más IVA", null when the page does not say. */
  includes_tax: boolean | null;
  /** "desde" / "a partir de" / "from": the real price may be higher. */
  price_is_minimum: boolean;
  price_type: PriceType | null;
  category: Category | null;
  subcategory: string | null;
  technology: string | null;
  material: string | null;
  /** The extractor that gave the price; field_extractors says who gave each other field. */
  extractor: ExtractorName;
  field_extractors: Partial<Record<OfferField, ExtractorName>>;
  /** The CSS selector or JSON path behind each field, for the operator to audit or pin. */
  selectors: Partial<Record<OfferField, string>>;
  /** 0–1 per field. */
  field_confidence: Partial<Record<OfferField, number>>;
  /** The text the offer was read from, trimmed, for audit. */
  source_text: string;
};

/** What kind of page this is: one product (its main offer first, then only its variants and
 * tiers), a list, catalogue or tariff page (every offer), or an article (prose: no offers). */
export type { PageKind };

/** Page-level knowledge every extractor may use. */
export type ExtractContext = {
  /** The page's currency signs, to decide ambiguous marks and bare numbers. */
  signals?: CurrencySignals;
  /** The target's configured category, used only to complete a classification with evidence. */
  categoryHint?: Category | null;
  deadline?: Deadline;
  /** Where refused price-shaped values are told (a JSON-LD price of -45, "34.992001"). */
  refused?: RefusedPrice[];
};
