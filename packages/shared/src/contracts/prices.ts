import { z } from 'zod';
import {
  CATEGORIES,
  CATEGORY_CATALOGUE,
  DEFAULT_CURRENCY,
  PRICE_SORTS,
  PRICE_TYPES,
  TAX_STATES,
  USD_STATUSES,
  VENDOR_TYPES,
} from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { canonicalUnit } from '../units.ts';
import {
  currencyCodeField,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  optionalText,
  paginated,
  uuid,
} from './common.ts';

/** One price observation as the Prices list, the export and the explorer show it. */
export const priceRowSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  vendor_name: z.string(),
  offer_id: z.string(),
  offer_name: z.string(),
  price: z.number(),
  /** ISO 4217, as observed. */
  currency: z.string(),
  unit: z.string(),
  quantity: z.number(),
  price_type: z.enum(PRICE_TYPES),
  confidence_score: z.number().min(0).max(1),
  observed_at: isoDateTime,
  /** true when tax_state is 'included', false when 'excluded', null when unknown. */
  includes_tax: z.boolean().nullable(),
  tax_state: z.enum(TAX_STATES),
  includes_shipping: z.boolean(),
  url: z.string().nullable(),
  category: z.enum(CATEGORIES),
  subcategory: z.string().nullable(),
  technology: z.string().nullable(),
  material: z.string().nullable(),
  /** USD per base unit at the rate in force on the observation date; null when not convertible. */
  price_usd: z.number().nullable(),
  /** The base unit price_usd is per (cm3, hour, piece, kg, m2, liter), when the unit has one. */
  base_unit: z.string().nullable(),
  /** 'converted', or why there is no USD value: no rate of the currency on or before the date
   * ('no_rate': it converts when a rate arrives), or a unit with no base unit. */
  usd_status: z.enum(USD_STATUSES),
});
export type PriceRow = z.infer<typeof priceRowSchema>;

/** A row of the observation search: the price row plus the vendor type and the part volume (the
 * explorer's volume measure). */
export const observationRowSchema = priceRowSchema.extend({
  vendor_type: z.enum(VENDOR_TYPES),
  volume_cm3: z.number().nullable(),
});
export type ObservationRow = z.infer<typeof observationRowSchema>;

/** A page of prices; `next_cursor` (absent on the last page) asks for the page after it. */
export const priceListResponse = paginated(priceRowSchema).extend({ next_cursor: z.string().optional() });
export type PriceListResponse = z.infer<typeof priceListResponse>;

export const priceListQuery = z.strictObject({
  limit: limitQuery(500, 100),
  offset: offsetQuery,
  /** Keyset paging: the `next_cursor` of the previous page; the offset is then ignored. */
  cursor: z.string().min(1).max(500).optional(),
  search: z.string().trim().max(200).optional(),
  currency: currencyCodeField.optional(),
  vendor_id: uuid.optional(),
  category: z.enum(CATEGORIES).optional(),
  price_type: z.enum(PRICE_TYPES).optional(),
  /** Newest first (default), or by USD per base unit, cheapest or dearest first; prices with no
   * USD value come last either way. */
  sort: z.enum(PRICE_SORTS).default('observed_at_desc'),
});
export type PriceListQuery = z.infer<typeof priceListQuery>;

/** The first day a valid-until date may name. "Today" is taken at UTC−12, the last time zone
 * to reach a date, so a date that is still today for the user (in the browser or on a server
 * running in UTC) is never refused. */
export function earliestValidUntil(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

const wholeNumber = z
  .number({ error: 'validation.integer_min_zero' })
  .int('validation.integer_min_zero')
  .min(0, 'validation.integer_min_zero')
  .max(1_000_000_000, 'validation.integer_min_zero')
  .nullish()
  .transform((v) => v ?? null);

/** The add-price payload (spec §3) with the spec §5 messages. */
export const priceCreateBody = z
  .strictObject({
    vendor_id: z
      .string({ error: 'validation.vendor_required' })
      .trim()
      .min(1, 'validation.vendor_required')
      .pipe(uuid),
    service_name: z
      .string({ error: 'validation.service_name_required' })
      .trim()
      .min(1, 'validation.service_name_required')
      .max(300),
    category: z.enum(CATEGORIES, { error: 'validation.category_required' }),
    subcategory: optionalText(120),
    technology: optionalText(60),
    material: optionalText(60),
    price: z
      .number({ error: 'validation.price_positive' })
      .positive('validation.price_positive')
      // The column keeps 4 decimals: a smaller amount would be stored as 0 (0 and below keep the
      // spec's "greater than 0").
      .refine((v) => v <= 0 || v >= 0.0001, 'validation.price_min')
      .max(9_999_999_999, 'validation.too_big'),
    currency: currencyCodeField.default(DEFAULT_CURRENCY),
    /** A unit of the category; 'cm³' and 'm²' are accepted and stored as cm3 and m2. */
    unit: z
      .string({ error: 'validation.unit_required' })
      .trim()
      .min(1, 'validation.unit_required')
      .transform((u) => canonicalUnit(u) ?? u),
    minimum_order: wholeNumber,
    lead_time_days: wholeNumber,
    /** Absent or null: the tax state is unknown. */
    includes_tax: z.boolean().nullish(),
    includes_shipping: z.boolean().default(false),
    notes: optionalText(2000),
    valid_until: z
      .union([z.literal(''), z.iso.date({ error: 'validation.invalid_format' })])
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || v >= earliestValidUntil(), 'validation.valid_until_past'),
  })
  .superRefine((body, ctx) => {
    const units = CATEGORY_CATALOGUE[body.category].units;
    if (!(units as readonly string[]).includes(body.unit)) {
      ctx.addIssue({
        code: 'invalid_value',
        values: [...units],
        input: body.unit,
        path: ['unit'],
        message: 'validation.invalid_option',
      });
    }
  });
