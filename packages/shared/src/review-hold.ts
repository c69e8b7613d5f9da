import type { CurrencyBasis } from './catalogue.ts';

/** Why an observation waits for review, in the order the console lists them. */
export const REVIEW_REASONS = [
  'currency_uncertain',
  'low_confidence',
  'outlier',
  'price_jump',
  'new_vendor',
] as const;
export type ReviewReasonCode = (typeof REVIEW_REASONS)[number];

/** Where a held observation stands: waiting, or decided one way. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'corrected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a reviewer did, as the audit trail stores it. */
export const REVIEW_ACTIONS = ['approve', 'correct', 'reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The statuses that keep an observation out of benchmarks and reports (an approved one counts). */
export const REVIEW_EXCLUDED_STATUSES = [
  'pending',
  'rejected',
  'corrected',
] as const satisfies readonly ReviewStatus[];

/** The currency bases a reviewer can trust without a look: the page or the operator said which. The
 * others (a language, a domain, a phone number, an address) are inferences: a price read with one is
 * held. `none` never reaches storage (the crawler leaves such a price out). */
export const SURE_CURRENCY_BASES: readonly CurrencyBasis[] = ['code', 'structured_data', 'target'];

/** One reason, with the figures that triggered it (what the console shows beside it). */
export type ReviewReason =
  | { code: 'currency_uncertain'; basis: CurrencyBasis; mark: string | null }
  | { code: 'low_confidence'; confidence: number; threshold: number }
  | { code: 'outlier'; price_net_usd: number; p10: number; p90: number; factor: number }
  | {
      code: 'price_jump';
      previous_price: number;
      price: number;
      currency: string;
      jump_percent: number;
      threshold_percent: number;
    }
  | { code: 'new_vendor' };

/** The review rules: each can be turned off; thresholds are settings. */
export type ReviewSettings = {
  min_confidence_enabled: boolean;
  /** Held below this confidence (0 to 1). */
  min_confidence: number;
  outlier_enabled: boolean;
  /** Held below P10 ÷ factor or above P90 × factor of its group's latest benchmark. */
  outlier_factor: number;
  price_jump_enabled: boolean;
  /** Held when it moves more than this many percent from the offer's previous price. */
  price_jump_percent: number;
  hold_uncertain_currency: boolean;
  hold_new_vendor: boolean;
};

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  min_confidence_enabled: true,
  min_confidence: 0.4,
  outlier_enabled: true,
  outlier_factor: 2,
  price_jump_enabled: true,
  price_jump_percent: 50,
  hold_uncertain_currency: true,
  hold_new_vendor: true,
};

/** What the hold decision looks at, gathered by the write path. */
export type HoldInput = {
  confidence: number;
  /** Net USD per base unit; null when it could not be converted (no outlier test then). */
  priceNetUsd: number | null;
  price: number;
  quantity: number;
  currency: string;
  unit: string;
  /** What decided the currency; null when a person posted or imported it (never uncertain). */
  currencyBasis: CurrencyBasis | null;
  currencyMark?: string | null;
  /** The offer's latest stored price before this one, when it has one. */
  previous: { price: number; quantity: number; currency: string; unit: string } | null;
  /** The group's latest benchmark band (category, subcategory, base unit), when there is one. */
  band: { p10: number; p90: number } | null;
  /** The vendor had no observation before this one. */
  newVendor: boolean;
  /** Read by the crawler rather than entered or imported by a person. A person's price is checked
   * for its figures (confidence, band, jump: a misplaced decimal point), not for its source: the
   * operator who typed a new vendor's first price is the one who would review it. */
  crawled: boolean;
};

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Why an observation must wait for review; empty when it goes straight through. Pure: each write
 * path gathers the input and calls it, so the rules live here once. */
export function holdReasons(input: HoldInput, settings: ReviewSettings): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (
    settings.hold_uncertain_currency &&
    input.currencyBasis !== null &&
    !SURE_CURRENCY_BASES.includes(input.currencyBasis)
  ) {
    reasons.push({
      code: 'currency_uncertain',
      basis: input.currencyBasis,
      mark: input.currencyMark ?? null,
    });
  }
  if (settings.min_confidence_enabled && input.confidence < settings.min_confidence) {
    reasons.push({
      code: 'low_confidence',
      confidence: input.confidence,
      threshold: settings.min_confidence,
    });
  }
  const band = input.band;
  if (settings.outlier_enabled && band && input.priceNetUsd !== null && band.p10 > 0 && band.p90 > 0) {
    const f = settings.outlier_factor;
    if (input.priceNetUsd < band.p10 / f || input.priceNetUsd > band.p90 * f) {
      reasons.push({
        code: 'outlier',
        price_net_usd: input.priceNetUsd,
        p10: band.p10,
        p90: band.p90,
        factor: f,
      });
    }
  }
  const prev = input.previous;
  // A jump compares like with like: the same currency and unit, per unit of quantity.
  if (
    settings.price_jump_enabled &&
    prev &&
    prev.currency === input.currency &&
    prev.unit === input.unit &&
    prev.price > 0 &&
    prev.quantity > 0 &&
    input.quantity > 0
  ) {
    const before = prev.price / prev.quantity;
    const now = input.price / input.quantity;
    const jump = (Math.abs(now - before) / before) * 100;
    if (jump > settings.price_jump_percent) {
      reasons.push({
        code: 'price_jump',
        previous_price: prev.price,
        price: input.price,
        currency: input.currency,
        jump_percent: round(jump, 1),
        threshold_percent: settings.price_jump_percent,
      });
    }
  }
  if (settings.hold_new_vendor && input.newVendor && input.crawled) reasons.push({ code: 'new_vendor' });
  return reasons;
}
