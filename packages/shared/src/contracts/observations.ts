import { z } from 'zod';
import {
  CATEGORIES,
  PRICE_TYPES,
  REGIONS,
  TAX_STATES,
  UNITS,
  USD_STATUSES,
  VENDOR_TYPES,
} from '../catalogue.ts';
import { ISO_CURRENCIES } from '../currencies.ts';
import type { FieldError } from '../errors.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { SCREENSHOT_MISSING_REASONS } from '../screenshot-reason.ts';
import { currencyEvidenceSchema, idParams, isoDateTime } from './common.ts';
import { observationRowSchema } from './prices.ts';

const score = z.number().min(0).max(1);

/** The confidence breakdown of spec §3, from the stored components and their factors. */
export const confidenceBreakdownSchema = z.object({
  source_reliability: z.object({
    score,
    factors: z.object({ vendor_observations: z.number().int() }),
  }),
  data_completeness: z.object({
    score,
    factors: z.object({ required_fields: z.number().int(), present_fields: z.number().int() }),
  }),
  price_consistency: z.object({
    score,
    factors: z.object({
      similar_observations: z.number().int(),
      /** Absolute deviation from the median of similar observations, in percent; null when none. */
      price_deviation: z.number().nullable(),
    }),
  }),
  temporal_relevance: z.object({ score, factors: z.object({ age_days: z.number().int() }) }),
});
export type ConfidenceBreakdown = z.infer<typeof confidenceBreakdownSchema>;

/** One observation with its evidence (spec §3 Observation), for the evidence modal. */
export const observationDetailSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  offer_id: z.string(),
  vendor_name: z.string(),
  offer_name: z.string(),
  price: z.number(),
  /** ISO 4217, as observed. */
  currency: z.string(),
  unit: z.string(),
  quantity: z.number(),
  category: z.enum(CATEGORIES),
  subcategory: z.string().nullable(),
  price_type: z.enum(PRICE_TYPES),
  tax_state: z.enum(TAX_STATES),
  confidence_score: score,
  observed_at: isoDateTime,
  metadata: z.object({
    technology: z.string().nullable(),
    material: z.string().nullable(),
    volume_cm3: z.number().nullable(),
  }),
  source: z.object({
    screenshot_url: z.string().nullable(),
    /** Why there is no screenshot (entered by hand, a JSON document, no browser, …); null when
     * there is one. */
    screenshot_missing: z.enum(SCREENSHOT_MISSING_REASONS).nullable(),
    html_snapshot_url: z.string().nullable(),
    source_url: z.string().nullable(),
    crawl_run_id: z.string().nullable(),
    captured_at: isoDateTime.nullable(),
    extraction_selectors: z.record(z.string(), z.string()),
    extraction_confidence: z.record(z.string(), z.number()),
    /** What decided the currency when the price was read off a page; null for prices entered by
     * hand and for those stored before the extractor kept it. */
    currency_evidence: currencyEvidenceSchema.nullable(),
  }),
  vendor: z.object({
    name: z.string(),
    type: z.enum(VENDOR_TYPES),
    /** The vendor's trust score (0 to 1). */
    confidence_score: score,
    url: z.string().nullable(),
  }),
  normalized: z.object({
    base_unit: z.string().nullable(),
    price_usd: z.number().nullable(),
    price_net_usd: z.number().nullable(),
    price_gross_usd: z.number().nullable(),
    fx_rate: z.number().nullable(),
    fx_date: z.string().nullable(),
    /** The VAT the net and gross were computed with: the vendor's country's standard rate. */
    tax_rate: z.number(),
    usd_status: z.enum(USD_STATUSES),
  }),
  confidence: confidenceBreakdownSchema,
});
export type ObservationDetail = z.infer<typeof observationDetailSchema>;

// ---- Search (Data Explorer) ----

export const SEARCH_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'between'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

export type SearchValueKind =
  | { kind: 'number' }
  | { kind: 'text' }
  | { kind: 'uuid' }
  | { kind: 'date' }
  | { kind: 'enum'; values: readonly string[] };

export type SearchFieldSpec = SearchValueKind & {
  operators: readonly SearchOperator[];
  /** Whether avg and sum make sense (count works on every field). */
  numeric: boolean;
};

const NUMBER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'between'] as const;
const TEXT_OPS = ['eq', 'neq', 'in', 'contains'] as const;
const ENUM_OPS = ['eq', 'neq', 'in'] as const;
const DATE_OPS = ['gt', 'gte', 'lt', 'lte', 'between'] as const;

