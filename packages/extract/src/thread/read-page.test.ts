import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '../deadline.ts';
import type { ExtractPageInput } from '../extract-page.ts';
import type { ExtractedOffer } from '../offer.ts';
import { createHtmlExtractor, type HtmlExtractor } from './extract-pool.ts';
import { PageReadError, readTargetPage, type FetchedDocument, type PageFetcher } from './read-page.ts';

const extractor = createHtmlExtractor();
afterAll(() => extractor.close());

type Reading = Awaited<ReturnType<HtmlExtractor['read']>>;

/** An extractor that answers from a table by document and records what it was given: the
 * sequence is under test here, the extractors have their own tests. */
function fakeExtractor(prices: Record<string, string[]>) {
  const inputs: (ExtractPageInput & { html: string })[] = [];
  const fake: HtmlExtractor = {
    async read(input) {
      inputs.push(input);
      const offers = (prices[input.html] ?? []).map((price) => ({ price }) as ExtractedOffer);
      // Cast: the extractor rewrite's reading has more than the sequence here looks at.
      return { page_kind: 'list', offers, needsRendering: false } as Reading;
    },
    warm: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return Object.assign(fake, { inputs });
}

const PRICE_LIST =
  '<html lang="es"><body><table><tr><td>Impresión 3D SLA en resina</td><td>MXN 9.40 por cm³ IVA incluido</td></tr>' +
  '<tr><td>Fresado CNC en aluminio</td><td>MXN 650.00 por hora</td></tr></table></body></html>';
const SHOPIFY_LIST =
  '<html lang="es"><head><link rel="preconnect" href="https://cdn.shopify.com" /></head>' +
  '<body><div class="shopify-section"><p>Filamentos</p></div></body></html>';
const PRODUCTS_JSON = JSON.stringify({
  products: [
    { title: 'Filamento PLA 1 kg', variants: [{ title: 'Default Title', price: '429.00' }] },
    { title: 'Filamento PETG 1 kg', variants: [{ title: 'Default Title', price: '479.00' }] },
  ],
});

type Doc = Partial<FetchedDocument> & { text: string };

/** A fetcher over an in-memory site; a missing path fails as the guarded fetcher would. */
function site(pages: Record<string, Doc | Error>): PageFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async fetch(url) {
      asked.push(url);
      const page = pages[url];
      if (page === undefined) throw Object.assign(new Error(`${url}: HTTP 404`), { code: 'http_status' });
      if (page instanceof Error) throw page;
      return { finalUrl: url, status: 200, contentType: 'text/html; charset=utf-8', ...page };
    },
  };
}

