/**
 * Shopify Online Store 2.0 pages modelled on Dawn (sections/main-product, snippets/price,
 * snippets/card-product, main-collection-product-grid): the duplicated price__regular /
 * price__sale markup, cents in variant JSON, ShopifyAnalytics meta, Shopify.currency, Judge.me
 * reviews, product-recommendations, cart drawer, localization form.
 */
import {
  type Rng,
  UI,
  esc,
  jsonInline,
  icon,
  svgSprite,
  css,
  vendorJs,
  inlineBoot,
  slug,
  num,
  US2,
} from './lib.ts';
import {
  type Site,
  type Card,
  type Product,
  megaMenu,
  breadcrumbJsonLd,
  specsTable,
  newsletterBlock,
  footerColumns,
  socialList,
  paymentList,
  policyText,
  faqBlock,
  gtm,
  metaPixel,
  whatsappFloat,
  stars,
} from './parts.ts';

export type ShopifyOpts = {
  site: Site;
  url: string;
  /** Liquid money format, for window.theme and the JS formatter */
  moneyFormat: string;
  moneyWithCurrencyFormat: string;
  /** settings.currency_code_enabled: prices print with the ISO code ("$459.00 MXN") */
  currencyCodeEnabled?: boolean;
  /** 'sup': theme prints cents as <sup> after the main amount (Turbo/Impulse-style) */
  priceStyle?: 'dawn' | 'sup';
  jsonLd?: 'offers' | 'productgroup' | 'none';
  themeName?: string;
  cssKb?: number;
  jsKb?: number;
  /** Shopify Markets country selector entries [country name, code, currency code, symbol] */
  localization?: [string, string, string, string][];
  taxLine?: string;
  installments?: string;
  extraBuyBox?: string;
  ogPrice?: boolean;
};

const SECTION = 'template--18273645546789';
const HEADER = 'sections--18273645447123';

function money(o: ShopifyOpts, v: number, forceCode = false): string {
  const base = o.site.cur.fmt(v);
  if ((o.currencyCodeEnabled || forceCode) && o.site.currencyHints) return `${base} ${o.site.cur.code}`;
  return base;
}

const REGULAR_LABEL: Partial<Record<string, string>> = {
  en: 'Regular price',
  es: 'Precio habitual',
  pt: 'Preço normal',
  de: 'Normaler Preis',
  sv: 'Ordinarie pris',
  ja: '通常価格',
  zh: '原價',
};
const SALE_LABEL: Partial<Record<string, string>> = {
  en: 'Sale price',
  es: 'Precio de oferta',
  pt: 'Preço promocional',
  de: 'Sonderpreis',
  sv: 'Reapris',
  ja: 'セール価格',
  zh: '特價',
};

function cents(v: number): number {
  return Math.round(v * 100);
}

function priceHtml(
  o: ShopifyOpts,
  price: number,
  compare: number | undefined,
  opts: { large?: boolean; from?: boolean; badge?: boolean } = {},
): string {
  const ui = UI[o.site.lang];
  const onSale = compare !== undefined && compare > price;
  const reg = REGULAR_LABEL[o.site.lang] ?? 'Regular price';
  const saleLbl = SALE_LABEL[o.site.lang] ?? ui.sale;
  let shown = money(o, price);
  if (opts.from) shown = (o.site.lang === 'en' ? 'From ' : o.site.lang === 'es' ? 'Desde ' : '') + shown;
  let shownHtml = esc(shown);
  if (o.priceStyle === 'sup') {
    const whole = o.site.cur.fmt(Math.floor(price));
    const c = String(cents(price) % 100).padStart(2, '0');
    shownHtml = `<span class="money">${esc(whole.replace(/\.00$/, ''))}</span><sup class="price__cents">${c}</sup>`;
  }
  return `<div class="price${opts.large ? ' price--large' : ''}${onSale ? ' price--on-sale' : ''}${opts.badge ? ' price--show-badge' : ''}">
  <div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">${esc(reg)}</span>
        <span class="price-item price-item--regular">
          ${shownHtml}
        </span></div>
    <div class="price__sale">
        <span class="visually-hidden visually-hidden--inline">${esc(reg)}</span>
        <span>
          <s class="price-item price-item--regular">
            ${compare !== undefined ? esc(money(o, compare)) : ''}
          </s>
        </span><span class="visually-hidden visually-hidden--inline">${esc(saleLbl)}</span>
      <span class="price-item price-item--sale price-item--last">
        ${shownHtml}
      </span>
    </div>
    <small class="unit-price caption hidden">
      <span class="visually-hidden">Unit price</span>
      <span class="price-item price-item--last">
        <span></span>
        <span aria-hidden="true">/</span>
        <span class="visually-hidden">&nbsp;per&nbsp;</span>
        <span>
        </span>
      </span>
    </small>
  </div>${
    opts.badge
      ? `
    <span class="badge price__badge-sale color-scheme-4">
      ${esc(ui.sale)}
    </span>

    <span class="badge price__badge-sold-out color-scheme-3">
      ${esc(ui.soldOut)}
    </span>`
      : ''
  }
</div>`;
}

export function shopifyCard(o: ShopifyOpts, c: Card, idx: number, sectionId: string): string {
  const ui = UI[o.site.lang];
  const onSale = c.compare !== undefined && c.compare > c.price;
  const badge = c.soldOut
    ? `<span id="Badge-${sectionId}-${c.id}" class="badge badge--bottom-left color-scheme-3">${esc(ui.soldOut)}</span>`
    : onSale
      ? `<span id="Badge-${sectionId}-${c.id}" class="badge badge--bottom-left color-scheme-4">${esc(ui.sale)}</span>`
      : '';
  return `<li class="grid__item scroll-trigger animate--slide-in" data-cascade style="--animation-order: ${idx + 1};">
<div class="card-wrapper product-card-wrapper underline-links-hover">
    <div class="card card--standard card--media" style="--ratio-percent: 100.0%;">
      <div class="card__inner color-scheme-2 gradient ratio" style="--ratio-percent: 100.0%;"><div class="card__media">
            <div class="media media--transparent media--hover-effect">
              <img srcset="${c.img.replace('width=533', 'width=165')} 165w,${c.img.replace('width=533', 'width=360')} 360w,${c.img} 533w,${c.img.replace('width=533', 'width=720')} 720w"
                src="${c.img}"
                sizes="(min-width: 1200px) 267px, (min-width: 990px) calc((100vw - 130px) / 4), (min-width: 750px) calc((100vw - 120px) / 3), calc((100vw - 35px) / 2)"
                alt="${esc(c.name)}"
                class="motion-reduce"
                loading="lazy"
                width="1000"
                height="1000"
              >
            </div>
          </div><div class="card__content">
          <div class="card__information">
            <h3 class="card__heading">
              <a href="${c.url}" id="StandardCardNoMediaLink-${sectionId}-${c.id}" class="full-unstyled-link" aria-labelledby="StandardCardNoMediaLink-${sectionId}-${c.id} NoMediaStandardBadge-${sectionId}-${c.id}">
                ${esc(c.name)}
              </a>
            </h3>
          </div>
          <div class="card__badge bottom left"></div>
        </div>
      </div>
      <div class="card__content">
        <div class="card__information">
          <h3 class="card__heading h5" id="title-${sectionId}-${c.id}">
            <a href="${c.url}" id="CardLink-${sectionId}-${c.id}" class="full-unstyled-link" aria-labelledby="CardLink-${sectionId}-${c.id} Badge-${sectionId}-${c.id}">
              ${esc(c.name)}
            </a>
          </h3>
          <div class="card-information"><span class="caption-large light"></span>${
            c.rating !== undefined
              ? `
              <div class="rating" role="img" aria-label="${c.rating} out of 5.0 stars">
                <span aria-hidden="true" class="rating-star" style="--rating: ${Math.floor(c.rating)}; --rating-max: 5.0; --rating-decimal: 0.5;"></span>
              </div>
              <p class="rating-text caption">
                <span aria-hidden="true">${c.rating} / 5.0</span>
              </p>
              <p class="rating-count caption">
                <span aria-hidden="true">(${c.reviews})</span>
                <span class="visually-hidden">${c.reviews} total reviews</span>
              </p>`
              : ''
          }
${priceHtml(o, c.price, c.compare, { from: c.from })}
</div>
        </div>
        <div class="quick-add no-js-hidden"><modal-opener data-modal="#QuickAdd-${c.id}">
              <button id="quick-add-${sectionId}${c.id}-submit" type="submit" name="add" class="quick-add__submit button button--full-width button--secondary" aria-haspopup="dialog" aria-labelledby="quick-add-${sectionId}${c.id}-submit title-${sectionId}-${c.id}" data-product-url="${c.url}"${c.soldOut ? ' disabled' : ''}>
                ${esc(c.soldOut ? ui.soldOut : ui.addToCart)}
                <div class="loading__spinner hidden"><svg aria-hidden="true" focusable="false" class="spinner" viewBox="0 0 66 66" xmlns="http://www.w3.org/2000/svg"><circle class="path" fill="none" stroke-width="6" cx="33" cy="33" r="30"></circle></svg></div>
              </button>
            </modal-opener>
            <quick-add-modal id="QuickAdd-${c.id}" class="quick-add-modal">
              <div role="dialog" aria-label="${esc(c.name)}" aria-modal="true" class="quick-add-modal__content global-settings-popup" tabindex="-1">
                <button id="ModalClose-${c.id}" type="button" class="quick-add-modal__toggle" aria-label="${esc(ui.close)}">${icon('close', 'icon', 16)}</button>
                <div id="QuickAddInfo-${c.id}" class="quick-add-modal__content-info"></div>
              </div>
            </quick-add-modal>
            <button class="wishlist-hero-custom-button wishlisthero-floating" data-wlh-id="${c.id}" data-wlh-link="https://${o.site.domain}${c.url}" data-wlh-variantid="${c.id + 11}" data-wlh-price="${cents(c.price)}" data-wlh-name="${esc(c.name)}" data-wlh-image="${c.img}" data-wlh-mode="icon_only" aria-label="${esc(ui.wishlist)}">${icon('heart', 'icon', 16)}</button>
        </div>
        <div class="card__badge bottom left">${badge}</div>
      </div>
    </div>
  </div>
</li>`;
}

