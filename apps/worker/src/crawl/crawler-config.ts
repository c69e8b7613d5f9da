import { existsSync } from 'node:fs';
import { crawlerConfigSchema, type CrawlerConfig } from '@preciofab/fetch/crawler-config';

export type CrawlerSettings = {
  allowedHosts: string[];
  minDelayMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** Time one page's extraction may take (default 2 s). */
  extractBudgetMs?: number;
  /** Where Chromium is, or null when screenshots and rendering are off or it is not installed. */
  chromiumPath: string | null;
  browserPages: number;
  schedule: boolean;
  /** Pages this process reads at once over every run (default 10). */
  lanes?: number;
  /** Claims and site leases last this long without renewal (default 60 s). */
  leaseSeconds?: number;
};

export function crawlerSettings(c: CrawlerConfig): CrawlerSettings {
  const chromium =
    c.CRAWLER_SCREENSHOTS === 'false'
      ? null
      : c.CRAWLER_SCREENSHOTS === 'true' || existsSync(c.CHROMIUM_PATH)
        ? c.CHROMIUM_PATH
        : null;
  return {
    allowedHosts: c.CRAWLER_ALLOWED_HOSTS,
    minDelayMs: c.CRAWLER_MIN_DELAY_MS,
    timeoutMs: c.CRAWLER_TIMEOUT_MS,
    extractBudgetMs: c.CRAWLER_EXTRACT_TIMEOUT_MS,
    maxBytes: c.CRAWLER_MAX_BYTES,
    chromiumPath: chromium,
    browserPages: c.CRAWLER_BROWSER_PAGES,
    schedule: c.CRAWLER_SCHEDULE,
    lanes: c.CRAWLER_LANES,
    leaseSeconds: c.CRAWLER_LEASE_SECONDS,
  };
}

/** Settings from the environment; a bad value throws with the variable's name. */
export function crawlerSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CrawlerSettings {
  const parsed = crawlerConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return crawlerSettings(parsed.data);
}
