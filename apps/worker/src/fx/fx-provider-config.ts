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

export type FxProviderSettings = { url: string; key: string | undefined; backfillDays: number };

/** The provider's settings, or null when FX_PROVIDER_URL is unset. */
export function fxProviderSettings(c: FxProviderConfig): FxProviderSettings | null {
  if (!c.FX_PROVIDER_URL) return null;
  return { url: c.FX_PROVIDER_URL, key: c.FX_PROVIDER_KEY, backfillDays: c.FX_PROVIDER_BACKFILL_DAYS };
}

/** Settings from the environment; a bad value throws with the variable's name (never its value). */
export function fxProviderSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): FxProviderSettings | null {
  const parsed = fxProviderConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return fxProviderSettings(parsed.data);
}
