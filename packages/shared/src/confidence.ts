/** Confidence of one price observation (spec §3, §9): four component scores in 0..1 and their
 * 25/30/25/20 weighted average. Scores are kept in ten-thousandths (integers) when combined, so
 * the stored numeric(5, 4) value is the exact weighted sum rounded once. */

export const CONFIDENCE_WEIGHTS = {
  source_reliability: 25,
  data_completeness: 30,
  price_consistency: 25,
  temporal_relevance: 20,
} as const;

export type ConfidenceComponent = keyof typeof CONFIDENCE_WEIGHTS;
export type ConfidenceComponents = Record<ConfidenceComponent, number>;

/** Spec §9: green from 0.8, amber from 0.6, red below. */
export const HIGH_CONFIDENCE = 0.8;
export const MEDIUM_CONFIDENCE = 0.6;

export function confidenceLevel(score: number): 'high' | 'medium' | 'low' {
  return score >= HIGH_CONFIDENCE ? 'high' : score >= MEDIUM_CONFIDENCE ? 'medium' : 'low';
}

const SCALE = 10_000;
const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const toScaled = (x: number): number => Math.round(clamp01(x) * SCALE);

/** A score rounded to 4 decimals, within 0..1. */
export function roundScore(x: number): number {
  return toScaled(x) / SCALE;
}

/** The weighted average of the four components, rounded to 4 decimals. */
export function overallConfidence(c: ConfidenceComponents): number {
  let sum = 0;
  for (const k of Object.keys(CONFIDENCE_WEIGHTS) as ConfidenceComponent[]) {
    sum += CONFIDENCE_WEIGHTS[k] * toScaled(c[k]);
  }
  // Weights add up to 100: an integer division with half-up rounding keeps it exact.
  return Math.floor((sum + 50) / 100) / SCALE;
}

/** Observations after which a vendor's track record counts in full. */
export const EXPERIENCED_VENDOR_OBSERVATIONS = 20;

/** Source reliability: the vendor's trust score, discounted by up to 30% while the vendor has
 * few observations (a new source has not shown yet that its prices hold). */
export function sourceReliabilityScore(trustScore: number, vendorObservations: number): number {
  const experience = Math.min(1, Math.max(0, vendorObservations) / EXPERIENCED_VENDOR_OBSERVATIONS);
  return roundScore(clamp01(trustScore) * (0.7 + 0.3 * experience));
}

/** The fields the add-price form requires; a crawler may miss some of them. */
export const REQUIRED_FIELDS = ['vendor', 'service_name', 'price', 'currency', 'unit', 'category'] as const;
/** Descriptive fields the benchmarks and the explorer group by. */
export const DESCRIPTIVE_FIELDS = ['subcategory', 'technology', 'material'] as const;
export type CompletenessField = (typeof REQUIRED_FIELDS)[number] | (typeof DESCRIPTIVE_FIELDS)[number];

/** required_fields counts every field the score looks at (the six required plus the three
 * descriptive ones): when only the six counted, every stored observation would score 1, since
 * the schema itself requires them. present_fields counts those that hold a value. */
export function completenessFactors(values: Partial<Record<CompletenessField, unknown>>): {
  required_fields: number;
  present_fields: number;
} {
  const fields = [...REQUIRED_FIELDS, ...DESCRIPTIVE_FIELDS];
  const present = fields.filter((f) => {
    const v = values[f];
    return v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');
  }).length;
  return { required_fields: fields.length, present_fields: present };
}

export function dataCompletenessScore(presentFields: number, requiredFields: number): number {
  return requiredFields > 0 ? roundScore(presentFields / requiredFields) : 0;
}

/** Similar observations: same category and base unit, within this many days before it. */
export const SIMILAR_WINDOW_DAYS = 90;

/** Absolute deviation from the median of similar observations, in percent (1 decimal); null when
 * there is nothing to compare with. */
export function priceDeviationPercent(price: number, median: number | null): number | null {
  if (median === null || !(median > 0) || !Number.isFinite(price)) return null;
  return Math.round((Math.abs(price - median) / median) * 1000) / 10;
}

/** 1 when nothing compares or the price is the median; halves at a 50% deviation and keeps
 * falling (1 / (1 + 2·|d|)), so an outlier pulls the score down without a hard cut-off. */
export function priceConsistencyScore(deviationPercent: number | null): number {
  if (deviationPercent === null) return 1;
  return roundScore(1 / (1 + (2 * Math.abs(deviationPercent)) / 100));
}

/** Age at which freshness has halved. */
export const FRESHNESS_HALF_LIFE_DAYS = 90;

/** Temporal relevance: 1 for a price seen today, halving every 90 days. */
export function temporalRelevanceScore(ageDays: number): number {
  return roundScore(0.5 ** (Math.max(0, ageDays) / FRESHNESS_HALF_LIFE_DAYS));
}

/** Whole days between the observation and `now` (0 for the future). */
export function ageInDays(observedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - observedAt.getTime()) / 86_400_000));
}

export type ConfidenceFactors = {
  vendor_observations: number;
  required_fields: number;
  present_fields: number;
  similar_observations: number;
  price_deviation: number | null;
  age_days: number;
};

export type ConfidenceInput = {
  trustScore: number;
  vendorObservations: number;
  fields: Partial<Record<CompletenessField, unknown>>;
  /** Comparable price (net USD per base unit) and the median of similar observations. */
  comparablePrice: number | null;
  similarMedian: number | null;
  similarObservations: number;
  ageDays: number;
};

export type ConfidenceResult = {
  score: number;
  components: ConfidenceComponents;
  factors: ConfidenceFactors;
};

/** All four components, their factors and the overall score of one observation. */
export function scoreObservation(input: ConfidenceInput): ConfidenceResult {
  const completeness = completenessFactors(input.fields);
  const deviation =
    input.similarObservations > 0 && input.comparablePrice !== null
      ? priceDeviationPercent(input.comparablePrice, input.similarMedian)
      : null;
  const components: ConfidenceComponents = {
    source_reliability: sourceReliabilityScore(input.trustScore, input.vendorObservations),
    data_completeness: dataCompletenessScore(completeness.present_fields, completeness.required_fields),
    price_consistency: priceConsistencyScore(deviation),
    temporal_relevance: temporalRelevanceScore(input.ageDays),
  };
  return {
    score: overallConfidence(components),
    components,
    factors: {
      vendor_observations: input.vendorObservations,
      ...completeness,
      similar_observations: input.similarObservations,
      price_deviation: deviation,
      age_days: input.ageDays,
    },
  };
}
