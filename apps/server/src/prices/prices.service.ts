import type { Db } from '@preciofab/db/client';
import {
  REFRESH_DELAY_SECONDS,
  requestBenchmarkRefresh,
  type JobQueue,
} from '@preciofab/shared/contracts/jobs';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import {
  observationsRepository,
  type ObservationWrite,
} from '@preciofab/db/repositories/observations.repository';
import { offersRepository } from '@preciofab/db/repositories/offers.repository';
import { pricesRepository, type PriceRowDb } from '@preciofab/db/repositories/prices.repository';
import type { UsdStatus } from '@preciofab/shared/catalogue';
import type {
  ObservationRow,
  PriceCreate,
  PriceHistory,
  PriceListQuery,
  PriceListResponse,
  PriceRow,
} from '@preciofab/shared/contracts/prices';
import { AppError } from '@preciofab/shared/errors';
import {
  createEnrichmentMemo,
  enrichObservation,
  prefetchEnrichment,
} from '@preciofab/db/observation-enrichment';
import { createBatcher } from '@preciofab/db/batcher';
import { runSteps } from '@preciofab/db/steps';
import { newObservationId } from '@preciofab/db/observation-id';
import { compareCurrencies } from '@preciofab/shared/currencies';
import { offerKey } from '@preciofab/shared/offer-key';
import { holdReasonsOf, reviewGate } from '@preciofab/db/review-gate';
import { reviewRepository } from '@preciofab/db/repositories/review.repository';
import type { ReviewReason } from '@preciofab/shared/review-hold';
import { newPrice } from './price-write.ts';

const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function toPriceRow(row: Omit<PriceRowDb, 'vendor_type'>): PriceRow {
  return {
    id: row.id,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    offer_id: row.offer_id,
    offer_name: row.offer_name,
    price: Number(row.price),
    currency: row.currency as PriceRow['currency'],
    unit: row.unit,
    quantity: Number(row.quantity),
    price_type: row.price_type as PriceRow['price_type'],
    confidence_score: Number(row.confidence_score),
    observed_at: row.observed_at.toISOString(),
    includes_tax: row.tax_state === 'included' ? true : row.tax_state === 'excluded' ? false : null,
    tax_state: row.tax_state as PriceRow['tax_state'],
    includes_shipping: row.includes_shipping,
    url: row.source_url,
    category: row.category as PriceRow['category'],
    subcategory: row.subcategory,
    technology: row.technology,
    material: row.material,
    price_usd: num(row.price_usd),
    base_unit: row.base_unit,
    usd_status: usdStatusOf(row),
  };
}

/** Whether a stored price has its USD value, and if not why. */
export function usdStatusOf(row: { price_usd: string | null; base_unit: string | null }): UsdStatus {
  if (row.price_usd !== null) return 'converted';
  return row.base_unit === null ? 'no_base_unit' : 'no_rate';
}

export function toObservationRow(row: PriceRowDb): ObservationRow {
  return {
    ...toPriceRow(row),
    vendor_type: row.vendor_type as ObservationRow['vendor_type'],
    volume_cm3: num(row.volume_cm3),
  };
}

const notFound = () => new AppError('not_found', 'errors.price_not_found');

/** A refresh this process queued is taken as waiting until this long before its start. */
const REFRESH_MARGIN_MS = 5000;

/** Most prices written in one transaction. */
const MAX_BATCH = 100;
/** Batches written at once on PostgreSQL (each on a connection of its own); PGlite has one. */
const POSTGRES_WRITE_LANES = 2;

type NewPrice = { input: PriceCreate; actorId: string; now: Date };

