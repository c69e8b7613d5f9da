import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  completenessFactors,
  confidenceLevel,
  overallConfidence,
  priceConsistencyScore,
  priceDeviationPercent,
  scoreObservation,
  sourceReliabilityScore,
  temporalRelevanceScore,
} from './confidence.ts';

const score = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);

describe('overall confidence', () => {
  it('weights source 25, completeness 30, consistency 25, freshness 20', () => {
    const c = { source_reliability: 1, data_completeness: 0, price_consistency: 0, temporal_relevance: 0 };
    expect(overallConfidence(c)).toBe(0.25);
    expect(overallConfidence({ ...c, source_reliability: 0, data_completeness: 1 })).toBe(0.3);
    expect(overallConfidence({ ...c, source_reliability: 0, price_consistency: 1 })).toBe(0.25);
    expect(overallConfidence({ ...c, source_reliability: 0, temporal_relevance: 1 })).toBe(0.2);
    expect(
      overallConfidence({
        source_reliability: 0.9,
        data_completeness: 0.7778,
        price_consistency: 0.8333,
        temporal_relevance: 1,
      }),
    ).toBe(0.8667); // 0.225 + 0.23334 + 0.208325 + 0.2 = 0.866665 → half up
  });

  it('equals the exact weighted sum rounded once, within 0..1 and 4 decimals', () => {
    fc.assert(
      fc.property(score, score, score, score, (a, b, c, d) => {
        const r = overallConfidence({
          source_reliability: a,
          data_completeness: b,
          price_consistency: c,
          temporal_relevance: d,
        });
        const exact =
          25 * Math.round(a * 1e4) +
          30 * Math.round(b * 1e4) +
          25 * Math.round(c * 1e4) +
          20 * Math.round(d * 1e4);
        expect(r).toBe(Math.floor((exact + 50) / 100) / 1e4);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
        expect(String(r)).toMatch(/^(0|1)(\.\d{1,4})?$/);
      }),
    );
  });

  it('returns the common value when all components agree', () => {
    fc.assert(
      fc.property(score, (x) => {
        expect(
          overallConfidence({
            source_reliability: x,
            data_completeness: x,
            price_consistency: x,
            temporal_relevance: x,
          }),
        ).toBe(x);
      }),
    );
  });

  it('classifies by the spec thresholds', () => {
    expect(confidenceLevel(0.8)).toBe('high');
    expect(confidenceLevel(0.7999)).toBe('medium');
    expect(confidenceLevel(0.6)).toBe('medium');
    expect(confidenceLevel(0.5999)).toBe('low');
  });
});

describe('component scores', () => {
  it('discounts the trust of a vendor with few observations', () => {
    expect(sourceReliabilityScore(1, 20)).toBe(1);
    expect(sourceReliabilityScore(1, 0)).toBe(0.7);
    expect(sourceReliabilityScore(0.5, 10)).toBe(0.425);
    expect(sourceReliabilityScore(0.9, 1000)).toBe(0.9);
  });

  it('counts present against all scored fields', () => {
    expect(
      completenessFactors({
        vendor: 'x',
        service_name: 'y',
        price: 1,
        currency: 'MXN',
        unit: 'cm3',
        category: 'materials',
        subcategory: ' ',
        technology: null,
      }),
    ).toEqual({ required_fields: 9, present_fields: 6 });
  });

  it('is 1 without similar observations and decreases with the deviation', () => {
    expect(priceConsistencyScore(null)).toBe(1);
    expect(priceConsistencyScore(0)).toBe(1);
    expect(priceConsistencyScore(50)).toBe(0.5);
    expect(priceDeviationPercent(120, 100)).toBe(20);
    expect(priceDeviationPercent(80, 100)).toBe(20);
    expect(priceDeviationPercent(80, null)).toBeNull();
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a < b ? [a, b] : [b, a];
          expect(priceConsistencyScore(hi)).toBeLessThanOrEqual(priceConsistencyScore(lo));
        },
      ),
    );
  });

  it('halves freshness every 90 days', () => {
    expect(temporalRelevanceScore(0)).toBe(1);
    expect(temporalRelevanceScore(90)).toBe(0.5);
    expect(temporalRelevanceScore(180)).toBe(0.25);
    expect(ageInDays(new Date('2025-01-01T00:00:00Z'), new Date('2025-01-31T23:00:00Z'))).toBe(30);
    expect(ageInDays(new Date('2025-02-01T00:00:00Z'), new Date('2025-01-31T00:00:00Z'))).toBe(0);
  });

  it('scores one observation with its factors', () => {
    const r = scoreObservation({
      trustScore: 0.8,
      vendorObservations: 20,
      fields: {
        vendor: 'v',
        service_name: 's',
        price: 1,
        currency: 'MXN',
        unit: 'cm3',
        category: 'c',
        technology: 'fdm',
      },
      comparablePrice: 12,
      similarMedian: 10,
      similarObservations: 4,
      ageDays: 0,
    });
    expect(r.factors).toEqual({
      vendor_observations: 20,
      required_fields: 9,
      present_fields: 7,
      similar_observations: 4,
      price_deviation: 20,
      age_days: 0,
    });
    expect(r.components).toEqual({
      source_reliability: 0.8,
      data_completeness: 0.7778,
      price_consistency: 0.7143,
      temporal_relevance: 1,
    });
    // 0.2 + 0.23334 + 0.178575 + 0.2 = 0.811915
    expect(r.score).toBe(0.8119);
  });
});
