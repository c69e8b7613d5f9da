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

describe('when a page’s lane and site may be given back', () => {
  /** Records the order of the requests, the extraction, the lane and the site's release. */
  function traced(pages: Record<string, { contentType: string; text: string }>) {
    const events: string[] = [];
    const fetcher = {
      fetch: (url: string) => {
        const path = new globalThis.URL(url).pathname;
        events.push(`fetch ${path}`);
        return Promise.resolve({ finalUrl: url, status: 200, ...pages[path]! });
      },
    } as unknown as PoliteFetcher;
    const tracing: HtmlExtractor = {
      ...extractor,
      read: (input, checkRendering) => {
        events.push('extract');
        return extractor.read(input, checkRendering);
      },
    };
    let held = true;
    const lane = {
      release: () => {
        if (held) events.push('lane freed');
        held = false;
      },
      acquire: () => {
        if (!held) events.push('lane taken');
        held = true;
        return Promise.resolve();
      },
    };
    const read = () =>
      readTargetPage(
        { url: URL, category: 'additive_manufacturing', selectors: null },
        { fetcher, extractor: tracing, browser: null },
        { onRequestsDone: (bytes) => events.push(`site freed ${bytes}`), lane },
      );
    return { events, read };
  }

  it('is as soon as the page has answered, when it can ask the site for nothing else', async () => {
    const { events, read } = traced({ '/precios': { contentType: 'text/html', text: HTML } });
    await read();
    // Extraction goes on after the lane and the site are free again.
    expect(events).toEqual(['fetch /precios', 'lane freed', `site freed ${HTML.length}`, 'extract']);
  });

  it('keeps the site until the store’s catalogue has answered, and the lane only while a request is out', async () => {
    const shop = `<html><head><script src="https://cdn.shopify.com/s/theme.js"></script></head>${HTML}</html>`;
    const { events, read } = traced({
      '/precios': { contentType: 'text/html', text: shop },
      '/products.json': { contentType: 'application/json', text: JSON_DOC },
    });
    await read();
    expect(events).toEqual([
      'fetch /precios',
      'lane freed',
      'extract',
      'lane taken',
      'fetch /products.json',
      'lane freed',
      'extract',
      `site freed ${shop.length}`,
    ]);
  });
});
