import type { Db } from './client.ts';
import { runSteps } from './steps.ts';
import { fxRatesRepository } from './repositories/fx-rates.repository.ts';
import { observationsRepository, type Enrichment } from './repositories/observations.repository.ts';

export type { Enrichment };
import {
  SIMILAR_WINDOW_DAYS,
  ageInDays,
  scoreObservation,
  type CompletenessField,
} from '@preciofab/shared/confidence';
import { IVA_RATE, normalizePrice, type TaxState } from '@preciofab/shared/money';
import { toBaseUnit } from '@preciofab/shared/units';
import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';

const DAY = 86_400_000;

/** What a batch of enrichments (one crawl run) may reuse: the rate in force per currency and day,
 * and the similar-price statistics per category, base unit and day. Both move slowly next to a run,
 * and re-reading them for every offer made storage the crawl's bottleneck. */
export type EnrichmentMemo = {
  rates: Map<string, Awaited<ReturnType<typeof fxRatesRepository.rateFor>>>;
  similar: Map<string, { count: number; median: number | null }>;
};

export const createEnrichmentMemo = (): EnrichmentMemo => ({ rates: new Map(), similar: new Map() });

export type EnrichmentInput = {
  vendorId: string;
  trustScore: number;
  price: string;
  quantity: string;
  unit: string;
  currency: string;
  taxState: TaxState;
  /** The VAT of the vendor's country (vat.ts taxRateForCountry); Mexico's IVA when not given. */
  taxRate?: string;
  category: string;
  fields: Partial<Record<CompletenessField, unknown>>;
  /** The vendor's stored observations before this one, when the caller already knows it (a crawl
   * storing a page's offers together); read from the vendor otherwise. */
  priorVendorObservations?: number;
  observedAt: Date;
};

/** Up to this many similar prices (same category and base unit, the last 90 days) the count and
 * median are exact, read again at every write: a bounded read of the group's index entries. */
export const SIMILAR_EXACT_LIMIT = 1000;
/** A larger group's count and median are read over all its prices at most once per this time per
 * process, and reused meanwhile: one more price moves the median of thousands by next to nothing,
 * and reading them all at every write made a write's cost grow with the table. */
export const SIMILAR_REUSE_MS = 5 * 60_000;
/** Reused for prices observed this close to the time it was read for (a 90-day window an hour
 * later is the same window but for an hour at each end); a price of last year reads its own. */
const SIMILAR_SAME_WINDOW_MS = 60 * 60_000;

type SimilarStats = { count: number; median: number | null };
type CachedSimilar = SimilarStats & { observedAt: number; computedAt: number; refreshing: boolean };

/** The large groups' statistics, per category and base unit (see SIMILAR_REUSE_MS). */
export const similarStatsCache = new Map<string, CachedSimilar>();

/** The count and median net USD price of the prices similar to one observed at `observedAt`. */
async function similarStats(
  db: Db,
  category: string,
  baseUnit: string,
  observedAt: Date,
  now: Date,
): Promise<SimilarStats> {
  const key = `${category}|${baseUnit}`;
  const window = {
    category,
    baseUnit,
    since: new Date(observedAt.getTime() - SIMILAR_WINDOW_DAYS * DAY),
    until: observedAt,
  };
  const readAll = async (): Promise<SimilarStats> => {
    const all = await observationsRepository.similarStats(db, window);
    if (all.count > SIMILAR_EXACT_LIMIT) {
      const entry = {
        ...all,
        observedAt: observedAt.getTime(),
        computedAt: now.getTime(),
        refreshing: false,
      };
      similarStatsCache.set(key, entry);
    } else {
      similarStatsCache.delete(key);
    }
    return all;
  };
  const cached = similarStatsCache.get(key);
  if (cached && Math.abs(observedAt.getTime() - cached.observedAt) <= SIMILAR_SAME_WINDOW_MS) {
    if (cached.refreshing || now.getTime() - cached.computedAt <= SIMILAR_REUSE_MS) {
      return { count: cached.count, median: cached.median };
    }
    // Stale: this write reads it again; the writers meanwhile keep the one they have.
    cached.refreshing = true;
    try {
      return await readAll();
    } finally {
      cached.refreshing = false;
    }
  }
  const bounded = await observationsRepository.similarStats(db, {
    ...window,
    limit: SIMILAR_EXACT_LIMIT + 1,
  });
  return bounded.count <= SIMILAR_EXACT_LIMIT ? bounded : readAll();
}

/** Normalizes and scores an observation about to be stored; call it inside the transaction that
 * inserts it. Every writer of observations calls it: the price form's service and the crawler.
 * An unknown unit or a missing rate leaves the USD columns empty rather than refusing the price. */
