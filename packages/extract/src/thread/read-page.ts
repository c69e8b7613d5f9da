import { ExtractionError } from '../deadline.ts';
import type { ExtractPageInput } from '../extract-page.ts';
import type { ExtractedOffer, PageKind } from '../offer.ts';
import { shopifyProductsUrl, woocommerceStoreApiUrl } from '../platform-endpoints.ts';
import type { HtmlExtractor } from './extract-pool.ts';

/** The guarded polite fetcher as reading a page uses it: `PoliteFetcher` of packages/fetch fits
 * (extractors may not import the fetcher). Its failures are FetchErrors, passed on untouched. */
export type PageFetcher = {
  fetch(url: string, options?: { accept?: string }): Promise<FetchedDocument>;
};
export type FetchedDocument = { finalUrl: string; status: number; contentType: string | null; text: string };

/** A target's page and what the operator set for it. */
export type PageToRead = {
  url: string;
  /** The target's category: completes a classification the page gives evidence for. */
  category?: string | null;
  /** The target's currency (ISO 4217): decides a bare `$` or a bare number on the page. */
  currency?: string | null;
  /** The target's pinned CSS selectors. */
  selectors?: Readonly<Record<string, string | undefined>> | null;
};

export type PageReadTools = {
  fetcher: PageFetcher;
  extractor: HtmlExtractor;
  /** Also judge whether an HTML page without offers is a shell its scripts draw: worth it only to a
   * caller that can render it. */
  checkRendering?: boolean;
};

/** What extraction is given besides the document: to read a rendered copy of the page alike. */
export type ExtractionContext = Omit<ExtractPageInput, 'html' | 'json'>;

export type PageRead = {
  finalUrl: string;
  /** The document the page's own offers were read from, for the evidence snapshot. */
  document: { kind: 'html' | 'json'; text: string };
  page_kind: PageKind;
  /** The page's offers, or the store catalogue's when a list page is a Shopify or WooCommerce
   * shop whose JSON endpoint answered with offers. */
  offers: ExtractedOffer[];
  /** An HTML page with no offers that its scripts draw (only when `checkRendering`). */
  needsRendering: boolean;
  /** Documents fetched: the page, and the store catalogue when it was asked for. */
  pages: number;
  context: ExtractionContext;
};

export type PageReadErrorCode = 'http_status' | 'extraction_timeout' | 'extraction_failed';

/** A page that was fetched but gave no reading: not a web page, or extraction failed or ran out of
 * time. Fetch failures stay the fetcher's FetchErrors. */
export class PageReadError extends Error {
  readonly code: PageReadErrorCode;
  constructor(code: PageReadErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PageReadError';
    this.code = code;
  }
}

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.5';
const isJson = (contentType: string | null) => /json/i.test(contentType ?? '');
const isHtml = (contentType: string | null) => /html|xml/i.test(contentType ?? 'text/html');

async function extract(
  extractor: HtmlExtractor,
  input: ExtractionContext & { html: string },
  checkRendering: boolean,
) {
  try {
    const reading = await extractor.read(input, checkRendering);
    return reading;
  } catch (error) {
    const code = error instanceof ExtractionError ? error.code : 'extraction_failed';
    const message = error instanceof Error ? error.message : String(error);
    throw new PageReadError(code, message, { cause: error });
  }
}

/**
 * Reads one page as the crawler does, writing nothing: fetches it through the guarded fetcher,
 * extracts its offers in the extraction thread (off the caller's event loop), and for a list page of
 * a Shopify or WooCommerce shop prefers the offers of the shop's public JSON catalogue (exact prices,
 * every variant). Rendering a script-drawn page and keeping evidence are the caller's. Throws the
 * fetcher's FetchError when the page cannot be had, and a PageReadError when it gives no reading.
 */
export async function readTargetPage(page: PageToRead, tools: PageReadTools): Promise<PageRead> {
  const fetched = await tools.fetcher.fetch(page.url, { accept: PAGE_ACCEPT });
  const finalUrl = fetched.finalUrl;
  const context: ExtractionContext = {
    url: finalUrl,
    contentType: fetched.contentType ?? undefined,
    selectors: page.selectors ?? undefined,
    categoryHint: page.category ?? null,
    currency: page.currency ?? null,
  };

  if (isJson(fetched.contentType)) {
    const reading = await extract(tools.extractor, { ...context, html: fetched.text }, false);
    return {
      finalUrl,
      document: { kind: 'json', text: fetched.text },
      page_kind: reading.page_kind,
      offers: reading.offers,
      needsRendering: false,
      pages: 1,
      context,
    };
  }
  if (!isHtml(fetched.contentType)) {
    throw new PageReadError('http_status', `not a web page: ${fetched.contentType ?? 'no content type'}`);
  }

  const html = fetched.text;
  const reading = await extract(tools.extractor, { ...context, html }, tools.checkRendering ?? false);
  let offers = reading.offers;
  let pages = 1;
  const storeApi =
    reading.page_kind === 'list'
      ? (shopifyProductsUrl(html, finalUrl) ?? woocommerceStoreApiUrl(html, finalUrl))
      : null;
  if (storeApi) {
    // The catalogue is a bonus: when it cannot be had or read, the page's own offers stand.
    const data = await tools.fetcher.fetch(storeApi, { accept: 'application/json' }).catch(() => null);
    if (data) {
      pages += 1;
      const json = {
        ...context,
        url: storeApi,
        contentType: 'application/json',
        html: data.text,
        pageCurrency: reading.page_currency,
      };
      const fromApi = await extract(tools.extractor, json, false).catch(() => null);
      if (fromApi && fromApi.offers.length > 0) offers = fromApi.offers;
    }
  }
  return {
    finalUrl,
    document: { kind: 'html', text: html },
    page_kind: reading.page_kind,
    offers,
    needsRendering: offers.length === 0 && reading.needsRendering,
    pages,
    context,
  };
}
