import { z } from 'zod';
import { DEFAULT_DISCOVERY_LIMITS } from './discovery-budget.ts';

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Discovery's environment variables, read by the server (embedded workers) and `npm run worker`;
 * both merge this shape into their schema, so a bad value stops the start. */
export const discoveryConfigSchema = z.object({
  /** Base URL of a SearXNG-compatible instance (`https://searx.example.org`): search_engine sources
   * query `{it}/search?format=json`. A source's own api_endpoint overrides it; unset (or blank), a
   * search_engine source without one fails its run saying so. */
  DISCOVERY_SEARCH_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** A run's budgets (discovery-budget.ts): bytes read (sitemaps uncompressed), sitemap files,
   * sitemap entries, and wall-clock time. A run that reaches one stops reading and keeps what it
   * found, noting which. */
  DISCOVERY_MAX_BYTES: int(1024 * 1024, 2 * 1024 ** 3, DEFAULT_DISCOVERY_LIMITS.maxBytes),
  DISCOVERY_MAX_SITEMAPS: int(1, 1000, DEFAULT_DISCOVERY_LIMITS.maxSitemaps),
  DISCOVERY_MAX_URLS: int(100, 1_000_000, DEFAULT_DISCOVERY_LIMITS.maxUrls),
  DISCOVERY_RUN_TIMEOUT_MS: int(5_000, 3_600_000, DEFAULT_DISCOVERY_LIMITS.timeMs),
});

export type DiscoveryConfig = z.infer<typeof discoveryConfigSchema>;
