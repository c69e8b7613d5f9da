import { z } from 'zod';

/** The exchange-rate provider's environment variables, read by the server (embedded workers) and
 * `npm run worker`; both merge this shape into their schema, so a bad value stops the start. */
export const fxProviderConfigSchema = z.object({
  /** Base URL of an openexchangerates-like API (`https://openexchangerates.org/api`): the daily job
   * fetches `{it}/historical/YYYY-MM-DD.json?app_id={FX_PROVIDER_KEY}`. Unset: no provider job. */
  FX_PROVIDER_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** The provider's key; sent as `app_id`, never logged or stored. */
  FX_PROVIDER_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Days before today a run looks back to for days not yet fetched. */
  FX_PROVIDER_BACKFILL_DAYS: z.coerce.number().int().min(0).max(3660).default(30),
});

export type FxProviderConfig = z.infer<typeof fxProviderConfigSchema>;
