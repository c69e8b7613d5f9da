import { z } from 'zod';

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
});

export type DiscoveryConfig = z.infer<typeof discoveryConfigSchema>;

export type DiscoverySettings = { searchEndpoint: string | undefined };

/** Settings from the environment; a bad value throws with the variable's name. */
export function discoverySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DiscoverySettings {
  const parsed = discoveryConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { searchEndpoint: parsed.data.DISCOVERY_SEARCH_URL };
}