/** The row as stored, from what was written: no read after the commit. */
function storedRow(
  write: ObservationWrite & { id?: string },
  vendor: { id: string; name: string },
): PriceRow {
  return toPriceRow({
    id: write.id!,
    vendor_id: vendor.id,
    vendor_name: vendor.name,
    offer_id: write.offerId,
    offer_name: write.offerName,
    price: write.price,
    currency: write.currency,
    unit: write.unit,
    quantity: write.quantity,
    price_type: write.priceType,
    confidence_score: String(write.confidenceScore),
    observed_at: write.observedAt,
    tax_state: write.taxState,
    includes_shipping: write.includesShipping,
    source_url: write.sourceUrl,
    category: write.category,
    subcategory: write.subcategory,
    technology: write.technology,
    material: write.material,
    price_usd: write.priceUsd,
    base_unit: write.baseUnit,
    volume_cm3: write.volumeCm3,
  });
}

/** `queue` lets a new price trigger the automatic benchmark refresh. */
export function createPricesService(db: Db, queue: JobQueue<Db>) {
  // Until when the benchmark refresh this process last queued (committed) is still waiting.
  let refreshQueuedUntil = 0;

  /** Writes a batch of new prices in one transaction; a price of a vendor that does not exist is
   * answered with its error, the others are stored. */
  async function storeBatch(batch: readonly NewPrice[]): Promise<(PriceRow | AppError)[]> {
    const last = new Date(Math.max(...batch.map((b) => b.now.getTime())));
    let refreshAsked = 0;
    const out = await db.transaction(async (tx) => {
      // The vendors and the offers in one round trip: an offer of a vendor that does not exist is
      // left out, and its price answered with the error.
      const keys = batch.map((b) => offerKey(b.input.service_name, b.input.unit));
      const [vendorRows, offerIds, previous, review] = await runSteps(tx, [
        pricesRepository.priceVendorsStep([...new Set(batch.map((b) => b.input.vendor_id))]),
        offersRepository.upsertManyStep(
          batch.map((b, at) => ({
            vendorId: b.input.vendor_id,
            offerKey: keys[at]!,
            name: b.input.service_name,
            category: b.input.category,
            unit: b.input.unit,
            sourceUrl: null,
            seenAt: b.now,
          })),
        ),
        // The review queue's inputs: each offer's latest price, and the rules and bands (cached).
        reviewRepository.previousPricesStep(
          batch.map((b, at) => ({ vendorId: b.input.vendor_id, offerKey: keys[at]! })),
        ),
        reviewGate.contextStep(db),
      ] as const);
      const vendors = new Map(vendorRows.map((v) => [v.id, v]));
      const found = batch.flatMap((b, at) => {
        const vendor = vendors.get(b.input.vendor_id);
        return vendor ? [{ ...b, at, vendor, key: keys[at]! }] : [];
      });
      // Rates and similar prices are read once per currency, group and day for the batch, in one
      // round trip; each vendor's count goes up with each of its prices.
      const memo = createEnrichmentMemo();
      const prepared = found.map((f) => ({ f, ...newPrice(f.input, f.vendor, f.now) }));
      await prefetchEnrichment(
        tx,
        prepared.map((p) => p.enrichment),
        memo,
      );
      const counts = new Map(vendorRows.map((v) => [v.id, v.price_count]));
      const writes: ObservationWrite[] = [];
      const holds: { observationId: string; reasons: ReviewReason[] }[] = [];
      for (const { f, enrichment, observation } of prepared) {
        const prior = counts.get(f.vendor.id)!;
        counts.set(f.vendor.id, prior + 1);
        const enriched = await enrichObservation(
          tx,
          { ...enrichment, priorVendorObservations: prior },
          f.now,
          memo,
        );
        const write = observation(offerIds.get(`${f.vendor.id}|${f.key}`)!, enriched, 'manual', f.actorId);
        const id = newObservationId();
        writes.push({ ...write, id });
        const reasons = holdReasonsOf(write, review, {
          previous: previous.get(`${f.vendor.id}|${f.key}`) ?? null,
          newVendor: prior === 0,
        });
        if (reasons.length > 0) holds.push({ observationId: id, reasons });
      }
      await runSteps(tx, [
        observationsRepository.insertManyStep(writes),
        reviewRepository.holdManyStep(holds),
        activityRepository.recordManyStep(
          found.map((f, i) => ({
            actorId: f.actorId,
            action: 'price_created',
            entityType: 'price_observation',
            entityId: writes[i]!.id!,
            details: { name: f.input.service_name, vendor: f.vendor.name },
          })),
        ),
      ]);
      await alertTriggers.observationsStored(
        tx,
        writes.map((w) => w.id!),
      );
      // Prices changed: benchmarks follow (debounced; one refresh waits at a time). While the
      // refresh this process queued has not started, asking again would change nothing.
      if (writes.length > 0 && last.getTime() >= refreshQueuedUntil) {
        const queued = await requestBenchmarkRefresh(queue, tx, last);
        if (queued) refreshAsked = last.getTime() + REFRESH_DELAY_SECONDS * 1000 - REFRESH_MARGIN_MS;
      }
      const rows: (PriceRow | AppError)[] = batch.map(
        () =>
          new AppError('validation', 'errors.invalid_request', {
            errors: [{ field: 'vendor_id', message: 'errors.vendor_not_found' }],
          }),
      );
      found.forEach((f, i) => (rows[f.at] = storedRow(writes[i]!, f.vendor)));
      return rows;
    });
    if (refreshAsked > refreshQueuedUntil) refreshQueuedUntil = refreshAsked;
    return out;
  }

  const writer = createBatcher(storeBatch, {
    maxItems: MAX_BATCH,
    lanes: db.kind === 'pglite' ? 1 : POSTGRES_WRITE_LANES,
  });

  return {
    async list(q: PriceListQuery): Promise<PriceListResponse> {
      const { rows, total, nextCursor } = await pricesRepository.list(db, {
        search: q.search || undefined,
        currency: q.currency,
        vendorId: q.vendor_id,
        category: q.category,
        priceType: q.price_type,
        sort: q.sort,
        limit: q.limit,
        offset: q.offset,
        cursor: q.cursor,
      });
      return {
        data: rows.map(toPriceRow),
        total,
        limit: q.limit,
        offset: q.cursor ? 0 : q.offset,
        ...(nextCursor ? { next_cursor: nextCursor } : {}),
      };
    },

    /** The currencies prices are stored in, MXN and USD first, then by code. */
    async currencies(): Promise<{ data: string[] }> {
      return { data: (await pricesRepository.currencies(db)).sort(compareCurrencies) };
    },

    /** Stores a new price. Prices posted at the same time are written together (group commit):
     * one transaction, one statement per table, the triggers fired once for the batch. */
    async create(input: PriceCreate, actorId: string, now = new Date()): Promise<PriceRow> {
      const out = await writer.submit({ input, actorId, now });
      if (out instanceof AppError) throw out;
      return out;
    },

    async history(observationId: string): Promise<PriceHistory> {
      const offerId = await pricesRepository.offerIdOf(db, observationId);
      const offer = offerId ? await offersRepository.findById(db, offerId) : undefined;
      if (!offerId || !offer) throw notFound();
      const rows = await pricesRepository.history(db, offerId);
      return {
        offer: {
          id: offer.id,
          vendor_id: offer.vendor_id,
          vendor_name: offer.vendor_name,
          name: offer.name,
          unit: offer.unit,
          first_seen_at: offer.first_seen_at.toISOString(),
          last_seen_at: offer.last_seen_at.toISOString(),
        },
        data: rows.map((r) => ({
          id: r.id,
          price: Number(r.price),
          currency: r.currency as PriceHistory['data'][number]['currency'],
          unit: r.unit,
          price_usd: num(r.price_usd),
          observed_at: r.observed_at.toISOString(),
          last_seen_at: r.last_seen_at.toISOString(),
        })),
      };
    },
  };
}
