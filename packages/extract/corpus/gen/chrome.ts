/**
 * Generic page chrome (announcement bar, header with mega menu, search, account, mini-cart;
 * footer with newsletter, link columns, contact, payments, copyright) parameterised by a class
 * prefix so each platform module can dress it in its own naming.
 */
import { type Rng, UI, esc, icon, svgSprite } from './lib.ts';
import {
  type Site,
  megaMenu,
  footerColumns,
  newsletterBlock,
  socialList,
  paymentList,
  cookieBanner,
  whatsappFloat,
} from './parts.ts';

export type ChromeOpts = {
  cls: string;
  /** HTML of the mini-cart total, e.g. "$0.00" wrapped in the platform's price markup */
  cartTotal: string;
  menuBase?: string;
  /** extra HTML placed right of the search (currency / language selectors) */
  headerExtra?: string;
  depth3?: number;
};

export function siteHeader(site: Site, r: Rng, o: ChromeOpts): string {
  const ui = UI[site.lang];
  const c = o.cls;
  return `${svgSprite(c)}
${site.announcement ? `<div class="${c}-announcement" role="region" aria-label="announcement"><div class="${c}-container"><p>${icon('truck', 'icon', 14)} ${esc(site.announcement)}</p></div></div>` : ''}
<header class="${c}-header" id="header">
  <div class="${c}-header__top ${c}-container">
    <button class="${c}-header__burger js-toggle-menu" aria-label="${esc(ui.menu)}">${icon('menu', 'icon', 22)}</button>
    <a class="${c}-header__logo" href="/" title="${esc(site.name)}"><img src="https://${site.domain}/img/logo.svg" alt="${esc(site.name)}" width="190" height="48"></a>
    <form class="${c}-search" action="/search" method="get" role="search"><input type="search" name="q" class="${c}-search__input" placeholder="${esc(ui.search)}" autocomplete="off" aria-label="${esc(ui.search)}"><button type="submit" class="${c}-search__btn" aria-label="${esc(ui.search)}">${icon('search', 'icon', 18)}</button><div class="${c}-search__suggestions js-search-suggestions" hidden></div></form>
    ${o.headerExtra ?? ''}
    <div class="${c}-header__actions">
      <a href="/account" class="${c}-header__account">${icon('user', 'icon', 20)}<span>${esc(ui.account)}</span></a>
      <a href="/wishlist" class="${c}-header__wishlist">${icon('heart', 'icon', 20)}<span class="${c}-badge">0</span></a>
      <a href="/cart" class="${c}-header__cart js-cart-toggle">${icon('cart', 'icon', 20)}<span class="${c}-header__cart-count js-cart-count">0</span><span class="${c}-header__cart-total js-cart-total">${o.cartTotal}</span></a>
    </div>
  </div>
  <nav class="${c}-nav" aria-label="main">
${megaMenu(site, r, { ul: `${c}-nav__list`, li: `${c}-nav__item`, a: `${c}-nav__link`, sub: `${c}-megamenu`, subLi: `${c}-megamenu__item`, subA: `${c}-megamenu__link` }, o.menuBase ?? '/categoria/', o.depth3 ?? 5)}
  </nav>
</header>`;
}

export function siteFooter(
  site: Site,
  r: Rng,
  o: { cls: string; poweredBy?: string; extra?: string },
): string {
  const c = o.cls;
  return `<footer class="${c}-footer" id="footer">
  <div class="${c}-footer__newsletter ${c}-container">${newsletterBlock(site, `${c}-newsletter`)}</div>
  <div class="${c}-footer__main ${c}-container">${footerColumns(site, r, `${c}-footer`)}</div>
  <div class="${c}-footer__bottom ${c}-container">
    ${socialList(site)}
    ${paymentList(site)}
    <p class="${c}-footer__copy">&copy; ${site.year} ${esc(site.name)}. ${esc(UI[site.lang].rights)}${o.poweredBy ? ` <span class="${c}-powered">${o.poweredBy}</span>` : ''}</p>
    ${o.extra ?? ''}
  </div>
</footer>
${cookieBanner(site)}
${whatsappFloat(site)}`;
}
