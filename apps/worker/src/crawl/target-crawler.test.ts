import { describe, expect, it } from 'vitest';
import type { ExtractedOffer } from '@preciofab/extract/offer';
import type { HtmlExtractor } from '@preciofab/extract/thread/extract-pool';
import type { PoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import type { BrowserPool } from './browser-pool.ts';
import { readTargetPage, type CrawlTools } from './target-crawler.ts';

// What the evidence of a read page says about its screenshot: taken, or why not. The sequence is
// under test here; the extractors and the browser have their own tests.

const URL = 'https://taller.example/precios';
const HTML = '<html><body><p>Impresión 3D FDM en PLA: $3.20 MXN por cm³</p></body></html>';
const JSON_DOC = JSON.stringify({ products: [{ title: 'PLA 1 kg', variants: [{ price: '349.00' }] }] });
const SHOT = Buffer.from('jpeg bytes');

type Reading = Awaited<ReturnType<HtmlExtractor['read']>>;

const extractor: HtmlExtractor = {
  read: () =>
    Promise.resolve({
      page_kind: 'list',
      offers: [{ price: 3.2 } as unknown as ExtractedOffer],
      needsRendering: false,
    } as Reading),
  warm: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

const fetcherOf = (contentType: string, text: string) =>
  ({
    fetch: (url: string) => Promise.resolve({ finalUrl: url, status: 200, contentType, text }),
  }) as unknown as PoliteFetcher;

const browserThat = (capture: BrowserPool['capture']) =>
  ({ capture, close: () => Promise.resolve() }) as BrowserPool;

const read = (tools: Partial<CrawlTools>) =>
  readTargetPage(
    { url: URL, category: 'additive_manufacturing', selectors: null },
    { fetcher: fetcherOf('text/html', HTML), extractor, browser: null, ...tools },
  );

describe('the screenshot of a read page', () => {
  it('is taken by the browser when there is one', async () => {
    const page = await read({
      browser: browserThat(() => Promise.resolve({ html: HTML, screenshot: SHOT })),
    });
    expect(page.evidence.screenshot).toBe(SHOT);
    expect(page.evidence.screenshotSkipped).toBeNull();
  });

  it('is skipped with no browser: the page was fetched over plain HTTP', async () => {
    const page = await read({ browser: null });
    expect(page.evidence.screenshot).toBeNull();
    expect(page.evidence.screenshotSkipped).toBe('no_browser');
    expect(page.evidence.snapshot.content.toString()).toBe(HTML);
  });

  it('is missing when the browser fails or runs out of time, and the fetched HTML stays the evidence', async () => {
    const failing = await read({
      browser: browserThat(() => Promise.reject(new Error('Timeout 10000ms exceeded'))),
    });
    expect(failing.evidence.screenshotSkipped).toBe('capture_failed');
    expect(failing.evidence.snapshot.content.toString()).toBe(HTML);
    expect(failing.offers).toHaveLength(1);

    const blank = await read({
      browser: browserThat(() => Promise.resolve({ html: HTML, screenshot: null })),
    });
    expect(blank.evidence.screenshotSkipped).toBe('capture_failed');
  });

  it('is not taken of a JSON document, even with a browser: there is no page to photograph', async () => {
    let captures = 0;
    const page = await read({
      fetcher: fetcherOf('application/json', JSON_DOC),
      browser: browserThat(() => {
        captures++;
        return Promise.resolve({ html: HTML, screenshot: SHOT });
      }),
    });
    expect(captures).toBe(0);
    expect(page.evidence.screenshot).toBeNull();
    expect(page.evidence.screenshotSkipped).toBe('json_document');
    expect(page.evidence.snapshot.contentType).toMatch(/^application\/json/);
  });
});