export type PriceCreate = z.infer<typeof priceCreateBody>;

export const priceHistorySchema = z.object({
  offer: z.object({
    id: z.string(),
    vendor_id: z.string(),
    vendor_name: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    first_seen_at: isoDateTime,
    last_seen_at: isoDateTime,
  }),
  data: z.array(
    z.object({
      id: z.string(),
      price: z.number(),
      currency: z.string(),
      unit: z.string(),
      price_usd: z.number().nullable(),
      observed_at: isoDateTime,
      last_seen_at: isoDateTime,
    }),
  ),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

export const listPricesOperation = defineOperation({
  ...API_ROUTES.listPrices,
  tag: 'prices',
  summary:
    'List price observations, newest first, by vendor or offer text, currency, vendor, category and type',
  access: 'viewer',
  query: priceListQuery,
  response: priceListResponse,
});

export const priceCurrenciesResponse = z.object({
  /** ISO 4217 codes, MXN and USD first, then by code. */
  data: z.array(z.string()),
});

export const listPriceCurrenciesOperation = defineOperation({
  ...API_ROUTES.listPriceCurrencies,
  tag: 'prices',
  summary: 'The currencies the stored prices are in: what the currency filter offers',
  access: 'viewer',
  response: priceCurrenciesResponse,
});

export const createPriceOperation = defineOperation({
  ...API_ROUTES.createPrice,
  tag: 'prices',
  summary: 'Record a price by hand: normalized to USD per base unit and scored',
  access: 'operator',
  body: priceCreateBody,
  response: priceRowSchema,
  status: 201,
});

/** Most rows one bulk import may carry, and its largest body (CSV or JSON lines). */
export const PRICE_IMPORT_MAX_ROWS = 100_000;
export const PRICE_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Rejected rows an import's report lists (all are counted). */
export const PRICE_IMPORT_MAX_REPORTED = 1000;

/** DECISIONS (bulk import of prices): each row is a new-price payload (the same schema as
 * createPrice), validated on its own. The valid rows are stored together in one transaction, the
 * invalid ones are listed with their row number and reasons and not stored: a failure or a crash
 * while storing leaves nothing of the import behind. */
export const priceImportResult = z.object({
  /** Rows read (blank lines left out). */
  rows: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** The first PRICE_IMPORT_MAX_REPORTED rejected rows: the row (1 is the first after a CSV's
   * header, or the first JSON line), the file line it starts on, and each reason. */
  errors: z.array(
    z.object({
      row: z.number().int(),
      line: z.number().int(),
      errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() })),
    }),
  ),
});
export type PriceImportResult = z.infer<typeof priceImportResult>;

export const importPricesOperation = defineOperation({
  ...API_ROUTES.importPrices,
  tag: 'prices',
  summary:
    'Bulk import of prices: CSV (text/csv, a header row of the new-price fields) or JSON lines (application/x-ndjson); valid rows stored together, rejected rows reported',
  access: 'operator',
  response: priceImportResult,
});

export const getPriceHistoryOperation = defineOperation({
  ...API_ROUTES.getPriceHistory,
  tag: 'prices',
  summary: 'The offer of an observation and all its observations, oldest first',
  access: 'viewer',
  params: idParams,
  response: priceHistorySchema,
});

// ---- The Prices screen's charts, over every price matching its filters ----

/** The list's filters (not its order or paging): the charts show the same set as the list. */
export const priceChartQuery = priceListQuery.pick({
  search: true,
  currency: true,
  vendor_id: true,
  category: true,
  price_type: true,
});
export type PriceChartQuery = z.infer<typeof priceChartQuery>;

/** The bounds of each chart; each answer gives the count before its bound. */
export const PRICE_CHART_LIMITS = {
  /** Offers the timeline's picker lists, the most observed first. */
  timelineOffers: 50,
  /** Offers drawn side by side. */
  timelineSeries: 8,
  /** Points per offer at most: a day each when the offers span up to this many days, else a week,
   * else a month. */
  timelinePoints: 400,
  heatmapVendors: 15,
  /** Columns: weeks, or months when the prices span more weeks than this; the latest are kept. */
  heatmapBuckets: 104,
  scatterPoints: 2000,
} as const;