function headHtml(
  o: ShopifyOpts,
  r: Rng,
  title: string,
  desc: string,
  extraHead: string,
  pageType: string,
  analyticsMeta: unknown,
): string {
  const s = o.site;
  const g = gtm(`GTM-${slug(s.name).slice(0, 4).toUpperCase()}${r.int(100, 999)}`);
  const shopId = r.int(50000000, 79999999);
  return `<!doctype html>
<html class="js" lang="${s.htmlLang}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <meta name="theme-color" content="">
    <link rel="canonical" href="${o.url}"><link rel="preconnect" href="https://cdn.shopify.com" crossorigin><link rel="icon" type="image/png" href="//${s.domain}/cdn/shop/files/favicon.png?crop=center&height=32&v=1684431245&width=32"><link rel="preconnect" href="https://fonts.shopifycdn.com" crossorigin><title>
      ${esc(title)}
 &ndash; ${esc(s.name)}</title>

    
      <meta name="description" content="${esc(desc)}">
    

    
${extraHead}
    <script src="//${s.domain}/cdn/shop/t/14/assets/constants.js?v=132983761750457495441719325522" defer="defer"></script>
    <script src="//${s.domain}/cdn/shop/t/14/assets/pubsub.js?v=158357773527763999511719325522" defer="defer"></script>
    <script src="//${s.domain}/cdn/shop/t/14/assets/global.js?v=88558128918567037191719325522" defer="defer"></script>
    <script src="//${s.domain}/cdn/shop/t/14/assets/details-disclosure.js?v=13653116266235556501719325522" defer="defer"></script>
    <script src="//${s.domain}/cdn/shop/t/14/assets/details-modal.js?v=25581673532751508451719325522" defer="defer"></script>
    <script src="//${s.domain}/cdn/shop/t/14/assets/search-form.js?v=133129549252120666541719325522" defer="defer"></script><script src="//${s.domain}/cdn/shop/t/14/assets/animations.js?v=88693664871331136111719325522" defer="defer"></script><script>window.performance && window.performance.mark && window.performance.mark('shopify.content_for_header.start');</script><meta name="google-site-verification" content="${slug(s.name)}-Xc8Qv1aZkP4">
<meta name="facebook-domain-verification" content="k2m9x1v0q3e7b5a8c4d6f2g1h0j9">
<meta id="shopify-digital-wallet" name="shopify-digital-wallet" content="/${shopId}/digital_wallets/dialog">
<meta name="shopify-checkout-api-token" content="${r.int(100000, 999999).toString(16)}a7c1e0f3b2d4c6e8f0a1b3c5d7e9f1a2">
<script async="async" src="/checkouts/internal/preloads.js?locale=${s.htmlLang || 'en'}"></script>
<script id="shopify-features" type="application/json">{"accessToken":"${r.int(100000, 999999).toString(16)}0c1f2e3d4c5b6a79887a6b5c4d3e2f1","betas":["rich-media-storefront-analytics"],"domain":"${s.domain}","predictiveSearch":true,"shopId":${shopId},"locale":"${s.lang}"}</script>
<script>var Shopify = Shopify || {};
Shopify.shop = "${slug(s.name)}.myshopify.com";
Shopify.locale = "${s.lang}";
${s.currencyHints ? `Shopify.currency = {"active":"${s.cur.code}","rate":"1.0"};\nShopify.country = "${s.country}";` : ''}
Shopify.theme = {"name":"${o.themeName ?? 'Dawn'}","id":1${r.int(30000000000, 39999999999)},"schema_name":"${o.themeName ?? 'Dawn'}","schema_version":"15.0.0","theme_store_id":887,"role":"main"};
Shopify.theme.handle = "null";
Shopify.theme.style = {"id":null,"handle":null};
Shopify.cdnHost = "${s.domain}/cdn";
Shopify.routes = Shopify.routes || {};
Shopify.routes.root = "/";</script>
<script type="module">!function(o){(o.Shopify=o.Shopify||{}).modules=!0}(window);</script>
<script>!function(o){function n(){var o=[];function n(){o.push(Array.prototype.slice.apply(arguments))}return n.q=o,n}var t=o.Shopify=o.Shopify||{};t.loadFeatures=n(),t.autoloadFeatures=n()}(window);</script>
<script id="shop-js-analytics" type="application/json">{"pageType":"${pageType}"}</script>
<script>
  window.ShopifyPay = window.ShopifyPay || {};
  window.ShopifyPay.apiHost = "shop.app\\/pay";
</script>
<script id="__st">var __st={"a":${shopId},"offset":-21600,"reqid":"${r.int(10000000, 99999999).toString(16)}-1f2e-4c3d-9b8a-${r.int(100000000, 999999999).toString(16)}","pageurl":"${o.url.replace(/^https:\/\//, '').replace(/\//g, '\\/')}","u":"${r.int(100000000000, 999999999999).toString(16)}","p":"${pageType}"};</script>
<script>window.ShopifyPaypalV4VisibilityTracking = true;</script>
<script id="captcha-bootstrap">!function(){'use strict';const t='contact',e='account',n='new_comment',o=[[t,t],['blogs',n],['comments',n],[t,'customer']],c=[[e,'customer_login'],[e,'guest_login'],[e,'recover_customer_password'],[e,'create_customer']],r=t=>t.map((([t,e])=>\`form[action*='/\${t}']\`+\`input[name='form_type'][value='\${e}']\`)).join(',');}();</script>
<script>window.ShopifyAnalytics = window.ShopifyAnalytics || {};
window.ShopifyAnalytics.meta = window.ShopifyAnalytics.meta || {};
${s.currencyHints ? `window.ShopifyAnalytics.meta.currency = '${s.cur.code}';` : ''}
var meta = ${jsonInline(analyticsMeta)};
for (var attr in meta) {
  window.ShopifyAnalytics.meta[attr] = meta[attr];
}</script>
<script class="analytics">(function () {
    var customDocumentWrite = function(content) {
      var jquery = null;
      if (window.jQuery) {
        jquery = window.jQuery;
      } else if (window.Checkout && window.Checkout.$) {
        jquery = window.Checkout.$;
      }
      if (jquery) {
        jquery('body').append(content);
      }
    };
    var hasLoggedConversion = function(token) {
      if (token) {
        return document.cookie.indexOf('loggedConversion=' + token) !== -1;
      }
      return false;
    }
    var setCookieIfConversion = function(token) {
      if (token) {
        var twoMonthsFromNow = new Date(Date.now());
        twoMonthsFromNow.setMonth(twoMonthsFromNow.getMonth() + 2);
        document.cookie = 'loggedConversion=' + token + '; expires=' + twoMonthsFromNow;
      }
    }
    var trekkie = window.ShopifyAnalytics.lib = window.trekkie = window.trekkie || [];
    if (trekkie.integrations) {
      return;
    }
    trekkie.methods = ['identify','page','ready','track','trackForm','trackLink'];
    trekkie.factory = function(method) {
      return function() {
        var args = Array.prototype.slice.call(arguments);
        args.unshift(method);
        trekkie.push(args);
        return trekkie;
      };
    };
    for (var i = 0; i < trekkie.methods.length; i++) {
      var key = trekkie.methods[i];
      trekkie[key] = trekkie.factory(key);
    }
    trekkie.load = function(config) {
      trekkie.config = config || {};
      trekkie.config.initialDocumentCookie = document.cookie;
      var first = document.getElementsByTagName('script')[0];
      var script = document.createElement('script');
      script.type = 'text/javascript';
      script.onerror = function(e) {
        var scriptFallback = document.createElement('script');
        scriptFallback.type = 'text/javascript';
        scriptFallback.onerror = function(error) {
          var Monorail = {
            produce: function produce(monorailDomain, schemaId, payload) {
              var currentMs = new Date().getTime();
              var event = { schema_id: schemaId, payload: payload, metadata: { event_created_at_ms: currentMs, event_sent_at_ms: currentMs } };
              var xhr = new XMLHttpRequest();
              xhr.open('POST', 'https://' + monorailDomain + '/v1/produce', true);
              xhr.setRequestHeader('Content-Type', 'text/plain');
              xhr.send(JSON.stringify(event));
            }
          };
          Monorail.produce('monorail-edge.shopifysvc.com', 'trekkie_storefront_load_errors/1.1', {shop_id: ${shopId}, theme_id: 1${r.int(30000000000, 39999999999)}, app_name: "storefront", context_url: window.location.href, source_url: "//${s.domain}/cdn/s/trekkie.storefront.js"});
        };
        scriptFallback.async = true;
        scriptFallback.src = '//${s.domain}/cdn/s/trekkie.storefront.js';
        first.parentNode.insertBefore(scriptFallback, first);
      };
      script.async = true;
      script.src = '//${s.domain}/cdn/s/trekkie.storefront.js';
      first.parentNode.insertBefore(script, first);
    };
    trekkie.load({"Trekkie":{"appName":"storefront","development":false,"defaultAttributes":{"shopId":${shopId},"isMerchantRequest":null,"themeId":1${r.int(30000000000, 39999999999)},"themeCityHash":"${r.int(1000000000, 9999999999)}","contentLanguage":"${s.lang}"${s.currencyHints ? `,"currency":"${s.cur.code}"` : ''}},"isServerSideCookieWritingEnabled":true,"monorailRegion":"shop_domain"},"Session Attribution":{},"S2S":{"facebookCapiEnabled":true,"source":"trekkie-storefront-renderer","apiClientId":580111}});
    window.ShopifyAnalytics.lib.page(null, {"pageType":"${pageType}","shopifyEmitted":true});
})();</script>
<script defer src="https://${s.domain}/cdn/shopifycloud/perf-kit/shopify-perf-kit-1.0.0.min.js" data-application="storefront-renderer" data-shop-id="${shopId}" data-render-region="gcp-us-central1" data-page-type="${pageType}" data-theme-instance-id="1${r.int(30000000000, 39999999999)}" data-monorail-region="shop_domain" data-resource-timing-sampling-rate="10"></script>
<script>window.performance && window.performance.mark && window.performance.mark('shopify.content_for_header.end');</script>
${g.head}
${metaPixel(String(r.int(100000000000000, 999999999999999)))}

    <style data-shopify>
      @font-face { font-family: Assistant; font-weight: 400; font-style: normal; font-display: swap; src: url("//${s.domain}/cdn/fonts/assistant/assistant_n4.9120912a469cad1cc292572851508ca49d12e768.woff2") format("woff2"); }
      @font-face { font-family: Assistant; font-weight: 700; font-style: normal; font-display: swap; src: url("//${s.domain}/cdn/fonts/assistant/assistant_n7.bf44452348ec8b8efa3aa3068825305886b1c83c.woff2") format("woff2"); }
${css(r, o.cssKb ?? 40)}
    </style>
    <link href="//${s.domain}/cdn/shop/t/14/assets/base.css?v=144968985024194912401719325521" rel="stylesheet" type="text/css" media="all" />
    <script>${inlineBoot(r)}</script>
  </head>`;
}

