import type { Db } from '@preciofab/db/client';
import { requestBenchmarkRefresh, type JobQueue } from '@preciofab/shared/contracts/jobs';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { observationsRepository } from '@preciofab/db/repositories/observations.repository';
import { offersRepository } from '@preciofab/db/repositories/offers.repository';
import { pricesRepository, type PriceRowDb } from '@preciofab/db/repositories/prices.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { MATERIALS, TECHNOLOGIES, type Category, type UsdStatus } from '@preciofab/shared/catalogue';
import type {
  ObservationRow,
  PriceCreate,
  PriceHistory,
  PriceListQuery,
  PriceListResponse,
  PriceRow,
} from '@preciofab/shared/contracts/prices';
import { AppError } from '@preciofab/shared/errors';
import { numberToDecimal, roundDecimal, type TaxState } from '@preciofab/shared/money';
import { enrichObservation } from '@preciofab/db/observation-enrichment';
import { compareCurrencies } from '@preciofab/shared/currencies';
import { offerKey } from '@preciofab/shared/offer-key';
import { taxRateForCountry } from '@preciofab/shared/vat';

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

const notFound = () => new AppError('not_found', 'errors.price_not_found');

/** `queue` lets a new price trigger the automatic benchmark refresh. */
export function createPricesService(db: Db, queue: JobQueue<Db>) {
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
      const id = await db.transaction(async (tx) => {
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
        const price = roundDecimal(numberToDecimal(input.price), 4);
        const taxState = taxStateOf(input.includes_tax);
        const technology = technologyOf(input);
        const material = catalogued(input.material, MATERIALS);
        const enrichment = await enrichObservation(
          tx,
          {
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
          },
          now,
        );
        const observationId = await observationsRepository.insert(tx, {
          offerId,
          vendorId: vendor.id,
          crawlRunId: null,
          crawlTargetId: null,
          origin: 'manual',
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
          ...enrichment,
          volumeCm3: null,
          metadata: { technology, material, volume_cm3: null },
          sourceUrl: null,
          observedAt: now,
          createdBy: actorId,
        });
        // Prices changed: benchmarks follow (debounced; one refresh waits at a time).
        await requestBenchmarkRefresh(queue, tx);
        await activityRepository.record(tx, {
          actorId,
          action: 'price_created',
          entityType: 'price_observation',
          entityId: observationId,
          details: { name: input.service_name, vendor: vendor.name },
        });
        return observationId;
      });
      const row = await pricesRepository.findRow(db, id);
      if (!row) throw notFound();
      return toPriceRow(row);
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
