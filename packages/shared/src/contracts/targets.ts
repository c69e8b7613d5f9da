import { z } from 'zod';
import { CATEGORIES, PAGE_KINDS, PRICE_TYPES, TARGET_ERROR_CODES, UNITS } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import {
  currencyCodeField,
  currencyEvidenceSchema,
  httpUrl,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  okResponse,
  paginated,
  queryBoolean,
  uuid,
} from './common.ts';

/** Spec §3 crawl target (read), with the vendor and the crawl state the table shows. */
export const targetSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  vendor_name: z.string(),
  domain: z.string(),
  url: z.string(),
  category: z.enum(CATEGORIES),
  priority: z.number().int().min(1).max(10),
  frequency_hours: z.number().int().min(1),
  /** frequency_hours / 24: the table shows days (spec §2). */
  crawl_frequency_days: z.number(),
  last_crawled_at: isoDateTime.nullable(),
  next_crawl_at: isoDateTime.nullable(),
  active: z.boolean(),
  last_status: z.string().nullable(),
  /** The technical detail of the last failure (English, for whoever fixes it). */
  last_error: z.string().nullable(),
  /** Why the last crawl failed, as the console translates it. */
  last_error_code: z.enum(TARGET_ERROR_CODES).nullable(),
  /** The target's own currency (ISO 4217): what a bare `$` or number on its page means. Null: the
   * page decides. */
  currency: z.string().nullable(),
  consecutive_failures: z.number().int(),
  created_at: isoDateTime,
});
export type Target = z.infer<typeof targetSchema>;

/** A year: a target crawled less often than that is a paused target. */
const MAX_FREQUENCY_HOURS = 8760;

/** Field rules of spec §5 (crawl target), shared by create and update. */
const targetFields = {
  url: httpUrl,
  category: z.enum(CATEGORIES),
  frequency_hours: z
    .number({ error: 'validation.frequency_min' })
    .int('validation.frequency_min')
    .min(1, 'validation.frequency_min')
    .max(MAX_FREQUENCY_HOURS),
  priority: z
    .number({ error: 'validation.priority_range' })
    .int('validation.priority_range')
    .min(1, 'validation.priority_range')
    .max(10, 'validation.priority_range'),
  active: z.boolean(),
  /** Null (or absent on create): the page decides. */
  currency: currencyCodeField.nullable(),
};

/** The vendor id is free text in the form; an id that names no vendor is a field error of the
 * service ('errors.vendor_not_found'), so the schema only requires it. */
export const vendorIdField = z
  .string({ error: 'validation.vendor_id_required' })
  .trim()
  .min(1, 'validation.vendor_id_required')
  .max(100);

export const targetCreateBody = z.strictObject({
  vendor_id: vendorIdField,
  url: targetFields.url,
  // Spec §4 crawl-target form defaults.
  category: targetFields.category.default('additive_manufacturing'),
  frequency_hours: targetFields.frequency_hours.default(24),
  priority: targetFields.priority.default(5),
  active: targetFields.active.default(true),
  currency: targetFields.currency.default(null),
});
export type TargetCreate = z.infer<typeof targetCreateBody>;

/** Edit, pause (active: false) or activate a target; `currency: null` clears the target's currency. */
export const targetUpdateBody = z.strictObject(targetFields).partial();
export type TargetUpdate = z.infer<typeof targetUpdateBody>;

export const targetListQuery = z.strictObject({
  vendor_id: uuid.optional(),
  active: queryBoolean.optional(),
  category: z.enum(CATEGORIES).optional(),
  limit: limitQuery(500, 100),
  offset: offsetQuery,
});

export const listTargetsOperation = defineOperation({
  ...API_ROUTES.listTargets,
  tag: 'crawl-targets',
  summary: 'List crawl targets, highest priority first',
  access: 'viewer',
  query: targetListQuery,
  response: paginated(targetSchema),
});

export const getTargetOperation = defineOperation({
  ...API_ROUTES.getTarget,
  tag: 'crawl-targets',
  summary: 'One crawl target',
  access: 'viewer',
  params: idParams,
  response: targetSchema,
});

export const createTargetOperation = defineOperation({
  ...API_ROUTES.createTarget,
  tag: 'crawl-targets',
  summary: 'Add a crawl target to a vendor',
  access: 'operator',
  body: targetCreateBody,
  response: targetSchema,
  status: 201,
});

export const updateTargetOperation = defineOperation({
  ...API_ROUTES.updateTarget,
  tag: 'crawl-targets',
  summary: 'Change, pause or activate a crawl target',
  access: 'operator',
  params: idParams,
  body: targetUpdateBody,
  response: targetSchema,
});

export const deleteTargetOperation = defineOperation({
  ...API_ROUTES.deleteTarget,
  tag: 'crawl-targets',
  summary: 'Delete a crawl target (its observations stay)',
  access: 'operator',
  params: idParams,
  response: okResponse,
});

/** The most offers a preview lists; `truncated` says when the page had more. */
export const PREVIEW_MAX_OFFERS = 100;

/** The Test button: what the crawler would read at a URL, before the target is saved. The selector
 * keys are those a target can pin (name and price at least, to be used). */
export const targetPreviewBody = z.strictObject({
  url: httpUrl,
  category: z.enum(CATEGORIES).optional(),
  currency: currencyCodeField.nullish(),
  selectors: z
    .strictObject({
      item: z.string().max(500).optional(),
      name: z.string().max(500).optional(),
      price: z.string().max(500).optional(),
      currency: z.string().max(500).optional(),
      unit: z.string().max(500).optional(),
    })
    .optional(),
});
export type TargetPreviewInput = z.infer<typeof targetPreviewBody>;

/** One offer as the crawler would store it, before normalization. */
export const previewOfferSchema = z.object({
  offer_name: z.string(),
  /** Decimal text with a dot separator. */
  price: z.string(),
  /** ISO 4217, or null when nothing on the page decides what a bare `$` is. */
  currency: z.string().nullable(),
  currency_evidence: currencyEvidenceSchema,
  unit: z.enum(UNITS).nullable(),
  quantity: z.number(),
  includes_tax: z.boolean().nullable(),
  price_is_minimum: z.boolean(),
  price_type: z.enum(PRICE_TYPES).nullable(),
  category: z.enum(CATEGORIES).nullable(),
});
export type PreviewOffer = z.infer<typeof previewOfferSchema>;

export const targetPreviewSchema = z.object({
  url: z.string(),
  /** Where the redirects ended. */
  final_url: z.string(),
  page_kind: z.enum(PAGE_KINDS),
  offers: z.array(previewOfferSchema).max(PREVIEW_MAX_OFFERS),
  truncated: z.boolean(),
  /** The page has no offers and draws its prices with its own scripts: the crawler renders it in
   * Chromium and reads it again (the preview does not). */
  script_drawn: z.boolean(),
  /** How long fetching and reading took, in milliseconds. */
  ms: z.number().int().min(0),
});
export type TargetPreview = z.infer<typeof targetPreviewSchema>;

export const previewTargetOperation = defineOperation({
  ...API_ROUTES.previewTarget,
  tag: 'crawl-targets',
  summary:
    'Fetch a page as the crawler would and list the offers it states, saving nothing. A page that ' +
    'cannot be had answers 422 with the fetch error code on the url field.',
  access: 'operator',
  body: targetPreviewBody,
  response: targetPreviewSchema,
  // A page that cannot be fetched or read; a second preview while one runs, or too many a minute.
  errors: [422, 429],
});