describe('reading a page', () => {
  it('fetches it and reads its offers in the extraction thread, with the target settings', async () => {
    const url = 'https://taller.example.mx/precios';
    const read = await readTargetPage(
      { url, category: 'additive_manufacturing', currency: 'MXN' },
      { fetcher: site({ [url]: { text: PRICE_LIST } }), extractor },
    );
    expect(read.offers.map((o) => [o.price, o.currency])).toEqual([
      ['9.4', 'MXN'],
      ['650', 'MXN'],
    ]);
    expect(read).toMatchObject({ finalUrl: url, pages: 1, needsRendering: false });
    expect(read.document).toEqual({ kind: 'html', text: PRICE_LIST });
    expect(read.context).toMatchObject({ url, categoryHint: 'additive_manufacturing', currency: 'MXN' });
  });

  it("prefers a shop's JSON catalogue on a list page, and keeps the page's offers without it", async () => {
    const url = 'https://filashop.example.mx/collections/filamentos';
    const api = 'https://filashop.example.mx/collections/filamentos/products.json?limit=250';
    const shop = site({
      [url]: { text: SHOPIFY_LIST },
      [api]: { text: PRODUCTS_JSON, contentType: 'application/json' },
    });
    const fake = fakeExtractor({ [SHOPIFY_LIST]: ['1'], [PRODUCTS_JSON]: ['429', '479'] });
    const read = await readTargetPage({ url, currency: 'USD' }, { fetcher: shop, extractor: fake });
    expect(shop.asked).toEqual([url, api]);
    expect(read.offers.map((o) => o.price)).toEqual(['429', '479']);
    expect(read).toMatchObject({
      pages: 2,
      page_kind: 'list',
      document: { kind: 'html', text: SHOPIFY_LIST },
    });
    // The catalogue is read with the target's settings, as JSON.
    expect(fake.inputs[1]).toMatchObject({ url: api, contentType: 'application/json', currency: 'USD' });

    const noApi = site({ [url]: { text: SHOPIFY_LIST } });
    const fallback = await readTargetPage({ url }, { fetcher: noApi, extractor: fake });
    expect(fallback.offers.map((o) => o.price)).toEqual(['1']);
    expect(fallback.pages).toBe(1);
  });

  it('asks no catalogue for one product or an article', async () => {
    const url = 'https://filashop.example.mx/products/pla';
    for (const page_kind of ['product', 'article'] as const) {
      const shop = site({ [url]: { text: SHOPIFY_LIST } });
      const reading = {
        offers: [{ price: '429' } as ExtractedOffer],
        needsRendering: false,
        page_kind,
      } as Reading;
      const read = await readTargetPage(
        { url },
        { fetcher: shop, extractor: { ...extractor, read: () => Promise.resolve(reading) } },
      );
      expect(shop.asked).toEqual([url]);
      expect(read.page_kind).toBe(page_kind);
    }
  });

  it('reads a JSON document as one, without asking about rendering', async () => {
    const url = 'https://filashop.example.mx/products.json';
    const fake = fakeExtractor({ [PRODUCTS_JSON]: ['429', '479'] });
    const fetcher = site({ [url]: { text: PRODUCTS_JSON, contentType: 'application/json' } });
    const read = await readTargetPage({ url }, { fetcher, extractor: fake, checkRendering: true });
    expect(read.offers.map((o) => o.price)).toEqual(['429', '479']);
    expect(read.document.kind).toBe('json');
    expect(fake.inputs).toEqual([
      expect.objectContaining({ html: PRODUCTS_JSON, contentType: 'application/json' }),
    ]);
  });

  it("passes the fetcher's failure on untouched, and refuses what is not a web page", async () => {
    const refused = Object.assign(new Error('refused: 10.0.0.1 is private'), { code: 'refused_address' });
    const url = 'https://taller.example.mx/';
    const fake = fakeExtractor({});
    await expect(
      readTargetPage({ url }, { fetcher: site({ [url]: refused }), extractor: fake }),
    ).rejects.toBe(refused);
    const pdf = site({ [url]: { text: '', contentType: 'application/pdf' } });
    const notPage = await readTargetPage({ url }, { fetcher: pdf, extractor: fake }).catch((e: unknown) => e);
    expect(notPage).toBeInstanceOf(PageReadError);
    expect(notPage).toMatchObject({ code: 'http_status' });
    expect(fake.inputs).toEqual([]);
  });

  it('names an extraction that failed or ran out of time', async () => {
    const url = 'https://taller.example.mx/';
    const failing = (error: Error): HtmlExtractor => ({ ...extractor, read: () => Promise.reject(error) });
    const fetcher = site({ [url]: { text: PRICE_LIST } });
    const timeout = new ExtractionError('extraction_timeout', 'took longer than 2000 ms');
    await expect(readTargetPage({ url }, { fetcher, extractor: failing(timeout) })).rejects.toMatchObject({
      name: 'PageReadError',
      code: 'extraction_timeout',
      message: 'took longer than 2000 ms',
    });
    await expect(
      readTargetPage({ url }, { fetcher, extractor: failing(new Error('the extraction thread stopped')) }),
    ).rejects.toMatchObject({ code: 'extraction_failed' });
  });
});