const num = { kind: 'number', operators: NUMBER_OPS, numeric: true } as const;
const text = { kind: 'text', operators: TEXT_OPS, numeric: false } as const;
const oneOf = (values: readonly string[]) =>
  ({ kind: 'enum', values, operators: ENUM_OPS, numeric: false }) as const;

/** The fields the explorer may filter, sort and aggregate on; anything else is refused. */
export const SEARCH_FIELDS = {
  vendor: text,
  vendor_name: text,
  vendor_id: { kind: 'uuid', operators: ['eq', 'neq', 'in'], numeric: false },
  offer_name: text,
  price: num,
  price_usd: num,
  currency: oneOf(Object.keys(ISO_CURRENCIES).sort()),
  technology: text,
  material: text,
  category: oneOf(CATEGORIES),
  subcategory: text,
  price_type: oneOf(PRICE_TYPES),
  unit: oneOf(UNITS),
  confidence: num,
  confidence_score: num,
  observed_at: { kind: 'date', operators: DATE_OPS, numeric: false },
  region: oneOf(REGIONS),
  tax_state: oneOf(TAX_STATES),
  volume_cm3: num,
} as const satisfies Record<string, SearchFieldSpec>;
export type SearchField = keyof typeof SEARCH_FIELDS;

export const AGGREGATION_TYPES = ['avg', 'sum', 'count'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

const sortItem = z.strictObject({
  field: z.string().max(100),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** Structure only: field names, operators and values are checked by checkSearchRequest, so each
 * error can name the offending field or operator. */
export const observationSearchBody = z.strictObject({
  filters: z
    .array(z.strictObject({ field: z.string().max(100), operator: z.string().max(20), value: z.unknown() }))
    .max(50)
    .default([]),
  sort: z.union([sortItem, z.array(sortItem).max(5)]).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(50),
  /** Keyset paging: the `next_cursor` of the previous page, for the same filters and sort. With a
   * cursor the offset is ignored; deep pages then cost what the first page costs. */
  cursor: z.string().min(1).max(2000).optional(),
  aggregations: z
    .array(
      z.strictObject({ field: z.string().max(100), type: z.string().max(20), alias: z.string().max(200) }),
    )
    .max(20)
    .default([]),
});
export type ObservationSearch = z.infer<typeof observationSearchBody>;

export const observationSearchResponse = z.object({
  data: z.array(observationRowSchema),
  total: z.number().int(),
  aggregations: z.record(z.string(), z.object({ value: z.number().nullable() })),
  /** The cursor of the next page; absent on the last page. */
  next_cursor: z.string().optional(),
});
export type ObservationSearchResult = z.infer<typeof observationSearchResponse>;

const isSearchField = (f: string): f is SearchField => Object.hasOwn(SEARCH_FIELDS, f);
const isOperator = (o: string): o is SearchOperator => (SEARCH_OPERATORS as readonly string[]).includes(o);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC_TEXT = /^-?\d{1,15}(?:\.\d{1,8})?$/;

/** A scalar filter value of a field, in the form the SQL parameter takes; undefined if invalid. */
export function searchScalar(spec: SearchValueKind, value: unknown): string | number | undefined {
  switch (spec.kind) {
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e15) return value;
      if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value);
      return undefined;
    case 'text':
      return typeof value === 'string' && value.length >= 1 && value.length <= 200 ? value : undefined;
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? value
        : undefined;
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value) ? value : undefined;
  }
}

function valueIsValid(spec: SearchFieldSpec, operator: SearchOperator, value: unknown): boolean {
  if (operator === 'in') {
    return (
      Array.isArray(value) &&
      value.length >= 1 &&
      value.length <= 100 &&
      value.every((v) => searchScalar(spec, v) !== undefined)
    );
  }
  if (operator === 'between') {
    return (
      Array.isArray(value) && value.length === 2 && value.every((v) => searchScalar(spec, v) !== undefined)
    );
  }
  return searchScalar(spec, value) !== undefined;
}

const sortList = (sort: ObservationSearch['sort']) =>
  sort === undefined ? [] : Array.isArray(sort) ? sort : [sort];

/** Field errors of the filters of a search (or of a chart over the same set), each naming the
 * filter's field, operator or value; empty when they may run. */
