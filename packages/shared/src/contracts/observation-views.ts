import { z } from 'zod';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { isoDateTime } from './common.ts';
import { AGGREGATION_TYPES, observationSearchBody } from './observations.ts';

// ---- The Data Explorer's chart views, computed over the whole filtered set ----
// The pivot, heatmap, box plot and scatter take the explorer search's own filters (checked the
// same way, field by field) and are computed by the database over every matching observation,
// not over a page of them. Every answer is bounded; each says what it left out.

export const VIEW_DIMENSIONS = ['technology', 'material', 'vendor', 'date'] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];
/** price: USD per base unit (prices in different currencies and units only compare there);
 * confidence: the 0–1 score; volume: the part volume in cm³. */
export const VIEW_MEASURES = ['price', 'confidence', 'volume'] as const;
export type ViewMeasure = (typeof VIEW_MEASURES)[number];
export type ViewAggregation = (typeof AGGREGATION_TYPES)[number];

/** The bounds of each view: the largest groups are kept (by observations), the most recent months
 * for the date; the answer gives the count before the bound so the console can say so. */
export const VIEW_LIMITS = {
  pivotGroups: 100,
  heatmapColumns: 30,
  heatmapRows: 20,
  boxGroups: 30,
  /** Outliers listed per box, the furthest from its median first; all are counted. */
  boxOutliers: 50,
  scatterPoints: 2000,
  scatterMaxPoints: 5000,
} as const;

const filters = observationSearchBody.shape.filters;

/** One value of a dimension: a technology or material (lower-case, as grouped), a vendor's id
 * (with its name as the label), or a month ('2026-03', UTC). null: the observation has none. */
export const viewKeySchema = z.object({
  value: z.string().nullable(),
  /** The vendor's name for the vendor dimension; null for the others. */
  label: z.string().nullable(),
});
export type ViewKey = z.infer<typeof viewKeySchema>;

const count = z.number().int().min(0);
/** What each answer says about the set it was computed over. */
const coverage = {
  /** Observations matching the filters. */
  total: count,
  /** Of them, those with a value of the measure (a price without a USD value has none): the
   * views are computed over these only. */
  measured: count,
};

export const observationPivotBody = z
  .strictObject({
    filters,
    dimension: z.enum(VIEW_DIMENSIONS),
    /** A second dimension (the heatmap's rows); absent for the pivot table. */
    cross: z.enum(VIEW_DIMENSIONS).optional(),
    measure: z.enum(VIEW_MEASURES).default('price'),
    aggregation: z.enum(AGGREGATION_TYPES).default('avg'),
  })
  .refine((b) => b.cross === undefined || b.cross !== b.dimension, {
    path: ['cross'],
    message: 'validation.invalid_option',
  });
export type ObservationPivotRequest = z.infer<typeof observationPivotBody>;

export const observationPivotResponse = z.object({
  ...coverage,
  /** One cell per group (pivot) or per pair of groups (heatmap). With the price measure each
   * group is also split by base unit: a price per cm³ is never averaged with one per hour. */
  cells: z.array(
    z.object({
      x: viewKeySchema,
      /** The cross dimension's value; null for the pivot table. */
      y: viewKeySchema.nullable(),
      /** The base unit of the group's USD prices (price measure only), else null. */
      base_unit: z.string().nullable(),
      value: z.number(),
      observations: count,
      /** The group's newest observation: what a click on it opens (null only if it was deleted
       * while the answer was computed). */
      observation_id: z.string().nullable(),
    }),
  ),
  /** Groups of the first dimension (with base unit) before the bound, and the bound. */
  x_groups: count,
  x_limit: count,
  /** Groups of the cross dimension before the bound, and the bound; 0 without one. */
  y_groups: count,
  y_limit: count,
});
export type ObservationPivot = z.infer<typeof observationPivotResponse>;

