import { discoveryConfigSchema } from '@preciofab/shared/discovery-config';
import { DEFAULT_DISCOVERY_LIMITS, type DiscoveryLimits } from '@preciofab/shared/discovery-budget';

export type DiscoverySettings = { searchEndpoint: string | undefined; limits: DiscoveryLimits };

/** Settings from the environment; a bad value throws with the variable's name. */
export function discoverySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DiscoverySettings {
  const parsed = discoveryConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    searchEndpoint: c.DISCOVERY_SEARCH_URL,
    limits: {
      ...DEFAULT_DISCOVERY_LIMITS,
      maxBytes: c.DISCOVERY_MAX_BYTES,
      maxSitemaps: c.DISCOVERY_MAX_SITEMAPS,
      maxUrls: c.DISCOVERY_MAX_URLS,
      timeMs: c.DISCOVERY_RUN_TIMEOUT_MS,
    },
  };
}
