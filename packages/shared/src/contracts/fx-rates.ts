import { z } from 'zod';
import { isCurrencyCode } from '../currencies.ts';
import { utf8Length } from '../fx-import.ts';
import { API_ROUTES } from '../api-routes.ts';
import { FAILURE_CODES } from '../job-failures.ts';
import { defineOperation } from '../operation.ts';
import { currencyCodeField, idParams, isoDateTime, limitQuery, offsetQuery, paginated } from './common.ts';

export const fxRateSchema = z.object({
  /** ISO 4217. */
  currency: z.string(),
  /** YYYY-MM-DD: the rate applies to observations from this date until the next rate. */
  effective_date: z.string(),
  /** Units of the currency per one US dollar. */
  units_per_usd: z.number().positive(),
  source: z.string(),
  updated_at: isoDateTime,
});
export type FxRate = z.infer<typeof fxRateSchema>;

/** Rates newest first (or those in force on a date), a page at a time: an imported history holds
 * hundreds of thousands. */
export const fxRatesResponse = paginated(fxRateSchema);
export type FxRatesPage = z.infer<typeof fxRatesResponse>;

/** The rates written by one update: those of its date. */
export const fxRatesWritten = z.object({ data: z.array(fxRateSchema) });

const isoDate = z.iso.date({ error: 'validation.invalid_format' });

export const fxRatesQuery = z.strictObject({
  /** The rates in force on this date, one per currency; without it, every stored rate. */
  date: isoDate.optional(),
  /** Only this currency's rates. */
  currency: currencyCodeField.optional(),
  limit: limitQuery(1000, 200),
  offset: offsetQuery,
});
export type FxRatesQuery = z.infer<typeof fxRatesQuery>;

const rate = z
  .number({ error: 'validation.fx_rate_positive' })
  // Greater than 0 as the column stores it: 8 decimals, so a smaller rate would become 0.
  .min(0.00000001, 'validation.fx_rate_positive')
  .max(1_000_000_000, 'validation.too_big');

/** How many currencies one update may set: every active ISO code fits. */
export const MAX_RATES_PER_UPDATE = 200;

export const fxRatesUpdateBody = z.strictObject({
  effective_date: isoDate,
  /** Units per US dollar by ISO 4217 code: `{ "COP": 4150.5, "CLP": 940 }`. USD is always 1 and
   * written by the server; naming it with another value is refused. */
  rates: z.record(z.string().max(10), rate).superRefine((rates, ctx) => {
    const codes = Object.keys(rates);
    if (codes.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.required' });
    if (codes.length > MAX_RATES_PER_UPDATE) {
      ctx.addIssue({ code: 'custom', message: 'validation.fx_rates_too_many' });
    }
    for (const code of codes) {
      if (!isCurrencyCode(code))
        ctx.addIssue({ code: 'custom', path: [code], message: 'validation.currency_invalid' });
      else if (code === 'USD' && rates[code] !== 1) {
        ctx.addIssue({ code: 'custom', path: [code], message: 'validation.fx_usd_is_one' });
      }
    }
  }),
  source: z.string().trim().min(1).max(100).default('manual'),
});
export type FxRatesUpdate = z.infer<typeof fxRatesUpdateBody>;

export const listFxRatesOperation = defineOperation({
  ...API_ROUTES.listFxRates,
  tag: 'fx-rates',
  summary: 'Exchange rates, a page at a time: every stored rate newest first, or those in force on a date',
  access: 'viewer',
  query: fxRatesQuery,
  response: fxRatesResponse,
});

export const updateFxRatesOperation = defineOperation({
  ...API_ROUTES.updateFxRates,
  tag: 'fx-rates',
  summary: 'Set the exchange rates effective on a date; observations that use them are re-normalized',
  access: 'admin',
  body: fxRatesUpdateBody,
  response: fxRatesWritten,
});

// ---- Importing rate histories ----

/** The files the importer reads: the ECB's reference-rate history (`Date,USD,JPY,…`, EUR-based,
 * `N/A` for a missing day), or plain rows `date,currency,units_per_usd`. `auto` tells them apart by
 * the header. */
export const FX_IMPORT_FORMATS = ['auto', 'ecb', 'rates'] as const;
export type FxImportFormat = (typeof FX_IMPORT_FORMATS)[number];

/** Largest file an import takes: the ECB's whole history since 1999 is about 2 MB. */
export const FX_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

export const fxImportBody = z.strictObject({
  format: z.enum(FX_IMPORT_FORMATS).default('auto'),
  /** The file's text (UTF-8). */
  content: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .max(FX_IMPORT_MAX_BYTES, 'validation.fx_import_too_large')
    // The cap is in bytes; a character may take up to four.
    .refine((text) => utf8Length(text) <= FX_IMPORT_MAX_BYTES, 'validation.fx_import_too_large'),
  /** Stored with each rate; by default 'ecb' or 'csv'. */
  source: z.string().trim().min(1).max(100).optional(),
});
export type FxImport = z.infer<typeof fxImportBody>;

/** What an import did, once it ran. */
export const fxImportResultSchema = z.object({
  format: z.enum(['ecb', 'rates']),
  /** Rate rows written (inserted or replaced). */
  rates: z.number().int(),
  /** Per currency: the first and last dates written and how many. */
  currencies: z.record(z.string(), z.object({ from: z.string(), to: z.string(), count: z.number().int() })),
  /** Observations normalized again, including those that had no rate and now convert. */
  renormalized: z.number().int(),
  /** Values left out (ECB `N/A`, a currency no longer active), with the first few lines that had an
   * error; a file with errors writes nothing. */
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** How many errors the file had in all (only the first 20 are listed). */
  error_count: z.number().int(),
});
export type FxImportResult = z.infer<typeof fxImportResultSchema>;

export const fxImportStatusSchema = z.object({
  job_id: z.string(),
  state: z.enum(['queued', 'running', 'completed', 'failed']),
  result: fxImportResultSchema.nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  /** Why it failed, as a code (job-failures.ts): `invalid_input` for a file with errors,
   * `timeout` past its time budget, else what the worker caught. */
  error_code: z.enum(FAILURE_CODES).nullable(),
  /** The technical text behind a failure the worker caught (PostgreSQL's words), if any. */
  error_detail: z.string().nullable(),
});
export type FxImportStatus = z.infer<typeof fxImportStatusSchema>;

export const importFxRatesOperation = defineOperation({
  ...API_ROUTES.importFxRates,
  tag: 'fx-rates',
  summary:
    'Import a rate history (ECB reference rates or date,currency,units_per_usd rows) in the background; prices are re-normalized',
  access: 'admin',
  body: fxImportBody,
  response: fxImportStatusSchema,
  status: 202,
  // The file travels inside a JSON string: room for its escapes (quotes, line breaks) on top.
  bodyLimit: 2 * FX_IMPORT_MAX_BYTES + 64 * 1024,
});

export const getFxImportOperation = defineOperation({
  ...API_ROUTES.getFxImport,
  tag: 'fx-rates',
  summary: 'The state and outcome of a rate import',
  access: 'admin',
  params: idParams,
  response: fxImportStatusSchema,
});
