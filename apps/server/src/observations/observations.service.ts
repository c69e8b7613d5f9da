import type { Db } from '@preciofab/db/client';
import { buildObservationSearch, runObservationSearch } from '@preciofab/db/observation-search';
import {
  observationsRepository,
  type ObservationDetailRow,
} from '@preciofab/db/repositories/observations.repository';
import type {
  ObservationDetail,
  ObservationSearch,
  ObservationSearchResult,
} from '@preciofab/shared/contracts/observations';
import { currencyEvidenceSchema } from '@preciofab/shared/contracts/common';
import { AppError } from '@preciofab/shared/errors';
import { screenshotMissingReason } from '@preciofab/shared/screenshot-reason';
import { toObservationRow, usdStatusOf } from '../prices/prices.service.ts';

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);

/** Only string values (selectors) or only numbers (confidences) of a stored JSON object. */
function entries<T extends 'string' | 'number'>(
  obj: Record<string, unknown>,
  type: T,
): Record<string, T extends 'string' ? string : number> {
  return Object.fromEntries(Object.entries(obj ?? {}).filter(([, v]) => typeof v === type)) as Record<
    string,
    T extends 'string' ? string : number
  >;
}

export function toObservationDetail(row: ObservationDetailRow): ObservationDetail {
  const f = row.confidence_factors ?? {};
  const evidence = (path: string | null, kind: string) =>
    path ? `/api/v1/observations/${row.id}/${kind}` : null;
  return {
    id: row.id,
    vendor_id: row.vendor_id,
    offer_id: row.offer_id,
    vendor_name: row.vendor_name,
    offer_name: row.offer_name,
    price: Number(row.price),
    currency: row.currency as ObservationDetail['currency'],
    unit: row.unit,
    quantity: Number(row.quantity),
    category: row.category as ObservationDetail['category'],
    subcategory: row.subcategory,
    price_type: row.price_type as ObservationDetail['price_type'],
    tax_state: row.tax_state as ObservationDetail['tax_state'],
    confidence_score: Number(row.confidence_score),
    observed_at: row.observed_at.toISOString(),
    metadata: { technology: row.technology, material: row.material, volume_cm3: num(row.volume_cm3) },
    source: {
      screenshot_url: evidence(row.screenshot_path, 'screenshot'),
      screenshot_missing: screenshotMissingReason({
        origin: row.origin,
        hasScreenshot: row.screenshot_path !== null,
        hasSnapshot: row.html_snapshot_path !== null,
        skipped: row.screenshot_skipped,
      }),
      html_snapshot_url: evidence(row.html_snapshot_path, 'snapshot'),
      source_url: row.source_url,
      crawl_run_id: row.crawl_run_id,
      captured_at: row.captured_at ? row.captured_at.toISOString() : null,
      extraction_selectors: entries(row.extraction_selectors, 'string'),
      extraction_confidence: entries(row.extraction_confidence, 'number'),
      currency_evidence: currencyEvidenceSchema.safeParse(row.currency_evidence).data ?? null,
    },
    vendor: {
      name: row.vendor_name,
      type: row.vendor_type as ObservationDetail['vendor']['type'],
      confidence_score: Number(row.vendor_trust),
      url: row.vendor_website,
    },
    normalized: {
      base_unit: row.base_unit,
      price_usd: num(row.price_usd),
      price_net_usd: num(row.price_net_usd),
      price_gross_usd: num(row.price_gross_usd),
      fx_rate: num(row.fx_rate),
      fx_date: row.fx_date,
      tax_rate: Number(row.tax_rate),
      usd_status: usdStatusOf(row),
    },
    confidence: {
      source_reliability: {
        score: num(row.confidence_source) ?? 0,
        factors: { vendor_observations: int(f.vendor_observations) },
      },
      data_completeness: {
        score: num(row.confidence_completeness) ?? 0,
        factors: { required_fields: int(f.required_fields), present_fields: int(f.present_fields) },
      },
      price_consistency: {
        score: num(row.confidence_consistency) ?? 0,
        factors: {
          similar_observations: int(f.similar_observations),
          price_deviation: typeof f.price_deviation === 'number' ? f.price_deviation : null,
        },
      },
      temporal_relevance: {
        score: num(row.confidence_freshness) ?? 0,
        factors: { age_days: int(f.age_days) },
      },
    },
  };
}

export function createObservationsService(db: Db) {
  return {
    async get(id: string): Promise<ObservationDetail> {
      const row = await observationsRepository.findDetail(db, id);
      if (!row) throw new AppError('not_found', 'errors.price_not_found');
      return toObservationDetail(row);
    },

    async search(req: ObservationSearch): Promise<ObservationSearchResult> {
      const result = await runObservationSearch(db, buildObservationSearch(req));
      return {
        data: result.rows.map(toObservationRow),
        total: result.total,
        aggregations: result.aggregations,
        ...(result.nextCursor ? { next_cursor: result.nextCursor } : {}),
      };
    },
  };
}
