import { z } from 'zod';
import { CATEGORIES, CURRENCY_BASES, PRICE_TYPES, TAX_STATES, UNITS, USD_STATUSES } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { REVIEW_ACTIONS, REVIEW_REASONS, REVIEW_STATUSES } from '../review-hold.ts';
import { SCREENSHOT_MISSING_REASONS } from '../screenshot-reason.ts';
import {
  currencyCodeField,
  currencyEvidenceSchema,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  optionalText,
  paginated,
  uuid,
} from './common.ts';

export { REVIEW_ACTIONS, REVIEW_REASONS, REVIEW_STATUSES };

// ---- Reasons: each with the figures that triggered it ----

export const reviewReasonSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('currency_uncertain'),
    /** What the crawler inferred the currency from (a language, a domain, a phone, an address). */
    basis: z.enum(CURRENCY_BASES),
    mark: z.string().nullable(),
  }),
  z.object({ code: z.literal('low_confidence'), confidence: z.number(), threshold: z.number() }),
  z.object({
    code: z.literal('outlier'),
    /** Net USD per base unit of the observation, and its group's latest benchmark band. */
    price_net_usd: z.number(),
    p10: z.number(),
    p90: z.number(),
    factor: z.number(),
  }),
  z.object({
    code: z.literal('price_jump'),
    previous_price: z.number(),
    price: z.number(),
    currency: z.string(),
    jump_percent: z.number(),
    threshold_percent: z.number(),
  }),
  z.object({ code: z.literal('new_vendor') }),
]);
export type ReviewReasonItem = z.infer<typeof reviewReasonSchema>;

/** The observation under review, as read (never overwritten). */
export const reviewObservationSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  vendor_name: z.string(),
  offer_id: z.string(),
  offer_name: z.string(),
  origin: z.enum(['manual', 'crawl', 'import', 'demo']),
  category: z.enum(CATEGORIES),
  subcategory: z.string().nullable(),
  price_type: z.enum(PRICE_TYPES),
  price: z.number(),
  currency: z.string(),
  unit: z.string(),
  quantity: z.number(),
  tax_state: z.enum(TAX_STATES),
  base_unit: z.string().nullable(),
  price_usd: z.number().nullable(),
  price_net_usd: z.number().nullable(),
  usd_status: z.enum(USD_STATUSES),
  confidence_score: z.number(),
  observed_at: isoDateTime,
});

/** Where the reading came from, as the observation's evidence endpoints serve it. */
export const reviewEvidenceSchema = z.object({
  /** `/api/v1/observations/:id/snapshot`, or null when no page was kept. */
  html_snapshot_url: z.string().nullable(),
  /** `/api/v1/observations/:id/screenshot`, or null when none was taken. */
  screenshot_url: z.string().nullable(),
  screenshot_missing: z.enum(SCREENSHOT_MISSING_REASONS).nullable(),
  source_url: z.string().nullable(),
  crawl_target_id: z.string().nullable(),
  /** The selector (or JSON path) each field was read from: what the snapshot view highlights. */
  extraction_selectors: z.record(z.string(), z.string()),
  extraction_confidence: z.record(z.string(), z.number()),
  currency_evidence: currencyEvidenceSchema.nullable(),
  /** The target's pinned currency and selectors now, when the observation came from a target. */
  target_currency: z.string().nullable(),
  target_selectors: z.record(z.string(), z.string()).nullable(),
});

/** One earlier (or later) price of the same offer, newest first. */
export const reviewHistoryPointSchema = z.object({
  id: z.string(),
  price: z.number(),
  currency: z.string(),
  unit: z.string(),
  quantity: z.number(),
  price_usd: z.number().nullable(),
  observed_at: isoDateTime,
  /** Its own review status, null when it was never held. */
  review_status: z.enum(REVIEW_STATUSES).nullable(),
});

