import { z } from 'zod';
import { parseAllowEntry } from './address-policy.ts';

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

/** The crawler's environment variables, read by the server (the target form's Test button, embedded
 * workers) and `npm run worker`. Here, beside the address policy that checks CRAWLER_ALLOWED_HOSTS,
 * so that both parse one schema without the server importing the worker. */
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
  /** Pages a worker process reads at once, over every run it shares (each run also caps its own
   * pages at once per process: its parallel workers). */
  CRAWLER_LANES: z.coerce.number().int().min(1).max(64).default(10),
  /** How long a worker's claim on a target and lease on a site last without renewal: a worker
   * killed mid-read gives its sites and targets back after this. */
  CRAWLER_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  /** Pages open at once in the one shared browser. */
  CRAWLER_BROWSER_PAGES: z.coerce.number().int().min(1).max(8).default(2),
});

export type CrawlerConfig = z.infer<typeof crawlerConfigSchema>;
