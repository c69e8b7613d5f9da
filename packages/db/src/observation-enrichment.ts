import type { Db } from './client.ts';
import { fxRatesRepository } from './repositories/fx-rates.repository.ts';
import { observationsRepository, type Enrichment } from './repositories/observations.repository.ts';

export type { Enrichment };
import {
  SIMILAR_WINDOW_DAYS,
  ageInDays,
  scoreObservation,
  type CompletenessField,
} from '@preciofab/shared/confidence';
import { normalizePrice, type TaxState } from '@preciofab/shared/money';
import { toBaseUnit } from '@preciofab/shared/units';
import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';

const DAY = 86_400_000;

export type EnrichmentInput = {
  vendorId: string;
  trustScore: number;
  price: string;
  quantity: string;
  unit: string;
  currency: string;
  taxState: TaxState;
  category: string;
  fields: Partial<Record<CompletenessField, unknown>>;
  observedAt: Date;
};

/** Normalizes and scores an observation about to be stored; call it inside the transaction that
 * inserts it. Every writer of observations calls it: the price form's service and the crawler.
 * An unknown unit or a missing rate leaves the USD columns empty rather than refusing the price. */
export async function enrichObservation(
  db: Db,
  input: EnrichmentInput,
  now = new Date(),
): Promise<Enrichment> {
  const category = (CATEGORIES as readonly string[]).includes(input.category)
    ? (input.category as Category)
    : undefined;
  const conversion = toBaseUnit(input.unit, category);
  const [factorNum = '1', factorDen = '1'] = conversion?.factor.split('/') ?? [];
  const day = input.observedAt.toISOString().slice(0, 10);
  const rate = await fxRatesRepository.rateFor(db, input.currency, day);
  const fx = rate ?? (input.currency === 'USD' ? { units_per_usd: '1', effective_date: day } : undefined);

  const normalized =
    conversion && fx
      ? normalizePrice({
          price: input.price,
          quantity: input.quantity,
          unitFactor: conversion.factor,
          unitsPerUsd: fx.units_per_usd,
          taxState: input.taxState,
        })
      : null;

  const similar =
    conversion && normalized
      ? await observationsRepository.similarStats(db, {
          category: input.category,
          baseUnit: conversion.baseUnit,
          since: new Date(input.observedAt.getTime() - SIMILAR_WINDOW_DAYS * DAY),
          until: input.observedAt,
        })
      : { count: 0, median: null };
  const vendorObservations = (await observationsRepository.countByVendor(db, input.vendorId)) + 1;

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
