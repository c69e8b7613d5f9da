import type { ExtractedOffer, PageKind } from '@preciofab/extract/offer';
import { shopifyProductsUrl, woocommerceStoreApiUrl } from '@preciofab/extract/platform-endpoints';
import { readTargetPage as readPage, type PageFetcher } from '@preciofab/extract/thread/read-page';
import type { PoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import type { BrowserPool } from './browser-pool.ts';
import type { HtmlExtractor } from '@preciofab/extract/thread/extract-pool';
import type { ScreenshotSkip } from '@preciofab/shared/screenshot-reason';

export type TargetPage = {
  url: string;
  category: string;
  selectors: Record<string, string> | null;
  /** The operator's currency for what the page leaves undecided. */
  currency?: string | null;
};

/** The files an observation's evidence points at, not stored yet: the page store writes them with
 * the observations, in one transaction. */
export type CapturedEvidence = {
  sourceUrl: string;
  capturedAt: Date;
  snapshot: { contentType: string; content: Buffer };
  screenshot: Buffer | null;
  /** Why there is no screenshot (kept with each observation, for the evidence modal); null when
   * there is one. */
  screenshotSkipped: ScreenshotSkip | null;
};

/** What reading one target's page gave: its offers and the evidence they were read from. */
export type PageReading = {
  pages: number;
  page_kind: PageKind;
  offers: ExtractedOffer[];
  evidence: CapturedEvidence;
  rendered: boolean;
};

export type CrawlTools = {
  fetcher: PoliteFetcher;
  /** Null when Chromium is not installed or screenshots are off. */
  browser: BrowserPool | null;
  /** Reads HTML pages' offers in a worker thread. */
  extractor: HtmlExtractor;
};

/** The slot a page holds among its process's lanes (pages fetched at once). */
export type LaneSlot = {
  /** Gives the slot back (a no-op when not held). */
  release(): void;
  /** Takes a slot again, waiting for one (at once when held). */
  acquire(): Promise<void>;
};

export type ReadOptions = {
  /** Called once, as soon as reading the page will send no more requests to its site: after the
   * page's answer when it can ask for nothing else (no Chromium to render it, no Shopify or
   * WooCommerce catalogue to ask for), else when the reading ends. The site may be given back
   * then, while extraction goes on. `bytes`: the page's size (its text's length), for the
   * caller's memory bound. */
  onRequestsDone?: (bytes: number) => void;
  /** The page's lane, held when the reading starts: given back while no request of the page is
   * in flight (its extraction, waiting in the thread's queue, holds none) and taken again before
   * the next (a list page's store catalogue). With Chromium, whose requests do not pass here, it
   * is held to the end. */
  lane?: LaneSlot;
};

/** Whether a fetched page may lead its reading to ask its site for more: its store's catalogue. */
const mayAskMore = (text: string, finalUrl: string) =>
  (shopifyProductsUrl(text, finalUrl) ?? woocommerceStoreApiUrl(text, finalUrl)) !== null;

/** Fetches a target's page through the guarded fetcher and extracts its offers (the same reading
 * as the console's Test button: read-page.ts), renders it in Chromium when its prices are drawn by
 * its own scripts, and keeps the evidence (the HTML snapshot, and a screenshot when Chromium is
 * there). Throws a FetchError when the page cannot be had (an error response never becomes an
 * observation) and a PageReadError when it gives no reading (not a web page, extraction failed or
 * ran out of time). Writes nothing. */
export async function readTargetPage(
  target: TargetPage,
  tools: CrawlTools,
  options: ReadOptions = {},
): Promise<PageReading> {
  let bytes = 0;
  let done = false;
  const requestsDone = () => {
    if (done) return;
    done = true;
    options.onRequestsDone?.(bytes);
  };
  let fetches = 0;
  const lane = tools.browser ? undefined : options.lane;
  const fetcher: PageFetcher = {
    async fetch(url, fetchOptions) {
      if (fetches > 0) await lane?.acquire();
      let page: Awaited<ReturnType<CrawlTools['fetcher']['fetch']>>;
      try {
        page = await tools.fetcher.fetch(url, fetchOptions);
      } finally {
        lane?.release();
      }
      fetches += 1;
      if (fetches === 1) {
        bytes = page.text.length;
        if (!tools.browser && !mayAskMore(page.text, page.finalUrl)) requestsDone();
      }
      return page;
    },
  };
  try {
    return await readAndCapture(target, tools, fetcher);
  } finally {
    options.lane?.release();
    requestsDone();
  }
}

async function readAndCapture(
  target: TargetPage,
  tools: CrawlTools,
  fetcher: PageFetcher,
): Promise<PageReading> {
  const read = await readPage(
    { url: target.url, category: target.category, currency: target.currency, selectors: target.selectors },
    { fetcher, extractor: tools.extractor, checkRendering: tools.browser !== null },
  );
  const capturedAt = new Date();
  const sourceUrl = read.finalUrl;
  if (read.document.kind === 'json') {
    const snapshot = {
      contentType: 'application/json; charset=utf-8',
      content: Buffer.from(read.document.text, 'utf8'),
    };
    return {
      pages: read.pages,
      page_kind: read.page_kind,
      offers: read.offers,
      rendered: false,
      evidence: { sourceUrl, capturedAt, snapshot, screenshot: null, screenshotSkipped: 'json_document' },
    };
  }

  let html = read.document.text;
  let { offers, pages } = read;
  let rendered = false;
  let screenshot: Buffer | null = null;
  let screenshotSkipped: ScreenshotSkip | null = 'no_browser';
  if (tools.browser) {
    const capture = await tools.browser.capture(sourceUrl, html, { screenshot: true }).catch(() => null);
    // A render that failed or ran out of time leaves the fetched HTML as the only evidence.
    screenshotSkipped = capture?.screenshot ? null : 'capture_failed';
    if (capture) {
      screenshot = capture.screenshot;
      if (read.needsRendering) {
        const fromRendered = (await tools.extractor.read({ ...read.context, html: capture.html }, false))
          .offers;
        if (fromRendered.length > 0) {
          offers = fromRendered;
          html = capture.html;
          rendered = true;
          pages += 1;
        }
      }
    }
  }

  const snapshot = { contentType: 'text/html; charset=utf-8', content: Buffer.from(html, 'utf8') };
  return {
    pages,
    page_kind: read.page_kind,
    offers,
    rendered,
    evidence: { sourceUrl, capturedAt, snapshot, screenshot, screenshotSkipped },
  };
}
