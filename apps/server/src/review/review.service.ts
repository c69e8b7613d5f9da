import type { Db } from '@preciofab/db/client';
import { newObservationId } from '@preciofab/db/observation-id';
import { runSteps } from '@preciofab/db/steps';
import { enrichObservation } from '@preciofab/db/observation-enrichment';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import {
  observationsRepository,
  type ObservationWrite,
} from '@preciofab/db/repositories/observations.repository';
import {
  reviewRepository,
  type ReviewDecisionRowDb,
  type ReviewHistoryRowDb,
  type ReviewRowDb,
} from '@preciofab/db/repositories/review.repository';
import { reviewGate } from '@preciofab/db/review-gate';
import { CATEGORY_CATALOGUE, type Category } from '@preciofab/shared/catalogue';
import { currencyEvidenceSchema } from '@preciofab/shared/contracts/common';
import { requestBenchmarkRefresh, type JobQueue } from '@preciofab/shared/contracts/jobs';
import {
  REVIEW_REASONS,
  type ReviewBulk,
  type ReviewBulkResult,
  type ReviewCorrect,
  type ReviewDetail,
  type ReviewItem,
  type ReviewListQuery,
  type ReviewListResponse,
  type ReviewSettingsAnswer,
  type ReviewSettingsInput,
} from '@preciofab/shared/contracts/review';
import { AppError } from '@preciofab/shared/errors';
import { numberToDecimal, roundDecimal, type TaxState } from '@preciofab/shared/money';
import { screenshotMissingReason } from '@preciofab/shared/screenshot-reason';
import { taxRateForCountry } from '@preciofab/shared/vat';

/** Prices of the offer shown with each item of a list, and with one item. */
const LIST_HISTORY = 10;
const DETAIL_HISTORY = 30;

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Only the string (selectors) or number (confidences) values of a stored JSON object. */
function entries<T extends 'string' | 'number'>(
  obj: Record<string, unknown> | null,
  type: T,
): Record<string, T extends 'string' ? string : number> {
  return Object.fromEntries(Object.entries(obj ?? {}).filter(([, v]) => typeof v === type)) as Record<
    string,
    T extends 'string' ? string : number
  >;
}

const notFound = () => new AppError('not_found', 'errors.review_not_found');
const alreadyDecided = () => new AppError('conflict', 'errors.review_already_decided');

function toItem(row: ReviewRowDb, history: readonly ReviewHistoryRowDb[]): ReviewItem {
  const evidence = (path: string | null, kind: string) =>
    path ? `/api/v1/observations/${row.observation_id}/${kind}` : null;
  return {
    id: row.observation_id,
    status: row.status,
    reasons: row.reasons as ReviewItem['reasons'],
    created_at: row.created_at.toISOString(),
    decided_at: iso(row.decided_at),
    decided_by: row.decided_by,
    decided_by_name: row.decided_by_name,
    correction_observation_id: row.correction_observation_id,
    observation: {
      id: row.observation_id,
      vendor_id: row.vendor_id,
      vendor_name: row.vendor_name,
      offer_id: row.offer_id,
      offer_name: row.offer_name,
      origin: row.origin as ReviewItem['observation']['origin'],
      category: row.category as ReviewItem['observation']['category'],
      subcategory: row.subcategory,
      price_type: row.price_type as ReviewItem['observation']['price_type'],
      price: Number(row.price),
      currency: row.currency,
      unit: row.unit,
      quantity: Number(row.quantity),
      tax_state: row.tax_state as TaxState,
      base_unit: row.base_unit,
      price_usd: num(row.price_usd),
      price_net_usd: num(row.price_net_usd),
      usd_status: row.price_usd !== null ? 'converted' : row.base_unit === null ? 'no_base_unit' : 'no_rate',
      confidence_score: Number(row.confidence_score),
      observed_at: row.observed_at.toISOString(),
    },
    evidence: {
      html_snapshot_url: evidence(row.html_snapshot_path, 'snapshot'),
      screenshot_url: evidence(row.screenshot_path, 'screenshot'),
      screenshot_missing: screenshotMissingReason({
        origin: row.origin,
        hasScreenshot: row.screenshot_path !== null,
        hasSnapshot: row.html_snapshot_path !== null,
        skipped: row.screenshot_skipped,
      }),
      source_url: row.source_url,
      crawl_target_id: row.crawl_target_id,
      extraction_selectors: entries(row.extraction_selectors, 'string'),
      extraction_confidence: entries(row.extraction_confidence, 'number'),
      currency_evidence: currencyEvidenceSchema.safeParse(row.currency_evidence).data ?? null,
      target_currency: row.target_currency,
      target_selectors: row.target_selectors ? entries(row.target_selectors, 'string') : null,
    },
    history: history.map((h) => ({
      id: h.id,
      price: Number(h.price),
      currency: h.currency,
      unit: h.unit,
      quantity: Number(h.quantity),
      price_usd: num(h.price_usd),
      observed_at: h.observed_at.toISOString(),
      review_status: h.review_status,
    })),
  };
}

