import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseAllowEntry } from '@preciofab/fetch/address-policy';

const hostList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((entries) => entries.every((e) => parseAllowEntry(e) !== null), {
    message: 'each entry is a host name, an IP address, or either with :port (IPv6 as [::1]:port)',
  });

/** The crawler's environment variables, read by the server (embedded workers) and `npm run worker`. */
export const crawlerConfigSchema = z.object({
  /** Hosts exempt from the private-address guard (tests and demos): `127.0.0.1,localhost`; with
   * a port (`127.0.0.1:4310`) only that port is. */
  CRAWLER_ALLOWED_HOSTS: hostList,
  /** Least pause between two requests to one host; robots.txt Crawl-delay can make it longer. */
  CRAWLER_MIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  CRAWLER_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  CRAWLER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(10_000)
    .max(100_000_000)
    .default(5 * 1024 * 1024),
  /** Time one page's extraction may take; past it that page fails with `extraction_timeout`. */
  CRAWLER_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** `auto`: take screenshots when Chromium is installed. */
  CRAWLER_SCREENSHOTS: z.enum(['auto', 'true', 'false']).default('auto'),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Crawl every active target when it is due (its frequency). The demo turns it off: its seeded
   * targets are fictional sites. */
  CRAWLER_SCHEDULE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Pages open at once in the one shared browser. */
  CRAWLER_BROWSER_PAGES: z.coerce.number().int().min(1).max(8).default(2),
});

export type CrawlerConfig = z.infer<typeof crawlerConfigSchema>;

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