function headerHtml(o: ShopifyOpts, r: Rng, cartCount = 0, cartTotal = 0): string {
  const s = o.site;
  const ui = UI[s.lang];
  const loc = o.localization
    ? `<localization-form class="small-hide medium-hide" data-prevent-hide><form method="post" action="/localization" id="HeaderCountryForm" accept-charset="UTF-8" class="localization-form" enctype="multipart/form-data"><input type="hidden" name="form_type" value="localization" /><input type="hidden" name="utf8" value="✓" /><input type="hidden" name="_method" value="put" /><input type="hidden" name="return_to" value="${new URL(o.url).pathname}" />
  <div><h2 class="visually-hidden" id="HeaderCountryLabel">Country/region</h2>
  <div class="disclosure"><button type="button" class="disclosure__button localization-form__select localization-selector link link--text caption-large" aria-expanded="false" aria-controls="HeaderCountryList" aria-describedby="HeaderCountryLabel"><span>${esc(o.localization[0]?.[2] ?? '')} ${esc(o.localization[0]?.[3] ?? '')} | ${esc(o.localization[0]?.[0] ?? '')}</span>${icon('chevron', 'icon', 10)}</button>
  <div class="disclosure__list-wrapper country-selector" hidden><div class="country-filter"><div class="field"><input class="country-filter__input field__input" id="CountryFilter" name="country_filter" type="search" autocomplete="off" placeholder="Search"><label class="field__label" for="CountryFilter">Search</label></div></div>
  <div id="sr-country-search-results" class="visually-hidden" aria-live="polite"></div>
  <ul id="HeaderCountryList" role="list" class="disclosure__list list-unstyled">
  ${o.localization
    .map(
      ([name, code, cur, sym], i) =>
        `<li class="disclosure__item" tabindex="-1"><a class="link link--text disclosure__link caption-large focus-inset" href="#"${i === 0 ? ' aria-current="true"' : ''} data-value="${code}" id="${name.replace(/\s/g, '')}"><span class="country">${esc(name)}</span><span class="localization-form__currency motion-reduce hidden">${esc(cur)} ${esc(sym)}</span></a></li>`,
    )
    .join('\n  ')}
  </ul></div></div><input type="hidden" name="country_code" value="${o.localization[0]?.[1] ?? ''}"></div></form></localization-form>`
    : '';
  return `<div id="shopify-section-${HEADER}__announcement-bar" class="shopify-section shopify-section-group-header-group announcement-bar-section"><link href="//${s.domain}/cdn/shop/t/14/assets/component-slideshow.css?v=17933591812325749411719325522" rel="stylesheet" type="text/css" media="all" />
<div class="utility-bar color-scheme-3 gradient utility-bar--bottom-border">
  <div class="page-width utility-bar__grid">
    <div class="announcement-bar" role="region" aria-label="Announcement">
      <p class="announcement-bar__message h5">
        <span>${esc(s.announcement ?? '')}</span>
      </p>
    </div>
    <div class="localization-wrapper">${loc}</div>
  </div>
</div>
</div>
<div id="shopify-section-${HEADER}__header" class="shopify-section shopify-section-group-header-group section-header"><link rel="stylesheet" href="//${s.domain}/cdn/shop/t/14/assets/component-list-menu.css?v=151968516119678728991719325522" media="print" onload="this.media='all'">
<sticky-header data-sticky-type="on-scroll-up" class="header-wrapper color-scheme-1 gradient header-wrapper--border-bottom"><header class="header header--middle-left header--mobile-center page-width header--has-menu header--has-social header--has-account">

<header-drawer data-breakpoint="tablet">
  <details id="Details-menu-drawer-container" class="menu-drawer-container">
    <summary class="header__icon header__icon--menu header__icon--summary link focus-inset" aria-label="${esc(ui.menu)}">
      <span>${icon('menu', 'icon icon-hamburger', 18)}${icon('close', 'icon icon-close', 18)}</span>
    </summary>
    <div id="menu-drawer" class="gradient menu-drawer motion-reduce color-scheme-1">
      <div class="menu-drawer__inner-container"><div class="menu-drawer__navigation-container"><nav class="menu-drawer__navigation">
${megaMenu(s, r, { ul: 'menu-drawer__menu has-submenu list-menu', li: 'menu-drawer__item', a: 'menu-drawer__menu-item list-menu__item link link--text focus-inset', sub: 'menu-drawer__submenu has-submenu gradient motion-reduce', subLi: 'menu-drawer__subitem', subA: 'menu-drawer__menu-item link link--text list-menu__item focus-inset' }, '/collections/', 3)}
      </nav></div></div>
    </div>
  </details>
</header-drawer>

<h1 class="header__heading"><a href="/" class="header__heading-link link link--text focus-inset"><div class="header__heading-logo-wrapper">
  <img src="//${s.domain}/cdn/shop/files/logo.png?v=1684431111&amp;width=600" alt="${esc(s.name)}" srcset="//${s.domain}/cdn/shop/files/logo.png?v=1684431111&amp;width=180 180w, //${s.domain}/cdn/shop/files/logo.png?v=1684431111&amp;width=270 270w" width="180" height="45.0" loading="eager" class="header__heading-logo motion-reduce" sizes="(max-width: 360px) 50vw, 180px">
</div></a></h1>

<nav class="header__inline-menu">
${megaMenu(s, r, { ul: 'list-menu list-menu--inline', li: 'header-menu mega-menu', a: 'header__menu-item list-menu__item link focus-inset', sub: 'mega-menu__content color-scheme-1 gradient motion-reduce global-settings-popup', subLi: 'mega-menu__list-item', subA: 'mega-menu__link mega-menu__link--level-2 link' }, '/collections/', 4)}
</nav>

<div class="header__icons header__icons--localization header-localization">
  <div class="desktop-localization-wrapper"></div>
  <details-modal class="header__search"><details><summary class="header__icon header__icon--search header__icon--summary link focus-inset modal__toggle" aria-haspopup="dialog" aria-label="${esc(ui.search)}"><span>${icon('search', 'icon icon-search', 18)}</span></summary>
    <div class="search-modal modal__content gradient" role="dialog" aria-modal="true" aria-label="${esc(ui.search)}"><div class="modal-overlay"></div><div class="search-modal__content search-modal__content-bottom" tabindex="-1"><predictive-search class="search-modal__form" data-loading-text="Loading..."><form action="/search" method="get" role="search" class="search search-modal__form"><div class="field"><input class="search__input field__input" id="Search-In-Modal" type="search" name="q" value="" placeholder="${esc(ui.search)}" role="combobox" aria-expanded="false" aria-owns="predictive-search-results" aria-controls="predictive-search-results" aria-haspopup="listbox" aria-autocomplete="list" autocorrect="off" autocomplete="off" autocapitalize="off" spellcheck="false"><label class="field__label" for="Search-In-Modal">${esc(ui.search)}</label><input type="hidden" name="options[prefix]" value="last"><button type="reset" class="reset__button field__button hidden" aria-label="Clear search term">${icon('close', 'icon icon-close', 12)}</button><button class="search__button field__button" aria-label="${esc(ui.search)}">${icon('search', 'icon icon-search', 18)}</button></div><div class="predictive-search predictive-search--header" tabindex="-1" data-predictive-search><div class="predictive-search__loading-state"><svg aria-hidden="true" focusable="false" class="spinner" viewBox="0 0 66 66" xmlns="http://www.w3.org/2000/svg"><circle class="path" fill="none" stroke-width="6" cx="33" cy="33" r="30"></circle></svg></div></div><span class="predictive-search-status visually-hidden" role="status" aria-hidden="true"></span></form></predictive-search><button type="button" class="search-modal__close-button modal__close-button link link--text focus-inset" aria-label="${esc(ui.close)}">${icon('close', 'icon icon-close', 16)}</button></div></div>
  </details></details-modal>
  <a href="/account/login" class="header__icon header__icon--account link focus-inset small-hide">${icon('user', 'icon icon-account', 20)}<span class="visually-hidden">${esc(ui.account)}</span></a>
  <a href="/cart" class="header__icon header__icon--cart link focus-inset" id="cart-icon-bubble">${icon('cart', 'icon icon-cart-empty', 20)}<span class="visually-hidden">${esc(ui.cart)}</span>${cartCount ? `<div class="cart-count-bubble"><span aria-hidden="true">${cartCount}</span><span class="visually-hidden">${cartCount} item</span></div>` : ''}</a>
</div>
</header></sticky-header>
<script type="application/ld+json">{"@context": "http://schema.org","@type": "Organization","name": ${JSON.stringify(s.name)},"logo": "https:\\/\\/${s.domain}\\/cdn\\/shop\\/files\\/logo.png?v=1684431111\\u0026width=500","sameAs": ["https:\\/\\/www.instagram.com\\/${slug(s.name)}","https:\\/\\/www.facebook.com\\/${slug(s.name)}"],"url": "https:\\/\\/${s.domain}"}</script>
</div>
<cart-drawer class="drawer${cartCount ? '' : ' is-empty'}">
  <div id="CartDrawer" class="cart-drawer">
    <div id="CartDrawer-Overlay" class="cart-drawer__overlay"></div>
    <div class="drawer__inner gradient color-scheme-1" role="dialog" aria-modal="true" aria-label="${esc(ui.cart)}" tabindex="-1">
      <div class="drawer__inner-empty"><div class="cart-drawer__warnings center"><div class="cart-drawer__empty-content">
        <h2 class="cart__empty-text">${s.lang === 'en' ? 'Your cart is empty' : s.lang === 'es' ? 'Tu carrito esta vacío' : ui.cart}</h2>
        <button class="drawer__close" type="button" onclick="this.closest('cart-drawer').close()" aria-label="${esc(ui.close)}">${icon('close', 'icon icon-close', 16)}</button>
        <a href="/collections/all" class="button">${s.lang === 'en' ? 'Continue shopping' : 'Seguir comprando'}</a>
      </div></div></div>
      <div class="drawer__header"><h2 class="drawer__heading">${esc(ui.cart)}</h2></div>
      <cart-drawer-items class="is-empty"><form action="/cart" id="CartDrawer-Form" class="cart__contents cart-drawer__form" method="post"><div id="CartDrawer-CartItems" class="drawer__contents js-contents"><p id="CartDrawer-LiveRegionText" class="visually-hidden" role="status"></p><p id="CartDrawer-LineItemStatus" class="visually-hidden" aria-hidden="true" role="status">Loading...</p></div><div id="CartDrawer-CartErrors" role="alert"></div></form></cart-drawer-items>
      <div class="drawer__footer"><div class="cart-drawer__footer">
        <div class="totals" role="status"><h2 class="totals__total">${s.lang === 'en' ? 'Estimated total' : 'Total estimado'}</h2><p class="totals__total-value">${esc(money(o, cartTotal, true))}</p></div>
        <small class="tax-note caption-large rte">${esc(o.taxLine ?? '')}</small>
      </div><div class="cart__ctas"><button type="submit" id="CartDrawer-Checkout" class="cart__checkout-button button" name="checkout" form="CartDrawer-Form" disabled>Check out</button></div></div>
    </div>
  </div>
</cart-drawer>`;
}