function toDecision(d: ReviewDecisionRowDb): ReviewDetail['decisions'][number] {
  return {
    id: d.id,
    action: d.action,
    actor_id: d.actor_id,
    actor_name: d.actor_name,
    at: d.at.toISOString(),
    note: d.note,
    before: d.before,
    after: d.after,
    pinned: d.pinned,
  };
}

/** The selectors a target can pin, of those given or those the observation was read with. */
const PINNABLE = ['item', 'name', 'price', 'currency', 'unit'] as const;
function pinnable(selectors: Record<string, unknown>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const k of PINNABLE) {
    const v = selectors[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  // The crawler uses pinned selectors only when they name the name and the price.
  return out.name && out.price ? out : null;
}

/** The review queue: reading it, deciding items one by one or in bulk, and its settings. */
export function createReviewService(db: Db, queue: JobQueue<Db>) {
  async function detail(id: string, tx: Db = db): Promise<ReviewDetail> {
    const row = await reviewRepository.find(tx, id);
    if (!row) throw notFound();
    const [history, decisions] = await Promise.all([
      reviewRepository.history(tx, [row.offer_id], DETAIL_HISTORY),
      reviewRepository.decisions(tx, id),
    ]);
    return { ...toItem(row, history), decisions: decisions.map(toDecision) };
  }

  /** Approves or rejects items that are pending; returns those it decided. */
  async function decideMany(
    tx: Db,
    ids: readonly string[],
    action: 'approve' | 'reject',
    actorId: string,
    note: string | null,
  ): Promise<Set<string>> {
    const decided = await reviewRepository.decide(tx, ids, {
      status: action === 'approve' ? 'approved' : 'rejected',
      actorId,
    });
    await reviewRepository.recordDecisions(
      tx,
      decided.map((d) => ({ observationId: d.observation_id, action, actorId, note, before: d.before })),
    );
    // An approved price enters the benchmarks and the alerts: both follow, as for a new price (an
    // alert's key names the reading, so one raised before cannot be raised twice).
    if (action === 'approve' && decided.length > 0) {
      await requestBenchmarkRefresh(queue, tx);
      await alertTriggers.observationsStored(
        tx,
        decided.map((d) => d.observation_id),
      );
    }
    if (decided.length > 0) {
      await activityRepository.record(tx, {
        actorId,
        action: action === 'approve' ? 'review_approved' : 'review_rejected',
        entityType: 'price_observation',
        entityId: decided.length === 1 ? decided[0]!.observation_id : null,
        details: { count: decided.length },
      });
    }
    return new Set(decided.map((d) => d.observation_id));
  }

  async function decideOne(id: string, action: 'approve' | 'reject', actorId: string, note: string | null) {
    await db.transaction(async (tx) => {
      const done = await decideMany(tx, [id], action, actorId, note);
      if (done.size === 0) {
        const status = (await reviewRepository.statuses(tx, [id])).get(id);
        throw status ? alreadyDecided() : notFound();
      }
    });
    return detail(id);
  }

  return {
    async list(q: ReviewListQuery): Promise<ReviewListResponse> {
      const [{ rows, total }, byReason] = await Promise.all([
        reviewRepository.list(db, {
          status: q.status,
          reason: q.reason,
          vendorId: q.vendor_id,
          category: q.category,
          limit: q.limit,
          offset: q.offset,
        }),
        reviewRepository.pendingByReason(db),
      ]);
      const history = await reviewRepository.history(
        db,
        rows.map((r) => r.offer_id),
        LIST_HISTORY,
      );
      const byOffer = new Map<string, ReviewHistoryRowDb[]>();
      for (const h of history) byOffer.set(h.offer_id, [...(byOffer.get(h.offer_id) ?? []), h]);
      return {
        data: rows.map((r) => toItem(r, byOffer.get(r.offer_id) ?? [])),
        total,
        limit: q.limit,
        offset: q.offset,
        pending_by_reason: Object.fromEntries(REVIEW_REASONS.map((c) => [c, byReason[c] ?? 0])) as Record<
          (typeof REVIEW_REASONS)[number],
          number
        >,
      };
    },

    get: (id: string) => detail(id),

    approve: (id: string, actorId: string, note: string | null) => decideOne(id, 'approve', actorId, note),
    reject: (id: string, actorId: string, note: string | null) => decideOne(id, 'reject', actorId, note),

    async bulk(input: ReviewBulk, actorId: string): Promise<ReviewBulkResult> {
      const outcomes = await db.transaction(async (tx) => {
        const done = await decideMany(tx, input.ids, input.action, actorId, input.note);
        const statuses = await reviewRepository.statuses(tx, input.ids);
        return input.ids.map((id) => ({
          id,
          outcome: done.has(id)
            ? ('done' as const)
            : statuses.has(id)
              ? ('already_decided' as const)
              : ('not_found' as const),
        }));
      });
      return { results: outcomes, done: outcomes.filter((o) => o.outcome === 'done').length };
    },

    /** Stores the corrected reading as a new observation of the same offer (normalized and scored
     * as any new price), keeps the original (marked corrected, out of benchmarks), records both in
     * the audit trail, and pins the target's currency or selectors when asked. */
    async correct(id: string, input: ReviewCorrect, actorId: string): Promise<ReviewDetail> {
      await db.transaction(async (tx) => {
        const src = await reviewRepository.correctionSource(tx, id);
        if (!src) throw notFound();
        if (src.status !== 'pending') throw alreadyDecided();
        const units = CATEGORY_CATALOGUE[src.category as Category]?.units as readonly string[] | undefined;
        if (units && !units.includes(input.unit)) {
          throw new AppError('validation', 'errors.invalid_request', {
            errors: [{ field: 'unit', message: 'validation.invalid_option' }],
          });
        }
        const pinSelectors = input.pin_selectors
          ? pinnable(input.selectors ?? src.extraction_selectors)
          : null;
        if ((input.pin_currency || input.pin_selectors) && !src.crawl_target_id) {
          throw new AppError('validation', 'errors.invalid_request', {
            errors: [
              {
                field: input.pin_currency ? 'pin_currency' : 'pin_selectors',
                message: 'validation.review_no_target',
              },
            ],
          });
        }
        if (input.pin_selectors && !pinSelectors) {
          throw new AppError('validation', 'errors.invalid_request', {
            errors: [{ field: 'selectors', message: 'validation.review_selectors_incomplete' }],
          });
        }
        const price = roundDecimal(numberToDecimal(input.price), 4);
        const quantity = input.quantity === undefined ? src.quantity : numberToDecimal(input.quantity);
        const enriched = await enrichObservation(tx, {
          vendorId: src.vendor_id,
          trustScore: Number(src.trust_score),
          price,
          quantity,
          unit: input.unit,
          currency: input.currency,
          taxState: input.tax_state,
          taxRate: taxRateForCountry(src.country_code),
          category: src.category,
          fields: {
            vendor: src.vendor_id,
            service_name: src.offer_name,
            price,
            currency: input.currency,
            unit: input.unit,
            category: src.category,
            subcategory: src.subcategory,
            technology: src.technology,
            material: src.material,
          },
          observedAt: src.observed_at,
          priorVendorObservations: src.price_count,
        });
        const correctionId = newObservationId();
        const write: ObservationWrite = {
          id: correctionId,
          offerId: src.offer_id,
          vendorId: src.vendor_id,
          crawlRunId: src.crawl_run_id,
          crawlTargetId: src.crawl_target_id,
          // Typed by a person: a manual price, which carries its page's evidence along.
          origin: 'manual',
          offerName: src.offer_name,
          category: src.category,
          subcategory: src.subcategory,
          technology: src.technology,
          material: src.material,
          priceType: src.price_type,
          price,
          currency: input.currency,
          unit: input.unit,
          quantity,
          minimumOrder: src.minimum_order,
          leadTimeDays: src.lead_time_days,
          taxState: input.tax_state,
          includesShipping: src.includes_shipping,
          notes: src.notes,
          validUntil: src.valid_until,
          region: src.region,
          volumeCm3: src.volume_cm3,
          ...enriched,
          metadata: { ...src.metadata, corrects: id },
          sourceUrl: src.source_url,
          observedAt: src.observed_at,
          createdBy: actorId,
          ...(src.html_snapshot_path || src.screenshot_path
            ? {
                evidence: {
                  screenshotId: src.screenshot_path,
                  snapshotId: src.html_snapshot_path,
                  selectors: src.extraction_selectors,
                  fieldConfidence: src.extraction_confidence,
                  capturedAt: src.captured_at ?? src.observed_at,
                },
              }
            : {}),
        };
        await runSteps(tx, [observationsRepository.insertManyStep([write])]);
        const pinned =
          input.pin_currency || pinSelectors
            ? {
                ...(input.pin_currency ? { currency: input.currency } : {}),
                ...(pinSelectors ? { selectors: pinSelectors } : {}),
              }
            : null;
        if (pinned && src.crawl_target_id) {
          await reviewRepository.pinTarget(tx, src.crawl_target_id, {
            currency: pinned.currency ?? null,
            selectors: pinned.selectors ?? null,
          });
        }
        const decided = await reviewRepository.decide(tx, [id], {
          status: 'corrected',
          actorId,
          correctionId,
        });
        if (decided.length === 0) throw alreadyDecided();
        // The corrected reading is the offer's latest price: alert rules hear of it.
        await alertTriggers.observationsStored(tx, [correctionId]);
        await reviewRepository.recordDecisions(tx, [
          {
            observationId: id,
            action: 'correct',
            actorId,
            note: input.note,
            before: decided[0]!.before,
            after: {
              observation_id: correctionId,
              price: Number(price),
              currency: input.currency,
              unit: input.unit,
              quantity: Number(quantity),
              tax_state: input.tax_state,
              price_net_usd: num(enriched.priceNetUsd),
            },
            pinned,
          },
        ]);
        await requestBenchmarkRefresh(queue, tx);
        await activityRepository.record(tx, {
          actorId,
          action: 'review_corrected',
          entityType: 'price_observation',
          entityId: id,
          details: { correction: correctionId },
        });
      });
      return detail(id);
    },

    async settings(): Promise<ReviewSettingsAnswer> {
      const s = await reviewRepository.settings(db);
      return { ...s, updated_at: iso(s.updated_at) };
    },

    async updateSettings(input: ReviewSettingsInput, actorId: string): Promise<ReviewSettingsAnswer> {
      const s = await reviewRepository.updateSettings(db, input, actorId);
      reviewGate.invalidate(db);
      return { ...s, updated_at: iso(s.updated_at) };
    },
  };
}
