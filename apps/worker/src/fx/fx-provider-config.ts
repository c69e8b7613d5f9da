import { fxProviderConfigSchema, type FxProviderConfig } from '@preciofab/shared/fx-provider-config';

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
