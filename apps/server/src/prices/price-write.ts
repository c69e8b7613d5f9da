import type { EnrichmentInput } from '@preciofab/db/observation-enrichment';
import type { Enrichment, ObservationWrite } from '@preciofab/db/repositories/observations.repository';
import { MATERIALS, TECHNOLOGIES, type Category } from '@preciofab/shared/catalogue';
import type { PriceCreate } from '@preciofab/shared/contracts/prices';
import { numberToDecimal, roundDecimal, type TaxState } from '@preciofab/shared/money';
import { taxRateForCountry } from '@preciofab/shared/vat';

/** What a new price needs of its vendor. */
export type PriceVendor = {
  id: string;
  name: string;
  trust_score: string;
  country_code: string;
  region: string;
};

const TECHNOLOGY_OF_CATEGORY: Partial<Record<Category, string>> = {
  cnc_machining: 'cnc',
  laser_cutting: 'laser',
};

/** Catalogue values are stored lower-case ('PLA' → 'pla'); other text as entered. */
function catalogued(value: string | null, catalogue: readonly string[]): string | null {
  if (value === null) return null;
  return catalogue.includes(value.toLowerCase()) ? value.toLowerCase() : value;
}

/** The form has no technology field: FDM, SLA… in the subcategory, or the category itself
 * (CNC, laser), name it, so the explorer's technology filter finds manual prices too. */
function technologyOf(input: PriceCreate): string | null {
  if (input.technology) return catalogued(input.technology, TECHNOLOGIES);
  const sub = input.subcategory?.toLowerCase() ?? '';
  if ((TECHNOLOGIES as readonly string[]).includes(sub)) return sub;
  return TECHNOLOGY_OF_CATEGORY[input.category] ?? null;
}

/** The form has no price type either: materials are bought, time is billed by the hour. */
function priceTypeOf(input: PriceCreate): string {
  if (input.category === 'materials') return 'purchase';
  if (input.unit === 'hour' || input.unit === 'minute') return 'service_hourly';
  return 'service_per_part';
}

const taxStateOf = (includesTax: boolean | null | undefined): TaxState =>
  includesTax === true ? 'included' : includesTax === false ? 'excluded' : 'unknown';

/** A new price (the form's or one row of an import) as the columns it is stored with, but for its
 * offer and its enrichment: one rule for both writers. */
export function newPrice(input: PriceCreate, vendor: PriceVendor, now: Date) {
  const price = roundDecimal(numberToDecimal(input.price), 4);
  const taxState = taxStateOf(input.includes_tax);
  const technology = technologyOf(input);
  const material = catalogued(input.material, MATERIALS);
  const enrichment: Omit<EnrichmentInput, 'priorVendorObservations'> = {
    vendorId: vendor.id,
    trustScore: Number(vendor.trust_score),
    price,
    quantity: '1',
    unit: input.unit,
    currency: input.currency,
    taxState,
    taxRate: taxRateForCountry(vendor.country_code),
    category: input.category,
    fields: {
      vendor: vendor.id,
      service_name: input.service_name,
      price,
      currency: input.currency,
      unit: input.unit,
      category: input.category,
      subcategory: input.subcategory,
      technology,
      material,
    },
    observedAt: now,
  };
  const observation = (
    offerId: string,
    enriched: Enrichment,
    origin: ObservationWrite['origin'],
    actorId: string,
  ): ObservationWrite => ({
    offerId,
    vendorId: vendor.id,
    crawlRunId: null,
    crawlTargetId: null,
    origin,
    offerName: input.service_name,
    category: input.category,
    subcategory: input.subcategory,
    technology,
    material,
    priceType: priceTypeOf(input),
    price,
    currency: input.currency,
    unit: input.unit,
    quantity: '1',
    minimumOrder: input.minimum_order,
    leadTimeDays: input.lead_time_days,
    taxState,
    includesShipping: input.includes_shipping,
    notes: input.notes,
    validUntil: input.valid_until,
    region: vendor.region,
    ...enriched,
    volumeCm3: null,
    metadata: { technology, material, volume_cm3: null },
    sourceUrl: null,
    observedAt: now,
    createdBy: actorId,
  });
  return { enrichment, observation };
}