function footerHtml(o: ShopifyOpts, r: Rng): string {
  const s = o.site;
  return `<div id="shopify-section-sections--18273645611234__footer" class="shopify-section shopify-section-group-footer-group">
<footer class="footer color-scheme-2 gradient section-sections--18273645611234__footer-padding">
  <div class="footer__content-top page-width">
    ${footerColumns(s, r)}
    <div class="footer-block--newsletter scroll-trigger animate--slide-in">
      ${newsletterBlock(s, 'newsletter')}
      ${socialList(s)}
    </div>
  </div>
  <div class="footer__content-bottom">
    <div class="footer__content-bottom-wrapper page-width">
      <div class="footer__column footer__localization isolate"></div>
      <div class="footer__column footer__column--info">
        <div class="footer__payment"><span class="visually-hidden">Payment methods</span>${paymentList(s)}</div>
        <div class="footer__copyright caption">
          <small class="copyright__content">&copy; ${s.year}, <a href="/" title="">${esc(s.name)}</a></small>
          <small class="copyright__content"><a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">Powered by Shopify</a></small>
          <ul class="policies list-unstyled"><li><small class="copyright__content"><a href="/policies/refund-policy">${esc(UI[s.lang].returns)}</a></small></li><li><small class="copyright__content"><a href="/policies/privacy-policy">${esc(UI[s.lang].privacy)}</a></small></li><li><small class="copyright__content"><a href="/policies/terms-of-service">${esc(UI[s.lang].terms)}</a></small></li></ul>
        </div>
      </div>
    </div>
  </div>
</footer>
</div>`;
}

function tailScripts(o: ShopifyOpts, r: Rng): string {
  const s = o.site;
  return `<ul hidden>
      <li id="a11y-refresh-page-message">Choosing a selection results in a full page refresh.</li>
      <li id="a11y-new-window-message">Opens in a new window.</li>
    </ul>

    <script>
      window.shopUrl = 'https://${s.domain}';
      window.routes = {
        cart_add_url: '/cart/add',
        cart_change_url: '/cart/change',
        cart_update_url: '/cart/update',
        cart_url: '/cart',
        predictive_search_url: '/search/suggest',
      };

      window.cartStrings = {
        error: \`There was an error while updating your cart. Please try again.\`,
        quantityError: \`You can only add [quantity] of this item to your cart.\`,
      };

      window.variantStrings = {
        addToCart: \`${UI[s.lang].addToCart}\`,
        soldOut: \`${UI[s.lang].soldOut}\`,
        unavailable: \`Unavailable\`,
        unavailable_with_option: \`[value] - Unavailable\`,
      };

      window.quickOrderListStrings = {
        itemsAdded: \`[quantity] items added\`,
        itemAdded: \`[quantity] item added\`,
        min_error: \`This item has a minimum of [min]\`,
        max_error: \`This item has a maximum of [max]\`,
        step_error: \`You can only add this item in increments of [step]\`,
      };

      window.accessibilityStrings = {
        imageAvailable: \`Image [index] is now available in gallery view\`,
        shareSuccess: \`Link copied to clipboard\`,
        pauseSlideshow: \`Pause slideshow\`,
        playSlideshow: \`Play slideshow\`,
        recipientFormExpanded: \`Gift card recipient form expanded\`,
        recipientFormCollapsed: \`Gift card recipient form collapsed\`,
        countrySelectorSearchCount: \`[count] countries/regions found\`,
      };
      window.theme = window.theme || {};
      window.theme.moneyFormat = ${JSON.stringify(o.moneyFormat)};
      window.theme.moneyWithCurrencyFormat = ${JSON.stringify(s.currencyHints ? o.moneyWithCurrencyFormat : o.moneyFormat)};
    </script>
    <script src="//${s.domain}/cdn/shop/t/14/assets/predictive-search.js?v=162273246065392412141719325522" defer="defer"></script>
    <script>${vendorJs(r, o.jsKb ?? 60, 'dawn')}</script>
${whatsappFloat(s)}
<div id="shopify-block-${r.int(1000000, 9999999)}" class="shopify-block shopify-app-block"><script id="wishlisthero-settings" type="application/json">{"ButtonStyle":"icon_only","ButtonColor":"#111111","ShowCount":true,"Currency":{"format":${JSON.stringify(o.moneyFormat)}}}</script></div>
  </body>
</html>`;
}

function analyticsProduct(o: ShopifyOpts, p: Product): unknown {
  return {
    product: {
      id: p.id,
      gid: `gid://shopify/Product/${p.id}`,
      vendor: p.brand,
      type: p.type,
      variants: p.variants.map((v) => ({
        id: v.id,
        price: cents(v.price),
        name: `${p.title} - ${v.title}`,
        public_title: v.title,
        sku: v.sku,
      })),
      remote: false,
    },
    page: { pageType: 'product', resourceType: 'product', resourceId: p.id },
  };
}

