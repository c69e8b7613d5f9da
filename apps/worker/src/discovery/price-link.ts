import { foldText } from './fabrication-vocabulary.ts';
import { loadHtml, squash } from './html-page.ts';
import { decodePath, siteOf } from './site-url.ts';

/** Anchor wording, strongest first: a price list beats a quote form beats a shop front. */
const ANCHOR_SCORES: ReadonlyArray<[RegExp, number]> = [
  [/\blista de precios\b|\bprice list\b/, 10],
  [/\bprecios\b|\btarifas\b|\bpricing\b|\bprices\b|\bcostos\b/, 8],
  [/\bcotiza(?:r|cion|dor)?\b|\bcotice\b|\bget a quote\b|\bquote\b/, 6],
  [/\btienda\b|\bshop\b|\bstore\b|\bcatalogo\b|\bcatalog(?:ue)?\b|\bproductos\b|\bproducts\b/, 4],
];
const PATH_SCORES: ReadonlyArray<[RegExp, number]> = [
  [/lista-de-precios|price-list|precios|tarifas|pricing|prices/, 7],
  [/cotiza|quote/, 5],
  [/tienda|shop|store|catalogo|catalog|productos|products/, 3],
];

const best = (table: ReadonlyArray<[RegExp, number]>, text: string) =>
  table.reduce((max, [re, score]) => (re.test(text) ? Math.max(max, score) : max), 0);

/**
 * The page of a site most likely to carry its prices ("Precios", "Lista de precios", "Tarifas",
 * "Pricing", "Cotizar", /precios, /pricing, /tienda), or null. Same site only: a link to a
 * marketplace store is not the vendor's price page. Approval turns it into a crawl target.
 */
export function findPriceLink(html: string, url: string): string | null {
  const $ = loadHtml(html);
  const own = siteOf(url)?.key;
  const home = new URL(url);
  let found: { href: string; score: number } | null = null;
  for (const el of $('a[href]').toArray()) {
    const a = $(el);
    const raw = a.attr('href') ?? '';
    if (raw.startsWith('#')) continue;
    let target: URL;
    try {
      target = new URL(raw, url);
    } catch {
      continue;
    }
    if (siteOf(target.href)?.key !== own) continue;
    target.hash = '';
    if (target.pathname === home.pathname && target.search === home.search) continue;
    const label = foldText(squash(a.text()) || a.attr('title') || a.attr('aria-label') || '');
    const path = foldText(decodePath(target.pathname));
    // The words a visitor clicks outrank the path: "Cotizar" on /contacto beats "Tienda" on /tienda.
    const score = best(ANCHOR_SCORES, label) + best(PATH_SCORES, path) / 2;
    // The first link wins a tie: menus list the main price page before footer repeats.
    if (score > 0 && score > (found?.score ?? 0)) found = { href: target.href, score };
  }
  return found?.href ?? null;
}
