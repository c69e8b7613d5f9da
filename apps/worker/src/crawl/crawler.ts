import { dropIdleConnections } from '@preciofab/fetch/connection-pool';
import { createPoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import { createBrowserPool, type BrowserPool } from './browser-pool.ts';
import { createHtmlExtractor } from '@preciofab/extract/thread/extract-pool';
import type { CrawlerSettings } from './crawler-config.ts';
import { createCrawlLanes, type CrawlLanes } from './crawl-lanes.ts';
import type { CrawlTools } from './target-crawler.ts';

/** The crawler's long-lived parts, one per worker process: the polite fetcher (its robots cache
 * and per-host queues must be shared by every job the process runs), the shared browser, the
 * extraction thread, and the crawl lanes that read pages of any running crawl run. */
export type Crawler = {
  settings: CrawlerSettings;
  tools: CrawlTools;
  lanes: CrawlLanes;
  /** Resolves once the extraction thread has started and read a first page. */
  ready(): Promise<void>;
  close(): Promise<void>;
};

export function createCrawler(settings: CrawlerSettings): Crawler {
  const fetcher = createPoliteFetcher({
    allowedHosts: settings.allowedHosts,
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    minDelayMs: settings.minDelayMs,
  });
  const browser: BrowserPool | null = settings.chromiumPath
    ? createBrowserPool({
        chromiumPath: settings.chromiumPath,
        pages: settings.browserPages,
        timeoutMs: settings.timeoutMs,
        async through(url, init) {
          const page = await fetcher.fetch(url, {
            method: init.method === 'POST' ? 'POST' : 'GET',
            headers: init.headers,
            ...(init.body ? { body: init.body } : {}),
          });
          const headers: Record<string, string> = {};
          if (page.contentType) headers['content-type'] = page.contentType;
          return { status: page.status, headers, body: page.bytes };
        },
      })
    : null;
  const extractor = createHtmlExtractor({ budgetMs: settings.extractBudgetMs });
  // Started with the process, not with its first crawl. A failure here shows again, with its
  // reason, on the first page read.
  const warming = extractor.warm().catch(() => undefined);
  const tools: CrawlTools = { fetcher, browser, extractor };
  const lanes = createCrawlLanes(tools, { lanes: settings.lanes, leaseSeconds: settings.leaseSeconds });
  return {
    settings,
    tools,
    lanes,
    ready: () => warming,
    async close() {
      await lanes.stop();
      await browser?.close();
      await extractor.close();
      dropIdleConnections();
    },
  };
}