function productJsonLd(o: ShopifyOpts, p: Product): string {
  const s = o.site;
  if (o.jsonLd === 'none' || !s.currencyHints) return '';
  if (o.jsonLd === 'productgroup' && p.variants.length > 1) {
    return `<script type="application/ld+json">
          ${JSON.stringify({
            '@context': 'http://schema.org/',
            '@id': `${o.url}#product`,
            '@type': 'ProductGroup',
            brand: { '@type': 'Brand', name: p.brand },
            description: p.descriptionHtml
              .replace(/<[^>]+>/g, ' ')
              .replace(/\s+/g, ' ')
              .trim()
              .slice(0, 300),
            hasVariant: p.variants.map((v) => ({
              '@id': `${o.url}?variant=${v.id}#variant`,
              '@type': 'Product',
              image: p.images[0],
              name: `${p.title} - ${v.title}`,
              offers: {
                '@id': `${o.url}?variant=${v.id}#offer`,
                '@type': 'Offer',
                availability:
                  v.available === false ? 'http://schema.org/OutOfStock' : 'http://schema.org/InStock',
                price: v.price.toFixed(2),
                priceCurrency: s.cur.code,
                url: `${o.url}?variant=${v.id}`,
              },
              sku: v.sku,
            })),
            name: p.title,
            productGroupID: String(p.id),
            url: o.url,
          })}
        </script>`;
  }
  return `<script type="application/ld+json">
    {
      "@context": "http://schema.org/",
      "@type": "Product",
      "name": ${JSON.stringify(p.title)},
      "url": ${JSON.stringify(o.url)},
      "image": [
          ${JSON.stringify(p.images[0])}
        ],
      "description": ${JSON.stringify(
        p.descriptionHtml
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 400),
      )},
      "sku": ${JSON.stringify(p.variants[0]?.sku)},
      "brand": {
        "@type": "Brand",
        "name": ${JSON.stringify(p.brand)}
      },
      "offers": [${p.variants
        .map(
          (v) => `
          {
            "@type" : "Offer","sku": ${JSON.stringify(v.sku)},"availability" : "http://schema.org/${v.available === false ? 'OutOfStock' : 'InStock'}",
            "price" : ${v.price.toFixed(2)},
            "priceCurrency" : ${JSON.stringify(s.cur.code)},
            "url" : ${JSON.stringify(`${o.url}?variant=${v.id}`)}
          }`,
        )
        .join(',')}
      ]
    }
  </script>`;
}

export type ShopifyProductInput = ShopifyOpts & {
  product: Product;
  related: Card[];
  recent?: Card[];
  alsoBought?: Card[];
};

export function shopifyProduct(r: Rng, o: ShopifyProductInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const og = `<meta property="og:site_name" content="${esc(s.name)}">
<meta property="og:url" content="${o.url}">
<meta property="og:title" content="${esc(p.title)}">
<meta property="og:type" content="product">
<meta property="og:description" content="${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160),
  )}">
<meta property="og:image" content="http:${p.images[0]?.replace('https:', '')}">
<meta property="og:image:secure_url" content="${p.images[0]}">
<meta property="og:image:width" content="1946">
<meta property="og:image:height" content="1946">${
    o.ogPrice !== false && s.currencyHints
      ? `<meta property="og:price:amount" content="${s.cur
          .fmt(v0.price)
          .replace(/[^0-9.,'\u2019\u00a0 ]/g, '')
          .trim()}">
<meta property="og:price:currency" content="${s.cur.code}">`
      : ''
  }<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${esc(p.title)}">
<meta name="twitter:description" content="${esc(p.title)}">
<link href="//${s.domain}/cdn/shop/t/14/assets/section-main-product.css?v=161818056142534136121719325522" rel="stylesheet" type="text/css" media="all" />`;
  const head = headHtml(
    o,
    r,
    p.title,
    p.descriptionHtml.replace(/<[^>]+>/g, ' ').slice(0, 150),
    og,
    'product',
    analyticsProduct(o, p),
  );
  const optName = p.optionName ?? ui.color;
  const variantRadios = p.variants
    .map(
      (v, i) =>
        `<input type="radio" id="${SECTION}__main-1-${i}" name="${esc(optName)}-1" value="${esc(v.title)}" form="product-form-${SECTION}__main"${i === 0 ? ' checked' : ''}${v.available === false ? ' class="disabled"' : ''} data-product-variant-id="${v.id}" data-option-value-id="${v.id - 1000}"><label for="${SECTION}__main-1-${i}">${esc(v.title)}<span class="visually-hidden label-unavailable">${esc(ui.soldOut)}</span></label>`,
    )
    .join('\n              ');
  const selectedVariantJson = jsonInline({
    id: v0.id,
    title: v0.title,
    option1: v0.title,
    option2: null,
    option3: null,
    sku: v0.sku,
    requires_shipping: true,
    taxable: true,
    featured_image: null,
    available: true,
    name: `${p.title} - ${v0.title}`,
    public_title: v0.title,
    options: [v0.title],
    price: cents(v0.price),
    weight: 1200,
    compare_at_price: v0.compare !== undefined ? cents(v0.compare) : null,
    inventory_management: 'shopify',
    barcode: String(7500000000000 + (v0.id % 1000000)),
    requires_selling_plan: false,
    selling_plan_allocations: [],
    quantity_rule: { min: 1, max: null, increment: 1 },
  });
  const allVariantsJson = jsonInline(
    p.variants.map((v) => ({
      id: v.id,
      title: v.title,
      option1: v.title,
      sku: v.sku,
      available: v.available !== false,
      price: cents(v.price),
      compare_at_price: v.compare !== undefined ? cents(v.compare) : null,
      featured_media: {
        id: v.id + 5,
        position: 1,
        preview_image: { aspect_ratio: 1.0, height: 1946, width: 1946, src: p.images[0] },
      },
    })),
  );
  const paymentTerms = s.currencyHints
    ? `<shopify-payment-terms variant-id="${v0.id}" shopify-meta="${esc(
        JSON.stringify({
          type: 'product',
          currency_code: s.cur.code,
          country_code: s.country,
          variants: p.variants.map((v) => ({
            id: v.id,
            price_per_term: money(o, Math.round((v.price / 4) * 100) / 100),
            full_price: money(o, v.price),
            eligible: v.price >= 35,
            available: v.available !== false,
            number_of_payment_terms: 4,
          })),
          min_price: money(o, 35),
          max_price: money(o, 30000),
          financing_plans: [
            {
              min_price: money(o, 35),
              max_price: money(o, 49.99),
              terms: [{ apr: 0, loan_type: 'split_pay', installments_count: 4 }],
            },
          ],
          installments_buyer_prequalification_enabled: false,
        }),
      )}" ux-mode="iframe" show-new-buyer-incentive="false"></shopify-payment-terms>`
    : '';
  const main = `<section id="shopify-section-${SECTION}__main" class="shopify-section section"><product-info id="MainProduct-${SECTION}__main" class="section-${SECTION}__main-padding gradient color-scheme-1" data-section="${SECTION}__main" data-product-id="${p.id}" data-update-url="true" data-url="/products/${p.handle}">
  <link href="//${s.domain}/cdn/shop/t/14/assets/section-main-product.css?v=161818056142534136121719325522" rel="stylesheet" type="text/css" media="all" />
  <link href="//${s.domain}/cdn/shop/t/14/assets/component-accordion.css?v=180964204318874863811719325521" rel="stylesheet" type="text/css" media="all" />
  <link href="//${s.domain}/cdn/shop/t/14/assets/component-price.css?v=70172745017360139101719325522" rel="stylesheet" type="text/css" media="all" />
  <div class="page-width">
    <nav class="breadcrumbs" role="navigation" aria-label="breadcrumbs"><ol class="breadcrumbs__list"><li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/">${esc(ui.home)}</a></li>${p.breadcrumbs
      .map(
        (b) =>
          `<li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/collections/${slug(b)}">${esc(b)}</a></li>`,
      )
      .join(
        '',
      )}<li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/products/${p.handle}" aria-current="page">${esc(p.title)}</a></li></ol></nav>
    <div class="product product--large product--left product--stacked product--mobile-hide grid grid--1-col grid--2-col-tablet">
      <div class="grid__item product__media-wrapper">
        <media-gallery id="MediaGallery-${SECTION}__main" role="region" class="product__column-sticky" aria-label="Gallery Viewer" data-desktop-layout="stacked">
          <div id="GalleryStatus-${SECTION}__main" class="visually-hidden" role="status"></div>
          <slider-component id="GalleryViewer-${SECTION}__main" class="slider-mobile-gutter">
            <ul id="Slider-Gallery-${SECTION}__main" class="product__media-list contains-media grid grid--peek list-unstyled slider slider--mobile" role="list">