export function checkSearchFilters(filters: ObservationSearch['filters']): FieldError[] {
  const errors: FieldError[] = [];
  filters.forEach((f, i) => {
    if (!isSearchField(f.field)) {
      errors.push({
        field: `filters.${i}.field`,
        message: 'validation.filter_field_unknown',
        values: { field: f.field },
      });
      return;
    }
    if (!isOperator(f.operator)) {
      errors.push({
        field: `filters.${i}.operator`,
        message: 'validation.filter_operator_unknown',
        values: { operator: f.operator },
      });
      return;
    }
    const spec: SearchFieldSpec = SEARCH_FIELDS[f.field];
    if (!spec.operators.includes(f.operator)) {
      errors.push({
        field: `filters.${i}.operator`,
        message: 'validation.filter_operator_not_allowed',
        values: { operator: f.operator, field: f.field },
      });
      return;
    }
    if (!valueIsValid(spec, f.operator, f.value)) {
      errors.push({
        field: `filters.${i}.value`,
        message: 'validation.filter_value_invalid',
        values: { field: f.field },
      });
    }
  });
  return errors;
}

/** Field errors of a search request whose structure already parsed; empty when it may run. */
export function checkSearchRequest(req: ObservationSearch): FieldError[] {
  const errors = checkSearchFilters(req.filters);
  const sorts = sortList(req.sort);
  const sortPath = (i: number) => (Array.isArray(req.sort) ? `sort.${i}.field` : 'sort.field');
  sorts.forEach((s, i) => {
    if (!isSearchField(s.field)) {
      errors.push({
        field: sortPath(i),
        message: 'validation.sort_field_unknown',
        values: { field: s.field },
      });
    }
  });
  req.aggregations.forEach((a, i) => {
    if (!(AGGREGATION_TYPES as readonly string[]).includes(a.type)) {
      errors.push({
        field: `aggregations.${i}.type`,
        message: 'validation.aggregation_type_unknown',
        values: { type: a.type },
      });
      return;
    }
    // avg and sum need a numeric field; count works on any whitelisted one.
    const field = isSearchField(a.field) ? SEARCH_FIELDS[a.field] : undefined;
    if (!field || (a.type !== 'count' && !field.numeric)) {
      errors.push({
        field: `aggregations.${i}.field`,
        message: 'validation.aggregation_field_unknown',
        values: { field: a.field },
      });
      return;
    }
    const expected = `${a.type}_${a.field}`;
    if (a.alias !== expected) {
      errors.push({
        field: `aggregations.${i}.alias`,
        message: 'validation.aggregation_alias_invalid',
        values: { expected },
      });
    }
  });
  return errors;
}

/** The sort list of a request (one item or several), defaulting to the newest first. */
export function searchSorts(req: ObservationSearch): { field: SearchField; order: 'asc' | 'desc' }[] {
  const sorts = sortList(req.sort).filter((s): s is { field: SearchField; order: 'asc' | 'desc' } =>
    isSearchField(s.field),
  );
  return sorts.length ? sorts : [{ field: 'observed_at', order: 'desc' }];
}

export const getObservationOperation = defineOperation({
  ...API_ROUTES.getObservation,
  tag: 'observations',
  summary: 'One observation with its evidence, vendor, normalization and confidence breakdown',
  access: 'viewer',
  params: idParams,
  response: observationDetailSchema,
});

export const searchObservationsOperation = defineOperation({
  ...API_ROUTES.searchObservations,
  tag: 'observations',
  summary: 'Filter, sort, page and aggregate observations (Data Explorer); a read, open to viewers',
  access: 'viewer',
  body: observationSearchBody,
  response: observationSearchResponse,
});

export const getObservationSnapshotOperation = defineOperation({
  ...API_ROUTES.getObservationSnapshot,
  tag: 'observations',
  summary:
    'The HTML snapshot the observation was read from, served under a sandbox CSP so no script in it runs; 404 when none was kept',
  access: 'viewer',
  params: idParams,
  response: z.string().describe('The page as it was captured'),
  produces: ['text/html', 'application/json'],
});

export const getObservationScreenshotOperation = defineOperation({
  ...API_ROUTES.getObservationScreenshot,
  tag: 'observations',
  summary: 'The screenshot of the page the observation was read from; 404 when none was taken',
  access: 'viewer',
  params: idParams,
  response: z.string().describe('The image’s bytes'),
  produces: ['image/jpeg', 'image/png'],
});
