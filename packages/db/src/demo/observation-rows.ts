import { SIMILAR_WINDOW_DAYS, ageInDays, scoreObservation } from '@preciofab/shared/confidence';
import type { InsertSpec, Row } from './batch-insert.ts';
import type { DemoObservation } from './build-prices.ts';
import { scaledToDecimal, toScaled } from './decimal.ts';
import type { Rng } from './prng.ts';

const DAY = 86_400_000;

/** price_observations as the seed writes it. */
export const OBSERVATION_INSERT: InsertSpec = {
  types: {
    id: 'uuid',
    offer_id: 'uuid',
    vendor_id: 'uuid',
    crawl_run_id: 'uuid',
    crawl_target_id: 'uuid',
    origin: 'text',
    offer_name: 'text',
    category: 'text',
    subcategory: 'text',
    technology: 'text',
    material: 'text',
    price_type: 'text',
    price: 'numeric',
    currency: 'char(3)',
    unit: 'text',
    quantity: 'numeric',
    minimum_order: 'integer',
    lead_time_days: 'integer',
    tax_state: 'text',
    includes_shipping: 'boolean',
    notes: 'text',
    valid_until: 'date',
    region: 'text',
    base_unit: 'text',
    unit_factor: 'numeric',
    fx_rate: 'numeric',
    fx_date: 'date',
    tax_rate: 'numeric',
    price_usd: 'numeric',
    price_net_usd: 'numeric',
    price_gross_usd: 'numeric',
    confidence_score: 'numeric',
    confidence_source: 'numeric',
    confidence_completeness: 'numeric',
    confidence_consistency: 'numeric',
    confidence_freshness: 'numeric',
    confidence_factors: 'jsonb',
    volume_cm3: 'numeric',
    metadata: 'jsonb',
    source_url: 'text',
    extraction_selectors: 'jsonb',
    extraction_confidence: 'jsonb',
    captured_at: 'timestamptz',
    observed_at: 'timestamptz',
    last_seen_at: 'timestamptz',
    created_at: 'timestamptz',
  },
  batchSize: 1000,
};

/** Continuous median (what percentile_cont(0.5) gives) of a non-empty list. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  const lo = sorted[Math.floor(mid)] ?? 0;
  const hi = sorted[Math.ceil(mid)] ?? lo;
  return lo + (hi - lo) * (mid - Math.floor(mid));
}

const score4 = (x: number): string => scaledToDecimal(toScaled(x, 4), 4);

/** Rows for price_observations, in time order, scored the way the server scores a new price
 * (shared scoreObservation): the vendor's observations so far, the fields present, the deviation
 * from the median of earlier observations of the same category and base unit in the last 90
 * days, and the age at `now`. */
export function observationRows(rng: Rng, now: Date, observations: readonly DemoObservation[]): Row[] {
  const perVendor = new Map<string, number>();
  const earlier = new Map<string, { at: number; net: number }[]>();
  return observations.map((o) => {
    const { offer } = o;
    const { template: t, vendor } = offer;
    const vendorObservations = (perVendor.get(vendor.id) ?? 0) + 1;
    perVendor.set(vendor.id, vendorObservations);

    const group = `${t.category}|${t.unit}`;
    const since = o.observedAt.getTime() - SIMILAR_WINDOW_DAYS * DAY;
    const similar = (earlier.get(group) ?? []).filter((w) => w.at >= since);
    const net = Number(o.normalized.priceNetUsd);
    earlier.set(group, [...similar, { at: o.observedAt.getTime(), net }]);
    const { price } = o;
    const confidence = scoreObservation({
      trustScore: vendor.trustValue,
      vendorObservations,
      fields: {
        vendor: vendor.id,
        service_name: t.name,
        price,
        currency: vendor.currency,
        unit: t.unit,
        category: t.category,
        subcategory: t.subcategory,
        technology: t.technology,
        material: t.material,
      },
      comparablePrice: net,
      similarMedian: similar.length ? median(similar.map((w) => w.net)) : null,
      similarObservations: similar.length,
      ageDays: ageInDays(o.observedAt, now),
    });
    const { components } = confidence;

    const validUntil =
      offer.validForDays === null ? null : new Date(o.observedAt.getTime() + offer.validForDays * DAY);
    return {
      id: o.id,
      offer_id: offer.id,
      vendor_id: vendor.id,
      crawl_run_id: o.run.id,
      crawl_target_id: offer.target.id,
      origin: 'demo',
      offer_name: t.name,
      category: t.category,
      subcategory: t.subcategory,
      technology: t.technology,
      material: t.material,
      price_type: t.priceType,
      price,
      currency: vendor.currency,
      unit: t.unit,
      quantity: String(t.quantity ?? 1),
      minimum_order: t.minimumOrder ?? null,
      lead_time_days: offer.leadTimeDays,
      tax_state: offer.taxState,
      includes_shipping: offer.includesShipping,
      notes: offer.notes,
      valid_until: validUntil ? validUntil.toISOString().slice(0, 10) : null,
      region: vendor.place.region,
      // Demo units are already base units.
      base_unit: t.unit,
      unit_factor: '1',
      fx_rate: o.fx.unitsPerUsd,
      fx_date: o.fx.effectiveDate,
      tax_rate: vendor.taxRate,
      price_usd: o.normalized.priceUsd,
      price_net_usd: o.normalized.priceNetUsd,
      price_gross_usd: o.normalized.priceGrossUsd,
      confidence_score: score4(confidence.score),
      confidence_source: score4(components.source_reliability),
      confidence_completeness: score4(components.data_completeness),
      confidence_consistency: score4(components.price_consistency),
      confidence_freshness: score4(components.temporal_relevance),
      confidence_factors: confidence.factors,
      volume_cm3: o.volume,
      metadata: {
        technology: t.technology,
        material: t.material,
        volume_cm3: o.volume === null ? null : Number(o.volume),
      },
      source_url: offer.target.url,
      extraction_selectors: vendor.selectors,
      extraction_confidence: {
        price: rng.int(85, 99) / 100,
        unit: rng.int(70, 98) / 100,
        offer_name: rng.int(60, 95) / 100,
        currency: rng.int(80, 99) / 100,
      },
      captured_at: o.observedAt,
      observed_at: o.observedAt,
      last_seen_at: o.observedAt,
      created_at: o.observedAt,
    };
  });
}
