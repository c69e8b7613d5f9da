import type { Db } from '@preciofab/db/client';
import { enrichObservation, type EnrichmentMemo } from '@preciofab/db/observation-enrichment';
import type { ObservationWrite } from '@preciofab/db/repositories/observations.repository';
import type { ExtractedOffer } from '@preciofab/extract/offer';
import {
  CATEGORIES,
  MATERIALS,
  TECHNOLOGIES,
  UNITS,
  type Category,
  type Currency,
  type TargetErrorCode,
} from '@preciofab/shared/catalogue';
import { isCurrencyCode } from '@preciofab/shared/currencies';
import { taxRateForCountry } from '@preciofab/shared/vat';
import { normalizeDecimal, roundDecimal, type TaxState } from '@preciofab/shared/money';
import type { ScreenshotSkip } from '@preciofab/shared/screenshot-reason';
import { offerKey } from '@preciofab/shared/offer-key';

export type CrawlVendor = {
  id: string;
  trust_score: string | number;
  region: string;
  country_code: string;
  price_count: number;
};

/** Where an observation was read: the page and its stored evidence files. */
export type StoredEvidence = {
  sourceUrl: string;
  snapshotId: string | null;
  screenshotId: string | null;
  /** Why the page was kept without a screenshot; null when it has one. */
  screenshotSkipped: ScreenshotSkip | null;
  capturedAt: Date;
};

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : null;

const taxStateOf = (includesTax: boolean | null): TaxState =>
  includesTax === true ? 'included' : includesTax === false ? 'excluded' : 'unknown';

/** The price type a crawled offer is stored with when the page does not make it clear: time is
 * billed by the hour, materials are bought, the rest is priced per part. */
function priceTypeOf(offer: ExtractedOffer, category: string, unit: string): string {
  if (offer.price_type) return offer.price_type;
  if (unit === 'hour' || unit === 'minute') return 'service_hourly';
  return category === 'materials' ? 'purchase' : 'service_per_part';
}

/** An offer whose currency is decided: an active ISO 4217 code. */
export type StorableOffer = ExtractedOffer & { currency: Currency };

/** Why some of a page's offers were not stored, for the target: the operator sees it. */
export type OfferNote = { code: TargetErrorCode; message: string };

/** The offers of a page that can be stored: a price whose currency the page leaves undecided is
 * never stored as a guess, and one whose code is not an active ISO 4217 code (the extractor gives
 * none, so this guards the contract) is left too; the note says so (in English, as a detail; the console shows the code in the reader's language). */
export function storableOffers(offers: readonly ExtractedOffer[]): {
  storable: StorableOffer[];
  note: OfferNote | null;
} {
  const storable: StorableOffer[] = [];
  let uncertain = 0;
  const foreign = new Set<string>();
  for (const o of offers) {
    if (o.currency === null) uncertain += 1;
    else if (isCurrencyCode(o.currency)) storable.push(o as StorableOffer);
    else foreign.add(o.currency);
  }
  if (uncertain > 0) {
    const marks = [
      ...new Set(offers.filter((o) => o.currency === null).map((o) => o.currency_evidence.mark ?? 'no mark')),
    ];
    return {
      storable,
      note: {
        code: 'currency_uncertain',
        message: `${uncertain} price(s) marked ${marks.join(', ')} with nothing on the page deciding the currency; set the target's currency`,
      },
    };
  }
  if (foreign.size > 0)
    return {
      storable,
      note: {
        code: 'currency_unsupported',
        message: `prices in ${[...foreign].join(', ')}, which is no active ISO 4217 currency, were not stored`,
      },
    };
  return { storable, note: null };
}

/** An offer as it will be stored: its catalogue fields resolved. */
export type PreparedOffer = {
  offer: StorableOffer;
  key: string;
  category: Category;
  unit: string;
  quantity: string;
  price: string;
  taxState: TaxState;
  technology: string | null;
  material: string | null;
};