/** One row of the audit trail: who decided what, and the reading before and after. */
export const reviewDecisionSchema = z.object({
  id: z.string(),
  action: z.enum(REVIEW_ACTIONS),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: isoDateTime,
  note: z.string().nullable(),
  /** Price, currency, unit, quantity and tax state before the decision. */
  before: z.record(z.string(), z.unknown()),
  /** The corrected values (a correction), or null. */
  after: z.record(z.string(), z.unknown()).nullable(),
  /** What a correction pinned on the target ({ currency?, selectors? }), or null. */
  pinned: z.record(z.string(), z.unknown()).nullable(),
});

export const reviewItemSchema = z.object({
  /** The observation's id: an item is named by the observation it holds. */
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reasons: z.array(reviewReasonSchema),
  created_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
  decided_by: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  /** The observation a correction stored in this one's place. */
  correction_observation_id: z.string().nullable(),
  observation: reviewObservationSchema,
  evidence: reviewEvidenceSchema,
  /** The offer's latest prices (up to 10 in a list, 30 for one item), newest first. */
  history: z.array(reviewHistoryPointSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewDetailSchema = reviewItemSchema.extend({ decisions: z.array(reviewDecisionSchema) });
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

// ---- List ----

export const reviewListQuery = z.strictObject({
  limit: limitQuery(200, 50),
  offset: offsetQuery,
  /** Absent: the queue (pending). */
  status: z.enum(REVIEW_STATUSES).default('pending'),
  reason: z.enum(REVIEW_REASONS).optional(),
  vendor_id: uuid.optional(),
  category: z.enum(CATEGORIES).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const reviewListResponse = paginated(reviewItemSchema).extend({
  /** Pending items per reason (the filter chips), whatever the filters. */
  pending_by_reason: z.record(z.enum(REVIEW_REASONS), z.number().int()),
});
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

// ---- Decisions ----

const note = optionalText(1000);

export const reviewNoteBody = z.strictObject({ note });
export type ReviewNote = z.infer<typeof reviewNoteBody>;

/** The selector keys a target can pin (as in the target form's preview). */
const selector = z.string().trim().min(1).max(500);
export const pinSelectorsSchema = z.strictObject({
  item: selector.optional(),
  name: selector.optional(),
  price: selector.optional(),
  currency: selector.optional(),
  unit: selector.optional(),
});

export const reviewCorrectBody = z
  .strictObject({
    price: z
      .number({ error: 'validation.price_positive' })
      .positive('validation.price_positive')
      .refine((v) => v <= 0 || v >= 0.0001, 'validation.price_min')
      .max(9_999_999_999, 'validation.too_big'),
    currency: currencyCodeField,
    /** A unit of the observation's category (checked by the server). */
    unit: z.enum(UNITS, { error: 'validation.unit_required' }),
    /** Absent: the observation's own quantity. */
    quantity: z.number().positive().max(1_000_000_000).optional(),
    tax_state: z.enum(TAX_STATES),
    note,
    /** Write the corrected currency on the observation's crawl target, so the next crawl reads it. */
    pin_currency: z.boolean().default(false),
    /** Write selectors on the target: those given here, or the ones the observation was read with. */
    pin_selectors: z.boolean().default(false),
    selectors: pinSelectorsSchema.optional(),
  })
  .refine((b) => !b.selectors || b.pin_selectors, {
    path: ['pin_selectors'],
    message: 'validation.review_pin_selectors_required',
  });
export type ReviewCorrect = z.infer<typeof reviewCorrectBody>;

/** The most ids one bulk decision takes. */
export const REVIEW_BULK_MAX = 200;

export const reviewBulkBody = z.strictObject({
  action: z.enum(['approve', 'reject']),
  ids: z
    .array(uuid)
    .min(1)
    .max(REVIEW_BULK_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.review_duplicate_ids'),
  note,
});
export type ReviewBulk = z.infer<typeof reviewBulkBody>;

export const REVIEW_BULK_OUTCOMES = ['done', 'not_found', 'already_decided'] as const;

export const reviewBulkResponse = z.object({
  results: z.array(z.object({ id: z.string(), outcome: z.enum(REVIEW_BULK_OUTCOMES) })),
  done: z.number().int(),
});
export type ReviewBulkResult = z.infer<typeof reviewBulkResponse>;

export const reviewDecisionResponse = reviewDetailSchema;

// ---- Settings ----

export const reviewSettingsSchema = z.object({
  min_confidence_enabled: z.boolean(),
  min_confidence: z
    .number({ error: 'validation.review_confidence_range' })
    .min(0, 'validation.review_confidence_range')
    .max(1, 'validation.review_confidence_range'),
  outlier_enabled: z.boolean(),
  outlier_factor: z
    .number({ error: 'validation.review_factor_range' })
    .min(1, 'validation.review_factor_range')
    .max(100, 'validation.review_factor_range'),
  price_jump_enabled: z.boolean(),
  price_jump_percent: z
    .number({ error: 'validation.review_jump_range' })
    .min(1, 'validation.review_jump_range')
    .max(10_000, 'validation.review_jump_range'),
  hold_uncertain_currency: z.boolean(),
  hold_new_vendor: z.boolean(),
});

export const reviewSettingsResponse = reviewSettingsSchema.extend({
  updated_at: isoDateTime.nullable(),
  updated_by: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type ReviewSettingsAnswer = z.infer<typeof reviewSettingsResponse>;

export const reviewSettingsBody = z.strictObject(reviewSettingsSchema.shape);
export type ReviewSettingsInput = z.infer<typeof reviewSettingsBody>;

// ---- Operations ----

export const listReviewsOperation = defineOperation({
  ...API_ROUTES.listReviews,
  tag: 'review',
  summary:
    'The review queue (or decided items by status), newest first, by reason, vendor and category, each with its reasons, evidence and the offer’s recent prices',
  access: 'viewer',
  query: reviewListQuery,
  response: reviewListResponse,
});

export const getReviewOperation = defineOperation({
  ...API_ROUTES.getReview,
  tag: 'review',
  summary: 'One held observation (by its id) with its reasons, evidence, history and audit trail',
  access: 'viewer',
  params: idParams,
  response: reviewDetailSchema,
});

export const approveReviewOperation = defineOperation({
  ...API_ROUTES.approveReview,
  tag: 'review',
  summary: 'Approve a held observation: it enters benchmarks and reports (a refresh is queued)',
  access: 'operator',
  params: idParams,
  body: reviewNoteBody,
  response: reviewDecisionResponse,
});

export const rejectReviewOperation = defineOperation({
  ...API_ROUTES.rejectReview,
  tag: 'review',
  summary: 'Reject a held observation: it stays stored, out of benchmarks and reports',
  access: 'operator',
  params: idParams,
  body: reviewNoteBody,
  response: reviewDecisionResponse,
});

export const correctReviewOperation = defineOperation({
  ...API_ROUTES.correctReview,
  tag: 'review',
  summary:
    'Correct a held observation: the original is kept (marked corrected), a corrected observation is stored and normalized beside it, the audit trail records both; optionally pins the target’s currency or selectors',
  access: 'operator',
  params: idParams,
  body: reviewCorrectBody,
  response: reviewDecisionResponse,
  status: 201,
});

export const bulkReviewOperation = defineOperation({
  ...API_ROUTES.bulkReview,
  tag: 'review',
  summary: `Approve or reject up to ${REVIEW_BULK_MAX} held observations at once, with an outcome per id`,
  access: 'operator',
  body: reviewBulkBody,
  response: reviewBulkResponse,
});

export const getReviewSettingsOperation = defineOperation({
  ...API_ROUTES.getReviewSettings,
  tag: 'review',
  summary: 'The review rules: which are on and their thresholds',
  access: 'viewer',
  response: reviewSettingsResponse,
});

export const updateReviewSettingsOperation = defineOperation({
  ...API_ROUTES.updateReviewSettings,
  tag: 'review',
  summary: 'Change the review rules (new observations only; held ones stay held)',
  access: 'admin',
  body: reviewSettingsBody,
  response: reviewSettingsResponse,
});
