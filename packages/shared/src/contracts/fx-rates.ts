import { z } from 'zod';
import { CURRENCIES } from '../catalogue.ts';
import { defineOperation } from '../operation.ts';
import { isoDateTime } from './common.ts';

export const fxRateSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** YYYY-MM-DD: the rate applies to observations from this date until the next rate. */
  effective_date: z.string(),
  /** Units of the currency per one US dollar. */
  units_per_usd: z.number().positive(),
  source: z.string(),
  updated_at: isoDateTime,
});
export type FxRate = z.infer<typeof fxRateSchema>;

export const fxRatesResponse = z.object({ data: z.array(fxRateSchema) });

const isoDate = z.iso.date({ error: 'validation.invalid_format' });

export const fxRatesQuery = z.strictObject({
  /** The rates in force on this date, one per currency; without it, every stored rate. */
  date: isoDate.optional(),
});

const rate = z
  .number({ error: 'validation.fx_rate_positive' })
  // Greater than 0 as the column stores it: 8 decimals, so a smaller rate would become 0.
  .min(0.00000001, 'validation.fx_rate_positive')
  .max(1_000_000_000, 'validation.too_big');

export const fxRatesUpdateBody = z.strictObject({
  effective_date: isoDate,
  // USD is always 1 and written by the server; only the other currencies are set.
  rates: z
    .strictObject({ MXN: rate.optional(), EUR: rate.optional() })
    .refine((r) => r.MXN !== undefined || r.EUR !== undefined, 'validation.required'),
  source: z.string().trim().min(1).max(100).default('manual'),
});
export type FxRatesUpdate = z.infer<typeof fxRatesUpdateBody>;

export const listFxRatesOperation = defineOperation({
  id: 'listFxRates',
  method: 'GET',
  path: '/api/v1/fx-rates',
  tag: 'fx-rates',
  summary: 'Exchange rates: all stored rates newest first, or those in force on a date',
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
  response: fxRatesResponse,
});
