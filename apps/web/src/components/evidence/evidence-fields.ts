import type { ObservationDetail } from './api/get-observation.ts';

export type ExtractedField = {
  field: string;
  value: string | null;
  confidence: number | null;
  selector: string | null;
};

/** What an extracted field name holds on the observation, as text (null when not stored). */
export function fieldValue(o: ObservationDetail, field: string): string | null {
  const known: Record<string, unknown> = {
    price: o.price,
    currency: o.currency,
    unit: o.unit,
    quantity: o.quantity,
    name: o.offer_name,
    offer_name: o.offer_name,
    service_name: o.offer_name,
    title: o.offer_name,
    vendor: o.vendor_name,
    vendor_name: o.vendor_name,
    category: o.category,
    subcategory: o.subcategory,
    price_type: o.price_type,
    tax_state: o.tax_state,
    // The crawler records the page's tax statement as includes_tax; the observation keeps its state.
    includes_tax: o.tax_state === 'included' ? true : o.tax_state === 'excluded' ? false : null,
    technology: o.metadata.technology,
    material: o.metadata.material,
    volume_cm3: o.metadata.volume_cm3,
  };
  const v = known[field];
  return v === null || v === undefined ? null : String(v);
}

/** Every field that has a selector or a confidence, in name order. */
export function extractedFields(o: ObservationDetail): ExtractedField[] {
  const { extraction_selectors: selectors, extraction_confidence: confidence } = o.source;
  const names = [...new Set([...Object.keys(selectors), ...Object.keys(confidence)])].sort();
  return names.map((field) => ({
    field,
    value: fieldValue(o, field),
    confidence: confidence[field] ?? null,
    selector: selectors[field] ?? null,
  }));
}

export const ZOOM = { min: 50, max: 200, step: 25, initial: 100 } as const;

/** Spec §4: zoom moves by 25 within 50–200. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, zoom + direction * ZOOM.step));
}

/** The title: the first 8 characters of the id. */
export const shortId = (id: string) => id.slice(0, 8);
