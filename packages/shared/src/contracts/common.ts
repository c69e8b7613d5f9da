import { z } from 'zod';
import { CURRENCY_BASES } from '../catalogue.ts';
import { isCurrencyCode } from '../currencies.ts';

export const uuid = z.uuid({ error: 'validation.invalid_uuid' });
export const idParams = z.strictObject({ id: uuid });
export const isoDateTime = z.string().describe('ISO 8601 date-time');

/** An active ISO 4217 code, upper-case as the standard writes it ('usd' is refused, not guessed;
 * withdrawn codes, funds and metals are refused too). */
export const currencyCodeField = z
  .string({ error: 'validation.currency_invalid' })
  .refine(isCurrencyCode, 'validation.currency_invalid');

/** An absolute http(s) URL, with the spec's message. */
export const httpUrl = z
  .string({ error: 'validation.url_invalid' })
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'validation.url_invalid');

/** Optional text from a form: blank becomes null. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A boolean in a query string. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const limitQuery = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
export const offsetQuery = z.coerce.number().int().min(0).default(0);

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });

export const okResponse = z.object({ ok: z.literal(true) });

export const errorBody = z.object({
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() })),
});

/** What decided an offer's currency, and the mark or text it was read from. */
export const currencyEvidenceSchema = z.object({
  basis: z.enum(CURRENCY_BASES),
  /** The mark on the page (`$`, `US$`, `MXN`), when there was one. */
  mark: z.string().nullable(),
  /** The evidence in words, for whoever audits it (English, technical). */
  detail: z.string(),
});
