import type { CheerioAPI } from 'cheerio';
import { NO_DEADLINE, type Deadline } from './deadline.ts';
import { descendants, loadHtml, pageTitle, rawText, type DomElement } from './dom.ts';
import { collapseSpaces } from './text-normalize.ts';

/** How much inline script text is kept for shop settings (a currency, a country): state blobs run
 * to megabytes, and the settings sit near the top. */
const MAX_SCRIPT_TEXT = 1_000_000;
const MAX_LD_BLOCK = 1_000_000;

/** A parsed page and what every reader needs from it, gathered in one walk of one tree: readers
 * never parse the page again. */
export type Page = {
  $: CheerioAPI;
  url: string;
  title: string;
  /** `<html lang>`, `og:locale`, a self-referencing hreflang, content-language. */
  locales: string[];
  /** `<meta property|name>` contents by lower-case key, in page order. */
  metas: Map<string, string[]>;
  /** The text of each `application/ld+json` block. */
  ldJson: string[];
  /** Inline scripts' text, up to MAX_SCRIPT_TEXT in all (shop settings: currency, country). */
  scripts: string;
  /** Numbers of `tel:` links. */
  phones: string[];
  /** Text of `<address>` and address-like elements. */
  addresses: string[];
  h1: DomElement[];
  /** The body's class and id ("single-product", PrestaShop's `id="product"`). */
  bodyClass: string;
  /** Add-to-cart controls: one on a product page, one per card on a list. */
  cartButtons: DomElement[];
  /** `[itemscope][itemtype]` elements, in document order. */
  itemscopes: DomElement[];
  /** Whether the page has any itemprop (microdata). */
  hasItemprop: boolean;
  deadline: Deadline;
};

const ADD_TO_CART =
  /(agregar|añadir|anadir|a[nñ]adir) al (carrito|carro)|add to (cart|bag|basket)|^comprar( ahora)?$|buy (it )?now|adicionar ao carrinho|comprar agora|in den warenkorb|ajouter au panier|aggiungi al carrello/i;
const ADDRESS_CLASS =
  /(^|[\s_-])(address|direccion|dirección|endereco|contact-info|store-address)([\s_-]|$)/i;

export function readPage(html: string, url: string, deadline: Deadline = NO_DEADLINE): Page {
  const $ = loadHtml(html);
  const page: Page = {
    $,
    url,
    title: pageTitle($),
    locales: [],
    metas: new Map(),
    ldJson: [],
    scripts: '',
    phones: [],
    addresses: [],
    h1: [],
    bodyClass: '',
    cartButtons: [],
    itemscopes: [],
    hasItemprop: false,
    deadline,
  };
  const root = $.root()[0];
  if (!root) return page;
  const self = url.replace(/[#?].*$/, '').replace(/\/$/, '');
  descendants(root, (el) => {
    deadline.check();
    const a = el.attribs;
    switch (el.tagName) {
      case 'html':
        if (a.lang) page.locales.push(a.lang);
        break;
      case 'body':
        page.bodyClass = `${a.class ?? ''} ${a.id ? `#${a.id}` : ''}`.trim();
        break;
      case 'button':
        if (
          ADD_TO_CART.test(collapseSpaces(rawText(el)).slice(0, 80)) ||
          /add-to-cart|addtocart/i.test(a.class ?? a.name ?? '')
        )
          page.cartButtons.push(el);
        return false;
      case 'input':
        if (a.type === 'submit' && ADD_TO_CART.test(a.value ?? '')) page.cartButtons.push(el);
        return false;
      case 'meta': {
        const key = (a.property ?? a.name ?? a['http-equiv'] ?? a.itemprop ?? '').toLowerCase();
        if (key && a.content !== undefined) page.metas.set(key, [...(page.metas.get(key) ?? []), a.content]);
        if (key === 'og:locale' || key === 'content-language') page.locales.push(a.content ?? '');
        return false;
      }
      case 'link':
        if (a.hreflang && a.href && a.href.replace(/[#?].*$/, '').replace(/\/$/, '') === self)
          page.locales.push(a.hreflang);
        return false;
      case 'script': {
        const text = rawText(el);
        if (/ld\+json/i.test(a.type ?? '')) {
          if (text.length <= MAX_LD_BLOCK) page.ldJson.push(text);
        } else if (!a.src && page.scripts.length < MAX_SCRIPT_TEXT) {
          page.scripts += `${text.slice(0, MAX_SCRIPT_TEXT - page.scripts.length)}\n`;
        }
        return false;
      }
      case 'style':
      case 'svg':
      case 'template':
        return false;
      case 'a':
        if (a.href?.startsWith('tel:')) page.phones.push(decodeURIComponent(a.href.slice(4)));
        break;
      case 'h1':
        page.h1.push(el);
        break;
      case 'address':
        page.addresses.push(collapseSpaces(rawText(el)).slice(0, 500));
        return false;
    }
    if (a.itemprop !== undefined) {
      page.hasItemprop = true;
      if (/^(address|addressCountry|addressLocality|addressRegion)$/.test(a.itemprop))
        page.addresses.push(collapseSpaces(a.content ?? rawText(el)).slice(0, 500));
    }
    if (a.itemscope !== undefined && a.itemtype) page.itemscopes.push(el);
    if (a.class && ADDRESS_CLASS.test(a.class) && page.addresses.length < 20)
      page.addresses.push(collapseSpaces(rawText(el)).slice(0, 500));
    return undefined;
  });
  return page;
}

export const metaOf = (page: Page, key: string): string[] => page.metas.get(key) ?? [];
