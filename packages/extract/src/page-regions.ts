import { withoutBoundaries, type DomElement } from './dom.ts';

/** Where on a page an element sits, as a shopper reads it: the page's own content, its chrome
 * (header, menus, footer, mini-cart, form controls), or other products pushed at the shopper
 * (related, recommended, recently viewed, carousels). */
export type Region = 'main' | 'chrome' | 'related';

const CHROME_TAGS = new Set(['nav', 'select', 'option', 'button', 'input', 'textarea', 'dialog']);
const CONTENT_TAGS = new Set(['main', 'article']);
const CHROME_ROLES = new Set(['banner', 'navigation', 'contentinfo', 'search', 'menu', 'menubar', 'dialog']);

// Class and id names of page chrome, compared with a class's BEM block ("header" of
// "header--sticky", not "product__header", which is a product's own header).
const CHROME_NAMES = new Set([
  'header',
  'site-header',
  'page-header',
  'main-header',
  'section-header',
  'masthead',
  'navbar',
  'nav',
  'navigation',
  'site-navigation',
  'menu',
  'main-menu',
  'mega-menu',
  'megamenu',
  'menu-drawer',
  'footer',
  'site-footer',
  'page-footer',
  'section-footer',
  'colophon',
  'breadcrumb',
  'breadcrumbs',
  'mini-cart',
  'minicart',
  'cart-drawer',
  'cart-popup',
  'cart-notification',
  'header-cart',
  'side-cart',
  'topbar',
  'top-bar',
  'announcement-bar',
  'announcement',
  'newsletter',
  'cookie-banner',
  'cookies',
  'cookie-notice',
]);

// Search filters and facets: price ranges to narrow a list ("$119.00 - $3,724.00", "Hasta $60.000").
// A facet widget's own class ("facet-filters", VTEX's "filterItem"), not a layout that holds both
// the facets and the results (Dawn's "facets-vertical").
const FACETS = /(^|[-_])(facet|filter|refine)(s|ment|ments)?([-_A-Z]|$)|price-slider/;
const FACET_LAYOUT = /vertical|horizontal|container|wrapper|layout|grid|results|products|collection|page/i;

const RELATED_NAME =
  /related|recommend|upsell|up-sell|cross-?sell|also-?bought|also-?viewed|recently-?viewed|recent-?view|you-may-also|similar-products|complementary|carousel|slider|swiper|splide|glide|owl-|slick|shelf|relacionad|recomendad|vistos/i;
const RELATED_TAGS = /^(product-recommendations|recently-viewed|related-products|complementary-products)/;

const RELATED_HEADING = new RegExp(
  [
    'productos? (relacionados|similares|recomendados)',
    'tambien te (puede|podria)n? (interesar|gustar)',
    'te (puede|podria)n? (interesar|gustar)',
    'quienes (vieron|compraron)',
    'otros clientes',
    '(vistos|visto) recientemente',
    'recientemente vistos',
    'related (products?|items?)',
    'you (may|might) also (like|need)',
    'customers (also|who)',
    'frequently bought',
    'recently viewed',
    'similar (products|items)',
    'complete the look',
    'produtos (relacionados|similares)',
    'voce tambem pode gostar',
    'quem viu',
    'ahnliche produkte',
    'das konnte (dir|ihnen) auch gefallen',
    'kunden kauften auch',
    'vous aimerez aussi',
    'produits similaires',
    'recomendados para ti',
    'mas vendidos',
    'best ?sellers',
  ].join('|'),
);

/** Class tokens as written (case kept: VTEX's "filterItem"). */
const facetClasses = (el: DomElement) => (el.attribs.class ?? '').split(/\s+/).filter(Boolean);

function blocks(el: DomElement): string[] {
  const names: string[] = [];
  for (const token of (el.attribs.class ?? '').split(/\s+/)) {
    if (token) names.push(token.toLowerCase().split('__')[0]!.split('--')[0]!);
  }
  const id = el.attribs.id;
  if (id) names.push(id.toLowerCase());
  return names;
}

/** The region an element starts, or null when it stays in its parent's. `inContent` is true
 * under `<main>`/`<article>`, where a `<header>` is the article's own, not the site's. */
export function regionOf(el: DomElement, inContent: boolean): Region | null {
  const tag = el.tagName;
  if (CHROME_TAGS.has(tag)) return 'chrome';
  if ((tag === 'header' || tag === 'footer') && !inContent) return 'chrome';
  if (tag === 'aside' && !inContent) return 'chrome';
  const role = el.attribs.role;
  if (role && CHROME_ROLES.has(role)) return 'chrome';
  if (RELATED_TAGS.test(tag)) return 'related';
  const names = blocks(el);
  if (names.some((n) => RELATED_NAME.test(n))) return 'related';
  if (names.some((n) => CHROME_NAMES.has(n))) return 'chrome';
  if (facetClasses(el).some((c) => FACETS.test(c) && !FACET_LAYOUT.test(c))) return 'chrome';
  const label = el.attribs['aria-label'] ?? el.attribs['data-section-type'] ?? '';
  if (label && RELATED_NAME.test(label)) return 'related';
  return null;
}

export const startsContent = (el: DomElement) =>
  CONTENT_TAGS.has(el.tagName) || el.attribs.role === 'main' || el.attribs.id === 'main-content';

/** Whether a heading's words introduce other products ("También te puede interesar"). */
export function isRelatedHeading(text: string): boolean {
  const t = withoutBoundaries(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return t.length < 80 && RELATED_HEADING.test(t);
}

/** The region of one element from its ancestors' tags and names (the line walk also reads
 * "related products" headings; this is for elements found another way, such as microdata). */
export function regionAt(el: DomElement): Region {
  const chain: DomElement[] = [];
  for (
    let node: DomElement | null = el;
    node;
    node = node.parent && 'tagName' in node.parent ? (node.parent as DomElement) : null
  )
    chain.push(node);
  let content = false;
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i]!;
    const region = regionOf(node, content);
    if (region) return region;
    content = content || startsContent(node);
  }
  return 'main';
}
