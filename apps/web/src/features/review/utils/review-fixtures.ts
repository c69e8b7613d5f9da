import type { ReviewDetail, ReviewItem } from '@preciofab/shared/contracts/review';

/** A held observation as the API lists it, for component tests. */
export function reviewItem(id: string, overrides: Partial<ReviewItem['observation']> = {}): ReviewItem {
  return {
    id,
    status: 'pending',
    reasons: [{ code: 'low_confidence', confidence: 0.32, threshold: 0.4 }],
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
    decided_by: null,
    decided_by_name: null,
    correction_observation_id: null,
    observation: {
      id,
      vendor_id: '7c1f4b8e-1d2a-4f6b-9a3c-5e7d9f1b3c5d',
      vendor_name: 'Taller Norte',
      offer_id: '2b4d6f8a-0c1e-4a3b-8d5f-7e9a1b3c5d7f',
      offer_name: `Impresión FDM ${id.slice(0, 4)}`,
      origin: 'crawl',
      category: 'additive_manufacturing',
      subcategory: 'FDM',
      price_type: 'service_per_part',
      price: 3.2,
      currency: 'MXN',
      unit: 'cm3',
      quantity: 1,
      tax_state: 'unknown',
      base_unit: 'cm3',
      price_usd: 0.18,
      price_net_usd: 0.18,
      usd_status: 'converted',
      confidence_score: 0.32,
      observed_at: '2026-11-20T10:00:00.000Z',
      ...overrides,
    },
    evidence: {
      html_snapshot_url: null,
      screenshot_url: null,
      screenshot_missing: 'no_browser',
      source_url: 'https://taller.example/precios',
      crawl_target_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      extraction_selectors: { price: 'td.price' },
      extraction_confidence: { price: 0.32 },
      currency_evidence: { basis: 'domain', mark: '$', detail: '.mx domain' },
      target_currency: null,
      target_selectors: null,
    },
    history: [],
  };
}

export const reviewDetail = (item: ReviewItem): ReviewDetail => ({ ...item, decisions: [] });