export const observationBoxPlotBody = z.strictObject({
  filters,
  dimension: z.enum(VIEW_DIMENSIONS),
  measure: z.enum(VIEW_MEASURES).default('price'),
});
export type ObservationBoxPlotRequest = z.infer<typeof observationBoxPlotBody>;

export const observationBoxPlotResponse = z.object({
  ...coverage,
  /** Quartiles interpolated as percentile_cont does; whiskers reach the furthest values within
   * 1.5 × IQR of the quartiles (Tukey); anything beyond is an outlier. */
  groups: z.array(
    z.object({
      key: viewKeySchema,
      base_unit: z.string().nullable(),
      observations: count,
      min: z.number(),
      q1: z.number(),
      median: z.number(),
      q3: z.number(),
      max: z.number(),
      /** Every outlier of the group… */
      outliers_total: count,
      /** …of which these, the furthest from the median first, up to outlier_limit. */
      outliers: z.array(z.object({ observation_id: z.string(), value: z.number() })),
      /** The group's newest observation: what a click on the box opens. */
      observation_id: z.string().nullable(),
    }),
  ),
  groups_total: count,
  group_limit: count,
  outlier_limit: count,
  /** Null: every value was sorted (exact). Set above 20,000 values of the price (5,000 on the
   * embedded storage): the quartiles
   * come from a histogram of the prices and are each within `relative_error` (0.005) of the exact
   * ones; the fences are 1.5 IQR beyond them at their widest within that bound, so the outlier
   * count (of real observations beyond them) is at most the exact count, and the whiskers are the
   * real values furthest within them. */
  approximate: z.object({ relative_error: z.number() }).nullable(),
});
export type ObservationBoxPlot = z.infer<typeof observationBoxPlotResponse>;

export const observationScatterBody = z.strictObject({
  filters,
  /** What colours the points (the date colours by technology). */
  dimension: z.enum(VIEW_DIMENSIONS),
  measure: z.enum(VIEW_MEASURES).default('price'),
  limit: z.number().int().min(1).max(VIEW_LIMITS.scatterMaxPoints).default(VIEW_LIMITS.scatterPoints),
});
export type ObservationScatterRequest = z.infer<typeof observationScatterBody>;

export const observationScatterResponse = z.object({
  ...coverage,
  /** The points sent: every measured observation when they are at most `limit`, otherwise a
   * sample of `limit` of them. The sample is deterministic: the observations whose id hashes
   * lowest (uuid_hash), a uniform draw that the same filters give again. */
  sample_size: count,
  limit: count,
  points: z.array(
    z.object({
      observation_id: z.string(),
      observed_at: isoDateTime,
      value: z.number(),
      key: viewKeySchema,
      base_unit: z.string().nullable(),
    }),
  ),
});
export type ObservationScatter = z.infer<typeof observationScatterResponse>;

export const observationPivotOperation = defineOperation({
  ...API_ROUTES.pivotObservations,
  tag: 'observations',
  summary:
    'Data Explorer pivot and heatmap: the observations matching the search filters grouped by one or two dimensions, with the count, sum or average of a measure, over the whole filtered set',
  access: 'viewer',
  body: observationPivotBody,
  response: observationPivotResponse,
});

export const observationBoxPlotOperation = defineOperation({
  ...API_ROUTES.boxPlotObservations,
  tag: 'observations',
  summary:
    'Data Explorer box plot: quartiles, Tukey whiskers and outliers of a measure per group, over every observation matching the search filters; above 20,000 prices (5,000 on the embedded storage) the quartiles come from a histogram, within 0.5 % (`approximate`)',
  access: 'viewer',
  body: observationBoxPlotBody,
  response: observationBoxPlotResponse,
});

export const observationScatterOperation = defineOperation({
  ...API_ROUTES.scatterObservations,
  tag: 'observations',
  summary:
    'Data Explorer scatter: a deterministic sample of the observations matching the search filters, with the total it was drawn from',
  access: 'viewer',
  body: observationScatterBody,
  response: observationScatterResponse,
});