export const TIME_BUCKETS = ['day', 'week', 'month'] as const;
const count = z.number().int().min(0);
/** A bucket's first day (UTC, weeks start on Monday). */
const bucketDate = z.iso.date();

export const priceTimelineResponse = z.object({
  /** Prices matching the filters, and those of them with a USD value per base unit. */
  total: count,
  priced: count,
  bucket: z.enum(TIME_BUCKETS),
  /** Offers with a USD-priced observation; the first `offers` of them by observations. */
  offers_total: count,
  offers: z.array(
    z.object({
      offer_id: z.string(),
      /** Its newest priced observation: the one its full history is asked by (null only if it
       * was deleted while the answer was computed). */
      observation_id: z.string().nullable(),
      vendor_name: z.string(),
      offer_name: z.string(),
      base_unit: z.string().nullable(),
      observations: count,
    }),
  ),
  /** The first `series_limit` offers: their average USD per base unit in each bucket. */
  series_limit: count,
  series: z.array(
    z.object({
      offer_id: z.string(),
      points: z.array(
        z.object({
          at: bucketDate,
          value: z.number(),
          observations: count,
        }),
      ),
    }),
  ),
});
export type PriceTimeline = z.infer<typeof priceTimelineResponse>;

/** A timeline point: one offer's bucket, under the same list filters. A point's observation is
 * asked for when it is clicked, not sent with every point: finding the newest observation of each
 * of ~2,800 daily buckets was half the timeline's time at 1M prices. */
export const priceTimelinePointQuery = priceChartQuery.extend({
  offer_id: uuid,
  at: z.iso.date({ error: 'validation.invalid_format' }),
  bucket: z.enum(TIME_BUCKETS),
});
export type PriceTimelinePointQuery = z.infer<typeof priceTimelinePointQuery>;

export const priceTimelinePointResponse = z.object({
  /** The bucket's newest observation matching the filters (the highest id among those observed
   * at that time); null when none is left (deleted since the timeline was drawn). */
  observation_id: z.string().nullable(),
});
export type PriceTimelinePoint = z.infer<typeof priceTimelinePointResponse>;

export const priceHeatmapResponse = z.object({
  total: count,
  bucket: z.enum(['week', 'month']),
  /** Vendors with a price, and the first `vendor_limit` of them by observations. */
  vendors_total: count,
  vendor_limit: count,
  vendors: z.array(z.object({ vendor_id: z.string(), name: z.string() })),
  /** Buckets with a price, and the latest `bucket_limit` of them, oldest first. */
  buckets_total: count,
  bucket_limit: count,
  buckets: z.array(bucketDate),
  cells: z.array(
    z.object({
      vendor_id: z.string(),
      at: bucketDate,
      observations: count,
      /** The cell's newest observation: what a click opens (null as above). */
      observation_id: z.string().nullable(),
    }),
  ),
});
export type PriceHeatmap = z.infer<typeof priceHeatmapResponse>;

export const priceScatterResponse = z.object({
  total: count,
  priced: count,
  /** Every priced observation when they are at most `limit`, otherwise a sample of `limit`: those
   * whose id hashes lowest (uuid_hash), a uniform draw that the same filters give again. */
  sample_size: count,
  limit: count,
  points: z.array(
    z.object({
      observation_id: z.string(),
      vendor_name: z.string(),
      offer_name: z.string(),
      price_type: z.enum(PRICE_TYPES),
      confidence_score: z.number(),
      price_usd: z.number(),
      base_unit: z.string().nullable(),
    }),
  ),
});
export type PriceScatter = z.infer<typeof priceScatterResponse>;

export const getPriceTimelineOperation = defineOperation({
  ...API_ROUTES.getPriceTimeline,
  tag: 'prices',
  summary:
    'Prices screen timeline: the most observed offers matching the list filters, their average USD per base unit by day, week or month',
  access: 'viewer',
  query: priceChartQuery,
  response: priceTimelineResponse,
});

export const getPriceTimelinePointOperation = defineOperation({
  ...API_ROUTES.getPriceTimelinePoint,
  tag: 'prices',
  summary:
    "Prices screen timeline point: the newest observation of one offer's day, week or month under the list filters (what a click on the point opens)",
  access: 'viewer',
  query: priceTimelinePointQuery,
  response: priceTimelinePointResponse,
});

export const getPriceHeatmapOperation = defineOperation({
  ...API_ROUTES.getPriceHeatmap,
  tag: 'prices',
  summary:
    'Prices screen heatmap: observations per vendor and week (or month) over every price matching the list filters',
  access: 'viewer',
  query: priceChartQuery,
  response: priceHeatmapResponse,
});

export const getPriceScatterOperation = defineOperation({
  ...API_ROUTES.getPriceScatter,
  tag: 'prices',
  summary:
    'Prices screen scatter: a deterministic sample of the USD-priced prices matching the list filters, with the total it was drawn from',
  access: 'viewer',
  query: priceChartQuery,
  response: priceScatterResponse,
});