${p.images
  .map(
    (
      img,
      i,
    ) => `              <li id="Slide-${SECTION}__main-${p.id + i}" class="product__media-item grid__item slider__slide${i === 0 ? ' is-active' : ''}" data-media-id="${SECTION}__main-${p.id + i}">
<div class="product-media-container media-type-image media-fit-contain global-media-settings gradient constrain-height" style="--ratio: 1.0; --preview-ratio: 1.0;"><noscript><div class="product__media media"><img src="${img}" alt="" srcset="${img.replace('width=1946', 'width=246')} 246w, ${img.replace('width=1946', 'width=493')} 493w, ${img.replace('width=1946', 'width=600')} 600w" width="1100" height="1100" sizes="(min-width: 1200px) 715px, (min-width: 990px) calc(65.0vw - 10rem), (min-width: 750px) calc((100vw - 11.5rem) / 2), calc(100vw / 1 - 4rem)"></div></noscript>
  <modal-opener class="product__modal-opener product__modal-opener--image no-js-hidden" data-modal="#ProductModal-${SECTION}__main"><span class="product__media-icon motion-reduce quick-add-hidden product__media-icon--lightbox" aria-hidden="true">${icon('plus', 'icon icon-plus', 14)}</span>
    <div class="product__media media media--transparent"><img src="${img}" alt="${esc(p.title)}" srcset="${img.replace('width=1946', 'width=246')} 246w, ${img.replace('width=1946', 'width=493')} 493w, ${img.replace('width=1946', 'width=600')} 600w, ${img} 1946w" width="1946" height="1946" class="image-magnify-lightbox" sizes="(min-width: 1200px) 715px, (min-width: 990px) calc(65.0vw - 10rem), (min-width: 750px) calc((100vw - 11.5rem) / 2), calc(100vw / 1 - 4rem)"${i ? ' loading="lazy"' : ''}></div>
    <button class="product__media-toggle quick-add-hidden product__media-zoom-lightbox" type="button" aria-haspopup="dialog" data-media-id="${p.id + i}"><span class="visually-hidden">Open media ${i + 1} in modal</span></button>
  </modal-opener></div>
</li>`,
  )
  .join('\n')}
            </ul>
          </slider-component>
        </media-gallery>
      </div>
      <div class="product__info-wrapper grid__item product__info-wrapper--extra-padding">
        <section id="ProductInfo-${SECTION}__main" class="product__info-container product__column-sticky"><p class="product__text inline-richtext caption-with-letter-spacing">${esc(p.brand)}</p><div class="product__title">
                <h1>${esc(p.title)}</h1>
                <a href="/products/${p.handle}" class="product__title"><h2 class="h1">${esc(p.title)}</h2></a>
              </div><div class="jdgm-widget jdgm-preview-badge jdgm--done-setup" data-id="${p.id}" data-template="product" data-auto-install="false">
  <div style="display:none" class="jdgm-prev-badge" data-average-rating="${p.rating.toFixed(2)}" data-number-of-reviews="${p.reviewCount}" data-number-of-questions="0"> <span class="jdgm-prev-badge__stars" data-score="${p.rating.toFixed(2)}" tabindex="0" aria-label="${p.rating.toFixed(2)} stars" role="button"> ${stars(p.rating, 'jdgm-star')} </span> <span class="jdgm-prev-badge__text"> ${p.reviewCount} reviews </span> </div>
</div>
<div id="price-${SECTION}__main" role="status">
${priceHtml(o, v0.price, v0.compare, { large: true, badge: true })}
${onSale ? `<p class="price__savings caption">${s.lang === 'en' ? 'You save' : 'Ahorras'} ${esc(money(o, Math.round(((v0.compare ?? 0) - v0.price) * 100) / 100))}</p>` : ''}
</div>${o.taxLine ? `<div class="product__tax caption rte">${o.taxLine}</div>` : ''}<div><form method="post" action="/cart/add" id="product-form-installment-${SECTION}__main" accept-charset="UTF-8" class="installment caption-large" enctype="multipart/form-data"><input type="hidden" name="form_type" value="product" /><input type="hidden" name="utf8" value="✓" /><input type="hidden" name="id" value="${v0.id}">
${paymentTerms}
<input type="hidden" name="product-id" value="${p.id}" /><input type="hidden" name="section-id" value="${SECTION}__main" /></form></div>${o.installments ? `\n<p class="product__installments caption-large">${o.installments}</p>` : ''}
<variant-selects id="variant-selects-${SECTION}__main" data-section="${SECTION}__main">
  <fieldset class="js product-form__input product-form__input--pill">
    <legend class="form__label">${esc(optName)}</legend>
              ${variantRadios}
  </fieldset>
  <script type="application/json" data-selected-variant>
    ${selectedVariantJson}
  </script>
</variant-selects>
<noscript class="product-form__noscript-wrapper-${SECTION}__main">
  <div class="product-form__input${p.variants.length === 1 ? ' hidden' : ''}">
    <label class="form__label" for="Variants-${SECTION}__main">Product variants</label>
    <div class="select">
      <select name="id" id="Variants-${SECTION}__main" class="select__select" form="product-form-${SECTION}__main">
${p.variants.map((v, i) => `        <option${i === 0 ? ' selected="selected"' : ''}${v.available === false ? ' disabled' : ''} value="${v.id}">\n          ${esc(v.title)}\n          - ${esc(money(o, v.price))}\n        </option>`).join('\n')}
      </select>
      ${icon('chevron', 'icon icon-caret', 10)}
    </div>
  </div>
</noscript>
<div id="Quantity-Form-${SECTION}__main" class="product-form__input product-form__quantity">
  <label class="quantity__label form__label" for="Quantity-${SECTION}__main">
    ${esc(ui.quantity)}
    <span class="quantity__rules-cart hidden"><span class="loading__spinner hidden"></span><span>(<span>0</span> in cart)</span></span>
  </label>
  <div class="price-per-item__container">
    <quantity-input class="quantity" data-url="/products/${p.handle}" data-section="${SECTION}__main">
      <button class="quantity__button" name="minus" type="button"><span class="visually-hidden">Decrease quantity for ${esc(p.title)}</span>${icon('minus', 'icon icon-minus', 10)}</button>
      <input class="quantity__input" type="number" name="quantity" id="Quantity-${SECTION}__main" data-cart-quantity="0" data-min="1" min="1" step="1" value="1" form="product-form-${SECTION}__main" />
      <button class="quantity__button" name="plus" type="button"><span class="visually-hidden">Increase quantity for ${esc(p.title)}</span>${icon('plus', 'icon icon-plus', 10)}</button>
    </quantity-input>
  </div>
  <div class="quantity__rules caption no-js-hidden"></div>
</div>
${o.extraBuyBox ?? ''}
<div><product-form class="product-form" data-hide-errors="false" data-section-id="${SECTION}__main">
  <div class="product-form__error-message-wrapper" role="alert" hidden>${icon('close', 'icon icon-error', 13)}<span class="product-form__error-message"></span></div>
  <form method="post" action="/cart/add" id="product-form-${SECTION}__main" accept-charset="UTF-8" class="form" enctype="multipart/form-data" novalidate="novalidate" data-type="add-to-cart-form"><input type="hidden" name="form_type" value="product" /><input type="hidden" name="utf8" value="✓" /><input type="hidden" name="id" value="${v0.id}" class="product-variant-id">
    <div class="product-form__buttons">
      <button id="ProductSubmitButton-${SECTION}__main" type="submit" name="add" class="product-form__submit button button--full-width button--secondary">
        <span>${esc(ui.addToCart)}</span>
        <div class="loading__spinner hidden"><svg aria-hidden="true" focusable="false" class="spinner" viewBox="0 0 66 66" xmlns="http://www.w3.org/2000/svg"><circle class="path" fill="none" stroke-width="6" cx="33" cy="33" r="30"></circle></svg></div>
      </button><div data-shopify="payment-button" class="shopify-payment-button"> <shopify-accelerated-checkout recommended="null" fallback="{&quot;supports_subs&quot;:true,&quot;supports_def_opts&quot;:true,&quot;name&quot;:&quot;buy_it_now&quot;,&quot;wallet_params&quot;:{}}" access-token="0c1f2e3d4c5b6a79887a6b5c4d3e2f1" buyer-country="${s.currencyHints ? s.country : ''}" buyer-locale="${s.lang}" buyer-currency="${s.currencyHints ? s.cur.code : ''}" variant-params="${esc(JSON.stringify(p.variants.map((v) => ({ id: v.id, requiresShipping: true }))))}" shop-id="6123" ></shopify-accelerated-checkout> <small id="shopify-buyer-consent" class="hidden" aria-hidden="true"> This item is a recurring or deferred purchase. </small> </div>
    </div>
  <input type="hidden" name="product-id" value="${p.id}" /><input type="hidden" name="section-id" value="${SECTION}__main" /></form>
</product-form>
<link href="//${s.domain}/cdn/shop/t/14/assets/component-pickup-availability.css?v=23027427361927693261719325522" rel="stylesheet" type="text/css" media="all" />
<pickup-availability class="product__pickup-availabilities quick-add-hidden" available data-root-url="/" data-variant-id="${v0.id}" data-has-only-default-variant="${p.variants.length === 1}" data-product-page-color-scheme="gid://shopify/OnlineStoreThemeSettingsData/${r.int(100000000, 999999999)}">
  <template><pickup-availability-preview class="pickup-availability-preview">${icon('truck', 'icon', 16)}<div class="pickup-availability-info"><p class="caption-large">Couldn't load pickup availability</p><button class="pickup-availability-button link link--text underlined-link">Refresh</button></div></pickup-availability-preview></template>
