import { describe, expect, it } from 'vitest';
import { readCorpus, readCorpusPage, scoreCorpus, type CorpusResult } from './corpus-score.ts';
import { extractPage } from './extract-page.ts';

/** The corpus of saved store pages (packages/extract/corpus), read as the crawler reads them, scored
 * as public product-extraction benchmarks score: the main offer's price, exact; its currency; the
 * offers a product page gives; every offer of a list. The targets, held here. */
describe('the corpus of real platforms’ pages', () => {
  const results: CorpusResult[] = readCorpus().map((entry) => {
    try {
      const reading = extractPage({ html: readCorpusPage(entry), url: entry.url, budgetMs: 60_000 });
      return { entry, page_kind: reading.page_kind, offers: reading.offers, ms: 0 };
    } catch (error) {
      return { entry, page_kind: null, offers: [], ms: 0, error: String(error) };
    }
  });
  const score = scoreCorpus(results);

  it('covers the platforms and page kinds it claims to', () => {
    const platforms = new Set(results.map((r) => r.entry.platform));
    for (const p of [
      'shopify',
      'woocommerce',
      'vtex',
      'tiendanube',
      'mercadolibre',
      'prestashop',
      'magento',
      'wix',
      'jumpseller',
      'custom',
    ])
      expect(platforms, p).toContain(p);
    expect(results.filter((r) => r.entry.page_kind === 'product').length).toBeGreaterThanOrEqual(30);
    expect(results.some((r) => r.entry.page_kind === 'article')).toBe(true);
    expect(score.errors).toEqual([]);
  });

  it('reads the main offer right (price F1 ≥ 0.94) in the right currency (≥ 97 %)', () => {
    expect(score.main.wrong).toEqual([]);
    expect(score.main.f1).toBeGreaterThanOrEqual(0.94);
    expect(score.currencyRight).toBeGreaterThanOrEqual(0.97);
  });

  it('gives a single-product page its main offer and little else (median 1, p90 ≤ 3)', () => {
    expect(score.productOffers.median).toBe(1);
    expect(score.productOffers.p90).toBeLessThanOrEqual(3);
    const over = results.filter(
      (r) => r.entry.page_kind === 'product' && r.offers.length > r.entry.max_offers,
    );
    expect(over.map((r) => `${r.entry.file}: ${r.offers.length}`)).toEqual([]);
  });

  it('keeps every offer of list and tariff pages, and gives none for an article', () => {
    expect(score.lists.missed).toEqual([]);
    expect(score.lists.recall).toBeGreaterThanOrEqual(0.95);
    expect(score.lists.precision).toBeGreaterThanOrEqual(0.98);
    expect(score.articlesWithOffers).toEqual([]);
    expect(score.kindRight).toBeGreaterThanOrEqual(0.95);
  });
});
