import { z } from 'zod';
import { isCurrencyCode } from '../currencies.ts';
import { defineOperation } from '../operation.ts';
import { currencyCodeField, isoDateTime, limitQuery, offsetQuery, paginated } from './common.ts';

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
  id: 'listFxRates',
  method: 'GET',
  path: '/api/v1/fx-rates',
  tag: 'fx-rates',
  summary: 'Exchange rates, a page at a time: every stored rate newest first, or those in force on a date',
  access: 'viewer',
  query: fxRatesQuery,
  response: fxRatesResponse,
});

export const updateFxRatesOperation = defineOperation({
  id: 'updateFxRates',
  method: 'PUT',
  path: '/api/v1/fx-rates',
  tag: 'fx-rates',
  summary: 'Set the exchange rates effective on a date; observations that use them are re-normalized',
  access: 'admin',
  body: fxRatesUpdateBody,
  response: fxRatesWritten,
});