/** Resolves an extracted offer to what is stored: a catalogue category (the target's when the
 * classifier could not place it), a catalogue unit (a page that names none prices the item), exact
 * decimals, and its offer key (quantity tiers of one service are separate offers). */
export function prepareOffer(offer: StorableOffer, targetCategory: string): PreparedOffer {
  const category: Category =
    oneOf(CATEGORIES, offer.category) ?? oneOf(CATEGORIES, targetCategory) ?? 'additive_manufacturing';
  const unit = oneOf(UNITS, offer.unit) ?? 'piece';
  return {
    offer,
    key: offerKey(offer.quantity > 1 ? `${offer.offer_name} ≥${offer.quantity}` : offer.offer_name, unit),
    category,
    unit,
    quantity: normalizeDecimal(offer.unit_size ?? '1'),
    price: roundDecimal(normalizeDecimal(offer.price), 4),
    taxState: taxStateOf(offer.includes_tax),
    technology: oneOf(TECHNOLOGIES, offer.technology),
    material: oneOf(MATERIALS, offer.material),
  };
}

/** The observation row of a new price: normalized and scored, with its evidence. */
export async function observationRow(
  tx: Db,
  p: PreparedOffer,
  w: {
    vendor: CrawlVendor;
    priorVendorObservations: number;
    offerId: string;
    runId: string;
    targetId: string;
    evidence: StoredEvidence;
    memo: EnrichmentMemo;
  },
): Promise<ObservationWrite> {
  const { offer, category, unit, quantity, price, taxState, technology, material } = p;
  const now = w.evidence.capturedAt;
  const enrichment = await enrichObservation(
    tx,
    {
      vendorId: w.vendor.id,
      trustScore: Number(w.vendor.trust_score),
      price,
      quantity,
      unit,
      currency: offer.currency,
      taxState,
      taxRate: taxRateForCountry(w.vendor.country_code),
      category,
      fields: {
        vendor: w.vendor.id,
        service_name: offer.offer_name,
        price,
        currency: offer.currency,
        unit: offer.unit,
        category: offer.category ?? category,
        subcategory: offer.subcategory,
        technology,
        material,
      },
      observedAt: now,
      priorVendorObservations: w.priorVendorObservations,
    },
    now,
    w.memo,
  );
  const selectors: Record<string, string> = {};
  for (const [field, selector] of Object.entries(offer.selectors)) if (selector) selectors[field] = selector;
  const fieldConfidence: Record<string, number> = {};
  for (const [field, c] of Object.entries(offer.field_confidence)) {
    if (typeof c === 'number') fieldConfidence[field] = c;
  }
  return {
    offerId: w.offerId,
    vendorId: w.vendor.id,
    crawlRunId: w.runId,
    crawlTargetId: w.targetId,
    origin: 'crawl',
    offerName: offer.offer_name,
    category,
    subcategory: offer.subcategory,
    technology,
    material,
    priceType: priceTypeOf(offer, category, unit),
    price,
    currency: offer.currency,
    unit,
    quantity,
    minimumOrder: offer.quantity > 1 ? offer.quantity : null,
    leadTimeDays: null,
    taxState,
    includesShipping: false,
    notes: offer.price_is_minimum ? 'desde' : null,
    validUntil: null,
    region: w.vendor.region,
    ...enrichment,
    volumeCm3: null,
    metadata: {
      technology,
      material,
      volume_cm3: null,
      extractor: offer.extractor,
      unit_text: offer.unit_text,
      // What decided the currency ({ basis, mark, detail }), kept with the price for its audit.
      currency_evidence: offer.currency_evidence,
      // Why there is no screenshot, for the evidence modal (absent when there is one).
      ...(w.evidence.screenshotSkipped ? { screenshot_skipped: w.evidence.screenshotSkipped } : {}),
    },
    sourceUrl: w.evidence.sourceUrl,
    observedAt: now,
    createdBy: null,
    evidence: {
      screenshotId: w.evidence.screenshotId,
      snapshotId: w.evidence.snapshotId,
      selectors,
      fieldConfidence,
      capturedAt: now,
    },
  };
}
