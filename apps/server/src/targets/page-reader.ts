import { createHtmlExtractor, type HtmlExtractor } from '@preciofab/extract/thread/extract-pool';
import { createPoliteFetcher, type PoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import type { Config } from '../config.ts';

/** How the server reads a page for the Test button: the crawler's guarded, polite fetcher with the
 * crawler's settings, and an extraction thread of its own (started on first use), so a page is
 * never parsed on the event loop that answers HTTP. One per process, in the app context. */
export type PageReader = {
  fetcher: PoliteFetcher;
  extractor: HtmlExtractor;
  close(): Promise<void>;
};

export function createPageReader(config: Config): PageReader {
  const fetcher = createPoliteFetcher({
    allowedHosts: config.CRAWLER_ALLOWED_HOSTS,
    timeoutMs: config.CRAWLER_TIMEOUT_MS,
    maxBytes: config.CRAWLER_MAX_BYTES,
    minDelayMs: config.CRAWLER_MIN_DELAY_MS,
    // Someone is waiting for the answer: no backoff of seconds (or a Retry-After of a minute). A
    // transient failure shows, and the Test button tries again.
    retries: 0,
  });
  const extractor = createHtmlExtractor({ budgetMs: config.CRAWLER_EXTRACT_TIMEOUT_MS });
  return { fetcher, extractor, close: () => extractor.close() };
}