export async function enrichObservation(
  db: Db,
  input: EnrichmentInput,
  now = new Date(),
  memo?: EnrichmentMemo,
): Promise<Enrichment> {
  const category = (CATEGORIES as readonly string[]).includes(input.category)
    ? (input.category as Category)
    : undefined;
  const conversion = toBaseUnit(input.unit, category);
  const [factorNum = '1', factorDen = '1'] = conversion?.factor.split('/') ?? [];
  const taxRate = input.taxRate ?? IVA_RATE;
  const day = input.observedAt.toISOString().slice(0, 10);
  const rateKey = `${input.currency}|${day}`;
  const rate = memo?.rates.has(rateKey)
    ? memo.rates.get(rateKey)
    : await fxRatesRepository.rateFor(db, input.currency, day);
  memo?.rates.set(rateKey, rate);
  const fx = rate ?? (input.currency === 'USD' ? { units_per_usd: '1', effective_date: day } : undefined);

  const normalized =
    conversion && fx
      ? normalizePrice({
          price: input.price,
          quantity: input.quantity,
          unitFactor: conversion.factor,
          unitsPerUsd: fx.units_per_usd,
          taxState: input.taxState,
          taxRate,
        })
      : null;

  const similarKey = conversion ? `${input.category}|${conversion.baseUnit}|${day}` : '';
  const similar =
    conversion && normalized
      ? (memo?.similar.get(similarKey) ??
        (await similarStats(db, input.category, conversion.baseUnit, input.observedAt, now)))
      : { count: 0, median: null };
  if (conversion && normalized) memo?.similar.set(similarKey, similar);
  const vendorObservations =
    (input.priorVendorObservations ?? (await observationsRepository.countByVendor(db, input.vendorId))) + 1;

  const confidence = scoreObservation({
    trustScore: input.trustScore,
    vendorObservations,
    fields: input.fields,
    comparablePrice: normalized ? Number(normalized.priceNetUsd) : null,
    similarMedian: similar.median,
    similarObservations: similar.count,
    ageDays: ageInDays(input.observedAt, now),
  });

  return {
    baseUnit: conversion?.baseUnit ?? null,
    unitFactor: conversion ? factorNum : null,
    unitFactorDen: Number(factorDen),
    fxRate: fx?.units_per_usd ?? null,
    fxDate: fx?.effective_date ?? null,
    taxRate,
    priceUsd: normalized?.priceUsd ?? null,
    priceNetUsd: normalized?.priceNetUsd ?? null,
    priceGrossUsd: normalized?.priceGrossUsd ?? null,
    confidenceScore: confidence.score,
    confidenceSource: confidence.components.source_reliability,
    confidenceCompleteness: confidence.components.data_completeness,
    confidenceConsistency: confidence.components.price_consistency,
    confidenceFreshness: confidence.components.temporal_relevance,
    confidenceFactors: confidence.factors,
  };
}

/**
 * Reads, in one round trip, what `enrichObservation` will ask for these observations (the rate in
 * force per currency and day, and the similar prices per category, base unit and day) into the
 * memo, so that enriching a batch (prices posted together) costs one trip to the database rather
 * than one per currency and group. A group with more similar prices than SIMILAR_EXACT_LIMIT is
 * left to `enrichObservation`, which reads it through the per-process cache.
 */
export async function prefetchEnrichment(
  db: Db,
  inputs: readonly Pick<EnrichmentInput, 'currency' | 'unit' | 'category' | 'observedAt'>[],
  memo: EnrichmentMemo,
): Promise<void> {
  const rates = new Map<string, { currency: string; day: string }>();
  const groups = new Map<string, { category: string; baseUnit: string; observedAt: Date }>();
  for (const input of inputs) {
    const day = input.observedAt.toISOString().slice(0, 10);
    const rateKey = `${input.currency}|${day}`;
    if (!memo.rates.has(rateKey)) rates.set(rateKey, { currency: input.currency, day });
    const category = (CATEGORIES as readonly string[]).includes(input.category)
      ? (input.category as Category)
      : undefined;
    const conversion = toBaseUnit(input.unit, category);
    const similarKey = conversion ? `${input.category}|${conversion.baseUnit}|${day}` : '';
    if (
      conversion &&
      !memo.similar.has(similarKey) &&
      !similarStatsCache.has(`${input.category}|${conversion.baseUnit}`)
    ) {
      groups.set(similarKey, {
        category: input.category,
        baseUnit: conversion.baseUnit,
        observedAt: input.observedAt,
      });
    }
  }
  const rateKeys = [...rates.keys()];
  const groupKeys = [...groups.keys()];
  const results = await runSteps(db, [
    ...rateKeys.map((k) => fxRatesRepository.rateForStep(rates.get(k)!.currency, rates.get(k)!.day)),
    ...groupKeys.map((k) => {
      const g = groups.get(k)!;
      return observationsRepository.similarStatsStep({
        category: g.category,
        baseUnit: g.baseUnit,
        since: new Date(g.observedAt.getTime() - SIMILAR_WINDOW_DAYS * DAY),
        until: g.observedAt,
        limit: SIMILAR_EXACT_LIMIT + 1,
      });
    }),
  ]);
  rateKeys.forEach((k, i) =>
    memo.rates.set(k, results[i] as Awaited<ReturnType<typeof fxRatesRepository.rateFor>>),
  );
  groupKeys.forEach((k, i) => {
    const stats = results[rateKeys.length + i] as SimilarStats;
    if (stats.count <= SIMILAR_EXACT_LIMIT) memo.similar.set(k, stats);
  });
}
