import { extractPage } from '@preciofab/extract/extract-page';
import { shopifyProductsUrl, woocommerceStoreApiUrl } from '@preciofab/extract/platform-endpoints';
import type { ExtractedOffer } from '@preciofab/extract/offer';
import { FetchError } from '@preciofab/fetch/fetch-error';
import type { FetchedPage } from '@preciofab/fetch/guarded-fetch';
import type { PoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import type { BrowserPool } from './browser-pool.ts';
import type { HtmlExtractor } from '@preciofab/extract/thread/extract-pool';

export type TargetPage = {
  url: string;
  category: string;
  selectors: Record<string, string> | null;
};

/** The files an observation's evidence points at, not stored yet: the page store writes them with
 * the observations, in one transaction. */
export type CapturedEvidence = {
  sourceUrl: string;
  capturedAt: Date;
  snapshot: { contentType: string; content: Buffer };
  screenshot: Buffer | null;
};

/** What reading one target's page gave: its offers and the evidence they were read from. */
export type PageReading = {
  pages: number;
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

const isHtml = (page: FetchedPage) => /html|xml/i.test(page.contentType ?? 'text/html');
const isJson = (page: FetchedPage) => /json/i.test(page.contentType ?? '');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Fetches a target's page through the guarded fetcher, extracts its offers, renders it in
 * Chromium when its prices are drawn by its own scripts, and keeps the evidence (the HTML snapshot,
 * and a screenshot when Chromium is there). Throws a FetchError when the page cannot be had: an
 * error response (4xx/5xx) never becomes an observation. Writes nothing. */
export async function readTargetPage(target: TargetPage, tools: CrawlTools): Promise<PageReading> {
  const page = await tools.fetcher.fetch(target.url, {
    accept: 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.5',
  });
  const capturedAt = new Date();
  const sourceUrl = page.finalUrl;
  const context = {
    url: sourceUrl,
    contentType: page.contentType ?? undefined,
    selectors: target.selectors ?? undefined,
    categoryHint: target.category,
  };

  if (isJson(page)) {
    const offers = extractPage({ ...context, json: parseJson(page.text) });
    const snapshot = {
      contentType: 'application/json; charset=utf-8',
      content: Buffer.from(page.text, 'utf8'),
    };
    return {
      pages: 1,
      offers,
      rendered: false,
      evidence: { sourceUrl, capturedAt, snapshot, screenshot: null },
    };
  }
  if (!isHtml(page)) {
    throw new FetchError('http_status', `not a web page: ${page.contentType ?? 'no content type'}`, {
      status: page.status,
    });
  }

  let html = page.text;
  const reading = await tools.extractor.read({ ...context, html }, tools.browser !== null);
  let offers = reading.offers;
  let pages = 1;
  let rendered = false;

  // A Shopify or WooCommerce shop publishes its catalogue as JSON: exact prices, every variant.
  const storeApi = shopifyProductsUrl(html, sourceUrl) ?? woocommerceStoreApiUrl(html, sourceUrl);
  if (storeApi) {
    const data = await tools.fetcher.fetch(storeApi, { accept: 'application/json' }).catch(() => null);
    const fromApi = data ? extractPage({ ...context, url: storeApi, json: parseJson(data.text) }) : [];
    if (data) pages += 1;
    if (fromApi.length > 0) offers = fromApi;
  }
  let screenshot: Buffer | null = null;

  if (tools.browser) {
    const wantsRender = offers.length === 0 && reading.needsRendering;
    const capture = await tools.browser.capture(sourceUrl, html, { screenshot: true }).catch(() => null);
    if (capture) {
      screenshot = capture.screenshot;
      if (wantsRender) {
        const fromRendered = (await tools.extractor.read({ ...context, html: capture.html }, false)).offers;
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
  return { pages, offers, rendered, evidence: { sourceUrl, capturedAt, snapshot, screenshot } };
}