</pickup-availability>
<script src="//${s.domain}/cdn/shop/t/14/assets/pickup-availability.js?v=79308381911282811711719325522" defer="defer"></script>
</div>
<div class="product__description rte quick-add-hidden">
${p.descriptionHtml}
</div>
<div class="product__accordion accordion quick-add-hidden">
  <details id="Details-collapsible_tab_specs-${SECTION}__main" open>
    <summary><div class="summary__title">${icon('card', 'icon icon-accordion', 20)}<h2 class="h4 accordion__title inline-richtext">${esc(ui.specs)}</h2></div>${icon('chevron', 'icon icon-caret', 10)}</summary>
    <div class="accordion__content rte" id="ProductAccordion-collapsible_tab_specs-${SECTION}__main">
${specsTable(p.specs)}
    </div>
  </details>
</div>
<div class="product__accordion accordion quick-add-hidden">
  <details id="Details-collapsible_tab_shipping-${SECTION}__main">
    <summary><div class="summary__title">${icon('truck', 'icon icon-accordion', 20)}<h2 class="h4 accordion__title inline-richtext">${esc(ui.shipping)} &amp; ${esc(ui.returns)}</h2></div>${icon('chevron', 'icon icon-caret', 10)}</summary>
    <div class="accordion__content rte" id="ProductAccordion-collapsible_tab_shipping-${SECTION}__main">
${policyText(s, (v) => money(o, v))}
    </div>
  </details>
</div>
<div class="product__accordion accordion quick-add-hidden">
  <details id="Details-collapsible_tab_faq-${SECTION}__main">
    <summary><div class="summary__title"><h2 class="h4 accordion__title inline-richtext">${esc(ui.faq)}</h2></div>${icon('chevron', 'icon icon-caret', 10)}</summary>
    <div class="accordion__content rte">${faqBlock(s)}</div>
  </details>
</div>
<share-button id="Share-${SECTION}__main" class="share-button quick-add-hidden">
  <button class="share-button__button hidden">${esc(ui.share)}</button>
  <details id="Details-share-${SECTION}__main"><summary class="share-button__button">${esc(ui.share)}</summary>
    <div class="share-button__fallback motion-reduce"><div class="field"><span id="ShareMessage-${SECTION}__main" class="share-button__message hidden" role="status"></span><input type="text" class="field__input" id="ShareUrl-${SECTION}__main" value="${o.url}" placeholder="Link" onclick="this.select();" readonly></div></div>
  </details>
</share-button>
<script src="//${s.domain}/cdn/shop/t/14/assets/share.js?v=13024540447964430191719325522" defer="defer"></script>
        </section>
      </div>
    </div>
  </div>
  <product-modal id="ProductModal-${SECTION}__main" class="product-media-modal media-modal"><div class="product-media-modal__dialog" role="dialog" aria-label="Media gallery" aria-modal="true" tabindex="-1"><button id="ModalClose-${SECTION}__main" type="button" class="product-media-modal__toggle" aria-label="${esc(ui.close)}">${icon('close', 'icon icon-close', 18)}</button><div class="product-media-modal__content gradient" role="document" aria-label="Media gallery" tabindex="0"></div></div></product-modal>
  <script type="application/json" id="ProductJSON-${p.id}">${allVariantsJson}</script>
  ${productJsonLd(o, p)}
</product-info>
</section>`;

  const reviews = `<section id="shopify-section-${SECTION}__judgeme" class="shopify-section"><div class="page-width">
<div style='clear:both'></div>
<div id='judgeme_product_reviews' class='jdgm-widget jdgm-review-widget jdgm--done-setup-widget' data-product-title='${esc(p.title)}' data-id='${p.id}' data-auto-install='false'>
<div class='jdgm-rev-widg' data-updated-at='2024-05-02T18:24:06Z' data-average-rating='${p.rating.toFixed(2)}' data-number-of-reviews='${p.reviewCount}' data-number-of-questions='2'>
  <style class='jdgm-temp-hiding-style'>.jdgm-rev-widg{ display: none }</style>
  <div class='jdgm-rev-widg__header'><h2 class='jdgm-rev-widg__title'>${esc(ui.reviews)}</h2>
    <div class='jdgm-rev-widg__summary'><div class='jdgm-rev-widg__summary-stars' aria-label='Average rating is ${p.rating.toFixed(2)} stars' role='img'>${stars(p.rating, 'jdgm-star')}</div>
    <div class='jdgm-rev-widg__summary-text'>${s.lang === 'en' ? `Based on ${p.reviewCount} reviews` : ui.reviewsCount(p.reviewCount)}</div></div>
    <a style='display: none' href='#' class='jdgm-write-rev-link' role='button'>${esc(ui.writeReview)}</a>
  </div>
  <div class='jdgm-rev-widg__body'><div class='jdgm-rev-widg__reviews'>
${p.reviews
  .map(
    (
      rv,
      i,
    ) => `<div class='jdgm-rev jdgm-divider-top' data-verified-buyer='true' data-review-id='${r.int(10000000, 99999999).toString(16)}-${i}' data-product-title='${esc(p.title)}' data-product-url='/products/${p.handle}' data-thumb-up-count='${i % 4}' data-thumb-down-count='0'>
  <div class='jdgm-rev__header'><div class='jdgm-rev__icon'>${esc(rv.author.charAt(0))}</div>
    <span class='jdgm-rev__rating' data-score='${rv.rating}' tabindex='0' aria-label='${rv.rating} star review' role='img'>${stars(rv.rating, 'jdgm-star')}</span>
    <span class='jdgm-rev__timestamp' data-content='${rv.date[0]}-${String(rv.date[1]).padStart(2, '0')}-${String(rv.date[2]).padStart(2, '0')} 14:12:04 UTC'>${s.lang === 'en' ? ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][rv.date[1]] + ' ' + rv.date[2] + ', ' + rv.date[0] : `${String(rv.date[2]).padStart(2, '0')}/${String(rv.date[1]).padStart(2, '0')}/${rv.date[0]}`}</span>
    <div class='jdgm-rev__br'></div><span class='jdgm-rev__buyer-badge-wrapper'><span class='jdgm-rev__buyer-badge'>${esc(ui.verified)}</span></span><span class='jdgm-rev__author-wrapper'><span class='jdgm-rev__author'>${esc(rv.author)}</span></span>
  </div>
  <div class='jdgm-rev__content'><div class='jdgm-rev__custom-form'></div><b class='jdgm-rev__title'>${esc(rv.title)}</b><div class='jdgm-rev__body'><p>${esc(rv.body)}</p></div><div class='jdgm-rev__pics'></div></div>
  <div class='jdgm-rev__actions'><div class='jdgm-rev__social'></div><div class='jdgm-rev__votes'><span class='jdgm-rev__votes-count jdgm-rev__thumb-up' data-count='${i % 4}'>${i % 4}</span></div></div>
</div>`,
  )
  .join('\n')}
  </div><div class='jdgm-paginate' data-per-page='10' data-url='https://judge.me/reviews/reviews_for_widget'><a class='jdgm-paginate__page jdgm-curt' data-page='1'>1</a><a class='jdgm-paginate__page' data-page='2'>2</a><a class='jdgm-paginate__page' data-page='3'>3</a><a class='jdgm-paginate__page jdgm-paginate__next-page' data-page='2'></a><a class='jdgm-paginate__page jdgm-paginate__last-page' data-page='${Math.ceil(p.reviewCount / 10)}'></a></div></div>
</div>
</div>
</div></section>`;

  const carousel = (id: string, title: string, cards: Card[]): string =>
    cards.length === 0
      ? ''
      : `<div id="shopify-section-${SECTION}__${id}" class="shopify-section section">
<div class="color-scheme-1 gradient"><product-recommendations class="related-products page-width section-${SECTION}__${id}-padding isolate scroll-trigger animate--slide-in" data-url="/recommendations/products?section_id=${SECTION}__${id}&product_id=${p.id}&limit=${cards.length}&intent=related" data-section-id="${SECTION}__${id}" data-product-id="${p.id}">
  <h2 class="related-products__heading inline-richtext h2">${esc(title)}</h2>
  <slider-component class="slider-mobile-gutter"><ul class="grid product-grid contains-card contains-card--product grid--4-col-desktop grid--2-col-tablet-down slider slider--tablet grid--peek" role="list" aria-label="Slider">
${cards.map((c, i) => shopifyCard(o, c, i, `${SECTION}__${id}`)).join('\n')}
  </ul><div class="slider-buttons no-js-hidden"><button type="button" class="slider-button slider-button--prev" name="previous" aria-label="Slide left">${icon('arrowLeft', 'icon', 14)}</button><div class="slider-counter caption"><span class="slider-counter--current">1</span><span aria-hidden="true"> / </span><span class="slider-counter--total">${Math.ceil(cards.length / 4)}</span></div><button type="button" class="slider-button slider-button--next" name="next" aria-label="Slide right">${icon('arrowRight', 'icon', 14)}</button></div></slider-component>
</product-recommendations></div></div>`;

  const recentTemplate = `<template id="recently-viewed-card-template"><li class="grid__item"><div class="card-wrapper"><div class="card__content"><h3 class="card__heading h5"><a href="{{ url }}" class="full-unstyled-link">{{ title }}</a></h3><div class="price"><span class="price-item price-item--regular">{{ price | money }}</span><s class="price-item">{{ compare_at_price | money }}</s></div></div></div></li></template>`;

  const body = `
  <body class="gradient animate--hover-default">
    ${svgSprite('icon')}
    <a class="skip-to-content-link button visually-hidden" href="#MainContent">Skip to content</a>
${gtm('GTM-XXXX').body}
${headerHtml(o, r)}
    <main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
