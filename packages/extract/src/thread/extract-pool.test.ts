import { afterAll, describe, expect, it } from 'vitest';
import { extractPage, needsRendering } from '../extract-page.ts';
import { createHtmlExtractor } from './extract-pool.ts';

const extractor = createHtmlExtractor();
afterAll(() => extractor.close());

const PRICE_PAGE =
  '<html lang="es"><body><table><tr><td>Impresión 3D SLA en resina</td><td>$9.40 MXN por cm³ IVA incluido</td></tr>' +
  '<tr><td>Fresado CNC en aluminio</td><td>$650.00 MXN por hora</td></tr></table>' +
  '<p>Tel. (55) 1234 5678 · 12x $33.25</p></body></html>';
const SHELL_PAGE =
  '<html><head><script src="/app.js"></script></head><body><div id="root"></div>' +
  '<noscript>Activa JavaScript para ver los precios</noscript></body></html>';

describe('the extraction thread', () => {
  it('reads the same offers as extraction on the main thread', async () => {
    const input = {
      html: PRICE_PAGE,
      url: 'https://taller.example.test/precios',
      categoryHint: 'additive_manufacturing',
    };
    const reading = await extractor.read(input, true);
    const { offers, page_kind } = extractPage(input);
    expect(reading.offers).toEqual(offers);
    expect(reading.page_kind).toBe(page_kind);
    expect(reading.offers.map((o) => o.price)).toEqual(['9.4', '650']);
    expect(reading.needsRendering).toBe(false);
  });

  it('says a script-drawn shell needs rendering, only when asked', async () => {
    const input = { html: SHELL_PAGE, url: 'https://app.example.test/' };
    expect(needsRendering(SHELL_PAGE, input.url)).toBe(true);
    expect(await extractor.read(input, true)).toMatchObject({ offers: [], needsRendering: true });
    expect(await extractor.read(input, false)).toMatchObject({ offers: [], needsRendering: false });
  });

  it('reads pages concurrently and answers each with its own offers', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => PRICE_PAGE.replace('$9.40', `$${i + 1}.25`));
    const readings = await Promise.all(
      pages.map((html) => extractor.read({ html, url: 'https://taller.example.test/' }, false)),
    );
    expect(readings.map((r) => r.offers[0]?.price)).toEqual(pages.map((_, i) => `${i + 1}.25`));
  });

  it('fails a page past its time budget with a clear reason, and reads the next one', async () => {
    // Tens of thousands of priced lines: more than a 1 ms budget allows.
    const huge = `<html><body>${'<p>Pieza impresa en PLA: $45.50 MXN</p>'.repeat(60000)}</body></html>`;
    await expect(
      extractor.read({ html: huge, url: 'https://x.example.test/', budgetMs: 1 }, false),
    ).rejects.toMatchObject({
      code: 'extraction_timeout',
    });
    const next = await extractor.read({ html: PRICE_PAGE, url: 'https://taller.example.test/' }, false);
    expect(next.offers).toHaveLength(2);
  });

  it('ends a thread that does not answer within its budget and grace, and starts another', async () => {
    const own = createHtmlExtractor({ budgetMs: 1, graceMs: 0 });
    const huge = `<html><body>${'<p>Pieza impresa en PLA: $45.50 MXN</p>'.repeat(60000)}</body></html>`;
    await expect(own.read({ html: huge, url: 'https://x.example.test/' }, false)).rejects.toMatchObject({
      code: 'extraction_timeout',
    });
    const next = await own.read(
      { html: PRICE_PAGE, url: 'https://taller.example.test/', budgetMs: 5000 },
      false,
    );
    expect(next.offers).toHaveLength(2);
    await own.close();
  });

  it('charges a page only for its own time, not for the pages queued before it', async () => {
    const own = createHtmlExtractor({ budgetMs: 1000, graceMs: 0 });
    // Each page takes a fraction of the budget; all of them together take longer than it.
    const page = `<html><body>${'<p>Pieza impresa en PLA: $45.50 MXN</p>'.repeat(3000)}</body></html>`;
    const readings = await Promise.all(
      Array.from({ length: 12 }, () => own.read({ html: page, url: 'https://x.example.test/' }, false)),
    );
    expect(readings.every((r) => r.offers.length === 1)).toBe(true);
    expect(readings.reduce((n, r) => n + r.ms, 0)).toBeGreaterThan(0);
    await own.close();
  });

  it('fails only the page that overran: the pages queued behind it are still read', async () => {
    const own = createHtmlExtractor({ graceMs: 0 });
    const huge = `<html><body>${'<p>Pieza impresa en PLA: $45.50 MXN</p>'.repeat(60000)}</body></html>`;
    const slow = own.read({ html: huge, url: 'https://x.example.test/', budgetMs: 1 }, false);
    const queued = [1, 2, 3].map(() =>
      own.read({ html: PRICE_PAGE, url: 'https://taller.example.test/', budgetMs: 10_000 }, false),
    );
    await expect(slow).rejects.toMatchObject({ code: 'extraction_timeout' });
    for (const reading of await Promise.all(queued)) expect(reading.offers).toHaveLength(2);
    await own.close();
  });

  it('starts again after being closed', async () => {
    const own = createHtmlExtractor();
    await own.warm();
    await own.close();
    const again = await own.read({ html: PRICE_PAGE, url: 'https://taller.example.test/' }, false);
    expect(again.offers).toHaveLength(2);
    await own.close();
  });
});
