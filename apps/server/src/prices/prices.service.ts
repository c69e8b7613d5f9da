import type { Db } from '@preciofab/db/client';
import {
  REFRESH_DELAY_SECONDS,
  requestBenchmarkRefresh,
  type JobQueue,
} from '@preciofab/shared/contracts/jobs';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { observationsRepository } from '@preciofab/db/repositories/observations.repository';
import { offersRepository } from '@preciofab/db/repositories/offers.repository';
import { pricesRepository, type PriceRowDb } from '@preciofab/db/repositories/prices.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
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
import { enrichObservation } from '@preciofab/db/observation-enrichment';
import { compareCurrencies } from '@preciofab/shared/currencies';
import { offerKey } from '@preciofab/shared/offer-key';
import { newPrice } from './price-write.ts';

const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function toPriceRow(row: PriceRowDb): PriceRow {
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

/** `queue` lets a new price trigger the automatic benchmark refresh. */
export function createPricesService(db: Db, queue: JobQueue<Db>) {
  // Until when the benchmark refresh this process last queued (committed) is still waiting.
  let refreshQueuedUntil = 0;
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

    async create(input: PriceCreate, actorId: string, now = new Date()): Promise<PriceRow> {
      let refreshAsked = 0;
      const stored = await db.transaction(async (tx) => {
        const vendor = await vendorsRepository.findById(tx, input.vendor_id);
        if (!vendor) {
          throw new AppError('validation', 'errors.invalid_request', {
            errors: [{ field: 'vendor_id', message: 'errors.vendor_not_found' }],
          });
        }
        const offerId = await offersRepository.upsert(tx, {
          vendorId: vendor.id,
          offerKey: offerKey(input.service_name, input.unit),
          name: input.service_name,
          category: input.category,
          unit: input.unit,
          sourceUrl: null,
          seenAt: now,
        });
        const { enrichment, observation } = newPrice(input, vendor, now);
        // The vendor's count came with it: no second read.
        const enriched = await enrichObservation(
          tx,
          { ...enrichment, priorVendorObservations: vendor.price_count },
          now,
        );
        const write = observation(offerId, enriched, 'manual', actorId);
        const observationId = await observationsRepository.insert(tx, write);
        // Prices changed: benchmarks follow (debounced; one refresh waits at a time). While the
        // refresh this process queued has not started, asking again would change nothing.
        if (now.getTime() >= refreshQueuedUntil) {
          const queued = await requestBenchmarkRefresh(queue, tx, now);
          if (queued) refreshAsked = now.getTime() + REFRESH_DELAY_SECONDS * 1000 - REFRESH_MARGIN_MS;
        }
        await activityRepository.record(tx, {
          actorId,
          action: 'price_created',
          entityType: 'price_observation',
          entityId: observationId,
          details: { name: input.service_name, vendor: vendor.name },
        });
        return { id: observationId, write, vendor };
      });
      if (refreshAsked > refreshQueuedUntil) refreshQueuedUntil = refreshAsked;
      // The row as stored, from what was written: no read after the commit.
      return toPriceRow({
        id: stored.id,
        vendor_id: stored.vendor.id,
        vendor_name: stored.vendor.name,
        vendor_type: stored.vendor.type,
        offer_id: stored.write.offerId,
        offer_name: stored.write.offerName,
        price: stored.write.price,
        currency: stored.write.currency,
        unit: stored.write.unit,
        quantity: stored.write.quantity,
        price_type: stored.write.priceType,
        confidence_score: String(stored.write.confidenceScore),
        observed_at: stored.write.observedAt,
        tax_state: stored.write.taxState,
        includes_shipping: stored.write.includesShipping,
        source_url: stored.write.sourceUrl,
        category: stored.write.category,
        subcategory: stored.write.subcategory,
        technology: stored.write.technology,
        material: stored.write.material,
        price_usd: stored.write.priceUsd,
        base_unit: stored.write.baseUnit,
        volume_cm3: stored.write.volumeCm3,
      });
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
