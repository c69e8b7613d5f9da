import { jsonLdTypes } from './extractors/json-ld.extractor.ts';
import type { TextReading } from './extractors/text.extractor.ts';
import type { Found } from './offer-builder.ts';
import type { PageKind } from './offer.ts';
import { isElement } from './dom.ts';
import { metaOf, type Page } from './page.ts';
import { regionAt } from './page-regions.ts';
import { urlPart } from './text-normalize.ts';

const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/;
const LIST_TYPES = /^(ItemList|CollectionPage|OfferCatalog|SearchResultsPage)$/;
const ARTICLE_TYPES = /^(BlogPosting|Article|NewsArticle|TechArticle|Blog)$/;

const PRODUCT_BODY =
  /\b(single-product|template-product|catalog-product-view|product-template|page-product|product-page|pdp|#product)\b/i;
const LIST_BODY =
  /\b(archive|tax-product_cat|post-type-archive-product|template-collection|catalog-category-view|template-search|woocommerce-shop|page-category|category-page|#category|#search)\b/i;
const ARTICLE_BODY = /\b(single-post|template-article|blog-post|post-template-default|#blog)\b/i;

const PRODUCT_PATH =
  /\/(products?|producto|produto|item|dp|articulo|artigo)\/[^/]+\/?$|\/MLM-?\d+|-p-?\d+(\.html)?$|\/p\/?$/i;
const LIST_PATH =
  /\/(collections?|categor(y|ia|ias|ies)|shop|tienda|catalog|catalogo|search|busca|buscar|precios|tarifas|servicios|pricing|rates|price-list|lista-de-precios)(\/|$|\?)/i;
const ARTICLE_PATH = /\/(blogs?|noticias|news|articulos|posts?|novedades)\/[^/]+/i;

type Score = { product: number; list: number; article: number };

/** What kind of page this is, from what the page says of itself (structured data types, Open
 * Graph type, the platform's body classes, its address, its add-to-cart buttons) and what it
 * holds (price tables, priced lines). Docs: docs/EXTRACTION.md. */
export function pageKind(page: Page, reading: TextReading, found: Found[]): PageKind {
  const score: Score = { product: 0, list: 0, article: 0 };
  const types = jsonLdTypes(page);
  const products = types.filter((t) => PRODUCT_TYPES.test(t)).length;
  const declaredList = types.some((t) => LIST_TYPES.test(t));
  if (declaredList) score.list += 3;
  else if (products === 1 || types.includes('ProductGroup')) score.product += 3;
  else if (products >= 3) score.list += 2;
  if (types.some((t) => ARTICLE_TYPES.test(t))) score.article += 3;

  // Themes write og:type more than once ("website", then "article"): any of them counts.
  const ogTypes = metaOf(page, 'og:type').map((t) => t.toLowerCase());
  if (ogTypes.some((t) => t.includes('product'))) score.product += 2;
  if (ogTypes.includes('article')) score.article += 2;

  if (PRODUCT_BODY.test(page.bodyClass)) score.product += 2;
  if (LIST_BODY.test(page.bodyClass)) score.list += 2;
  if (ARTICLE_BODY.test(page.bodyClass)) score.article += 2;

  const path = urlPart(page.url, 'pathname');
  if (PRODUCT_PATH.test(path)) score.product += 1;
  if (LIST_PATH.test(path)) score.list += 1;
  if (ARTICLE_PATH.test(path)) score.article += 1;

  // Buttons of the page's own content: a related-products carousel has one per card too.
  // (The region of where a button sits: a button is page chrome itself.)
  const buttons = page.cartButtons.filter(
    (el) => isElement(el.parent) && regionAt(el.parent) === 'main',
  ).length;
  // One, or two (a sticky bar repeats the buy box's): a product; one per card: a list.
  if (buttons === 1 || buttons === 2) score.product += 2;
  else if (buttons >= 3) score.list += 2;

  const microProducts = page.itemscopes.filter((el) =>
    /schema\.org\/Product\/?$/i.test(el.attribs.itemtype ?? ''),
  ).length;
  if (microProducts === 1) score.product += 1;
  else if (microProducts >= 3) score.list += 2;

  // A price table of several rows is a tariff; many priced lines in the content, a list.
  // Rows of a quantity-tier table (a product's "precio por mayoreo") are that product's tiers.
  const tableRows = reading.tables
    .filter((t) => t.region === 'main')
    .reduce((n, t) => n + t.cells.filter((c) => c.quantity === 1).length, 0);
  if (tableRows >= 3) score.list += 3;
  const mainPrices = found.filter((f) => f.region === 'main' && f.el !== null).length;
  if (mainPrices >= 6) score.list += 1;
  if (mainPrices >= 12) score.list += 1;

  // A page that says it is an article (BlogPosting, og:type article) is one, whatever tables and
  // prices its prose holds, unless it also says it is a product or a list.
  if (score.article >= 3 && score.product < 3 && !declaredList) return 'article';
  if (score.article >= 3 && score.article > score.product && score.article > score.list) return 'article';
  if (score.product >= 2 && score.product > score.list) return 'product';
  return 'list';
}