${main}
${reviews}
${carousel('related-products', ui.related, o.related)}
${carousel('also-bought', ui.alsoBought, o.alsoBought ?? [])}
${carousel('recently-viewed', ui.recentlyViewed, o.recent ?? [])}
${recentTemplate}
<script type="application/ld+json">${breadcrumbJsonLd(s, [{ name: ui.home, url: '/' }, ...p.breadcrumbs.map((b) => ({ name: b, url: `/collections/${slug(b)}` })), { name: p.title }])}</script>
    </main>
${footerHtml(o, r)}
${tailScripts(o, r)}`;
  return head + body;
}

export type ShopifyCollectionInput = ShopifyOpts & {
  title: string;
  handle: string;
  description: string;
  cards: Card[];
};

export function shopifyCollection(r: Rng, o: ShopifyCollectionInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const sec = 'template--18273645578901__product-grid';
  const meta = {
    page: { pageType: 'collection', resourceType: 'collection', resourceId: r.int(300000000, 499999999) },
    products: o.cards.map((c) => ({
      id: c.id,
      gid: `gid://shopify/Product/${c.id}`,
      vendor: c.brand,
      type: o.title,
      variants: [{ id: c.id + 11, price: cents(c.price), name: c.name, public_title: null, sku: c.sku }],
      remote: false,
    })),
  };
  const og = `<meta property="og:site_name" content="${esc(s.name)}">
<meta property="og:url" content="${o.url}">
<meta property="og:title" content="${esc(o.title)}">
<meta property="og:type" content="website">
<meta property="og:description" content="${esc(o.description)}">
<meta name="twitter:card" content="summary_large_image">`;
  const head = headHtml(o, r, o.title, o.description, og, 'collection', meta);
  const vendors = [...new Set(o.cards.map((c) => c.brand ?? ''))].slice(0, 12);
  const facets = `<facet-filters-form class="facets small-hide">
  <form id="FacetFiltersForm" class="facets__form">
    <div class="facets__wrapper medium-hide large-up-hide"></div>
    <h2 class="facets__heading caption-large text-body">${esc(ui.filters)}:</h2>
    <details id="Details-1-${sec}" class="disclosure-has-popup facets__disclosure js-filter" data-index="1"><summary class="facets__summary caption-large focus-offset" aria-label="Disponibilidad (0 seleccionados)"><div><span>${s.lang === 'en' ? 'Availability' : 'Disponibilidad'}</span>${icon('chevron', 'icon icon-caret', 10)}</div></summary>
      <div class="parent-display facets__display"><fieldset class="facets-wrap parent-wrap"><ul class="facets__list list-unstyled" role="list">
        <li class="list-menu__item facets__item"><label for="Filter-filter.v.availability-1" class="facet-checkbox"><input type="checkbox" name="filter.v.availability" value="1" id="Filter-filter.v.availability-1"> ${esc(ui.inStock)} (${o.cards.filter((c) => !c.soldOut).length})</label></li>
        <li class="list-menu__item facets__item"><label for="Filter-filter.v.availability-2" class="facet-checkbox"><input type="checkbox" name="filter.v.availability" value="0" id="Filter-filter.v.availability-2"> ${esc(ui.soldOut)} (${o.cards.filter((c) => c.soldOut).length})</label></li>
      </ul></fieldset></div></details>
    <details id="Details-2-${sec}" class="disclosure-has-popup facets__disclosure js-filter" data-index="2"><summary class="facets__summary caption-large focus-offset"><div><span>${s.lang === 'en' ? 'Price' : 'Precio'}</span>${icon('chevron', 'icon icon-caret', 10)}</div></summary>
      <div class="facets__display"><div class="facets__header"><span class="facets__selected">${s.lang === 'en' ? 'The highest price is' : 'El precio más alto es'} ${esc(money(o, Math.max(...o.cards.map((c) => c.price))))}</span><facet-remove><a href="/collections/${o.handle}" class="facets__reset link underlined-link">Reset</a></facet-remove></div>
        <price-range class="facets__price"><div class="field"><span class="field-currency">$</span><input class="field__input" name="filter.v.price.gte" id="Filter-Price-GTE" type="text" inputmode="decimal" placeholder="0" data-pattern="\\d| |,|\\." data-min="0" data-max="${Math.ceil(Math.max(...o.cards.map((c) => c.price)))}"><label class="field__label" for="Filter-Price-GTE">${s.lang === 'en' ? 'From' : 'Desde'}</label></div>
        <div class="field"><span class="field-currency">$</span><input class="field__input" name="filter.v.price.lte" id="Filter-Price-LTE" type="text" inputmode="decimal" placeholder="${num(Math.ceil(Math.max(...o.cards.map((c) => c.price))), US2)}" data-pattern="\\d| |,|\\." data-min="0" data-max="${Math.ceil(Math.max(...o.cards.map((c) => c.price)))}"><label class="field__label" for="Filter-Price-LTE">${s.lang === 'en' ? 'To' : 'Hasta'}</label></div></price-range>
      </div></details>
    <details id="Details-3-${sec}" class="disclosure-has-popup facets__disclosure js-filter" data-index="3"><summary class="facets__summary caption-large focus-offset"><div><span>${s.lang === 'en' ? 'Brand' : 'Marca'}</span>${icon('chevron', 'icon icon-caret', 10)}</div></summary>
      <div class="parent-display facets__display"><fieldset class="facets-wrap parent-wrap"><ul class="facets__list list-unstyled" role="list">${vendors
        .map(
          (v, i) =>
            `<li class="list-menu__item facets__item"><label for="Filter-filter.p.vendor-${i}" class="facet-checkbox"><input type="checkbox" name="filter.p.vendor" value="${esc(v)}" id="Filter-filter.p.vendor-${i}"> ${esc(v)} (${o.cards.filter((c) => c.brand === v).length})</label></li>`,
        )
        .join('')}</ul></fieldset></div></details>
    <div class="facet-filters sorting caption"><div class="facet-filters__field"><h2 class="facet-filters__label caption-large text-body"><label for="SortBy">${esc(ui.sortBy)}:</label></h2>
      <div class="select"><select name="sort_by" class="facet-filters__sort select__select caption-large" id="SortBy" aria-describedby="a11y-refresh-page-message"><option value="manual">Featured</option><option value="best-selling" selected="selected">Best selling</option><option value="title-ascending">Alphabetically, A-Z</option><option value="price-ascending">Price, low to high</option><option value="price-descending">Price, high to low</option><option value="created-descending">Date, new to old</option></select>${icon('chevron', 'icon icon-caret', 10)}</div></div>
      <noscript><button type="submit" class="facets__button-no-js button button--secondary">Sort</button></noscript></div>
    <div class="product-count light" role="status"><h2 class="product-count__text text-body"><span id="ProductCountDesktop">${esc(ui.results(o.cards.length))}</span></h2></div>
  </form>
</facet-filters-form>`;
  const body = `
  <body class="gradient animate--hover-default">
    ${svgSprite('icon')}
${headerHtml(o, r)}
    <main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
<div id="shopify-section-template--18273645578901__banner" class="shopify-section section"><div class="collection-hero color-scheme-1 gradient"><div class="collection-hero__inner page-width scroll-trigger animate--fade-in"><div class="collection-hero__text-wrapper">
  <h1 class="collection-hero__title"><span class="visually-hidden">Collection: </span>${esc(o.title)}</h1>
  <div class="collection-hero__description rte"><p>${esc(o.description)}</p></div>
</div></div></div></div>
<div id="shopify-section-${sec}" class="shopify-section section"><div class="section-${sec}-padding gradient color-scheme-1">
${facets}
<div class="product-grid-container scroll-trigger animate--slide-in" id="ProductGridContainer" data-cascade>
  <div class="collection page-width">
    <div class="loading-overlay gradient"></div>
    <ul id="product-grid" data-id="${sec}" class="grid product-grid grid--2-col-tablet-down grid--4-col-desktop">
${o.cards.map((c, i) => shopifyCard(o, c, i, sec)).join('\n')}
    </ul>
    <div class="pagination-wrapper"><nav class="pagination" role="navigation" aria-label="Pagination"><ul class="pagination__list list-unstyled" role="list"><li><span class="pagination__item pagination__item--current light" aria-current="page" aria-label="Page 1">1</span></li><li><a href="/collections/${o.handle}?page=2" class="pagination__item link" aria-label="Page 2">2</a></li><li><a href="/collections/${o.handle}?page=3" class="pagination__item link" aria-label="Page 3">3</a></li><li><a href="/collections/${o.handle}?page=2" class="pagination__item pagination__item--prev pagination__item-arrow link motion-reduce" aria-label="Next page">${icon('arrowRight', 'icon', 10)}</a></li></ul></nav></div>
  </div>
</div>
</div></div>
<div id="shopify-section-template--18273645578901__rich_text" class="shopify-section section"><div class="isolate page-width"><div class="rich-text content-container color-scheme-1 gradient rich-text--full-width content-container--full-width section-template--18273645578901__rich_text-padding"><div class="rich-text__wrapper rich-text__wrapper--center page-width"><div class="rich-text__blocks center"><div class="rich-text__text rte scroll-trigger animate--slide-in">${policyText(s, (v) => money(o, v))}</div></div></div></div></div></div>
    </main>
${footerHtml(o, r)}
${tailScripts(o, r)}`;
  return head + body;
}
