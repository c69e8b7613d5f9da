/**
 * Mercado Libre / Mercado Livre pages: the PDP (ui-pdp-*) and a search listing (poly-card), with
 * prices in andes-money-amount markup: __currency-symbol, __fraction (grouped), __cents as a
 * superscript, <s> previous price, __discount, instalment subtitles, and the big
 * __PRELOADED_STATE__ blob.
 */
import {
  type Rng,
  esc,
  jsonInline,
  icon,
  css,
  vendorJs,
  slug,
  repeat,
  num,
  EU0,
  US0,
  fmtDate,
} from './lib.ts';
import { type Site, type Card, type Product } from './parts.ts';

export type MeliOpts = {
  site: Site;
  url: string;
  siteId: 'MLM' | 'MLA' | 'MLB' | 'MCO';
  cssKb?: number;
  jsKb?: number;
  stateKb?: number;
};

const WORDS: Record<MeliOpts['siteId'], [string, string, string]> = {
  MLM: ['pesos', 'centavos', 'con'],
  MLA: ['pesos', 'centavos', 'con'],
  MCO: ['pesos', 'centavos', 'con'],
  MLB: ['reais', 'centavos', 'com'],
};

const SELLERS = [
  'IMPRESION3DSTORE',
  'Tienda Maker Oficial',
  'FILAMENTOS PREMIUM',
  'TECNOMAKER',
  'Creality Tienda Oficial',
  'MUNDO3D',
  'EL TALLER DIGITAL',
  'ELEGOO OFICIAL',
];

function symbol(o: MeliOpts): string {
  return o.siteId === 'MLB' ? 'R$' : '$';
}

function fraction(o: MeliOpts, v: number): string {
  const int = Math.floor(v + 1e-9);
  return o.siteId === 'MLM' ? num(int, US0) : num(int, EU0);
}

function centsOf(v: number): string {
  return String(Math.round(v * 100) % 100).padStart(2, '0');
}

export function andes(
  o: MeliOpts,
  v: number,
  opts: { previous?: boolean; cls?: string; size?: number; superscript?: boolean; itemprop?: boolean } = {},
): string {
  const [unit, sub, joiner] = WORDS[o.siteId];
  const c = centsOf(v);
  const hasCents = c !== '00';
  const label = `${opts.previous ? 'Antes: ' : ''}${Math.floor(v + 1e-9)} ${unit}${hasCents ? ` ${joiner} ${Number(c)} ${sub}` : ''}`;
  const tag = opts.previous ? 's' : 'span';
  const classes = [
    'andes-money-amount',
    opts.cls ?? '',
    opts.previous ? 'andes-money-amount--previous' : '',
    opts.superscript === false ? 'andes-money-amount--cents-comma' : 'andes-money-amount--cents-superscript',
    'andes-money-amount--compact',
  ]
    .filter(Boolean)
    .join(' ');
  const centsHtml = hasCents
    ? opts.superscript === false
      ? `<span class="andes-money-amount__decimal-separator" aria-hidden="true">${o.siteId === 'MLM' ? '.' : ','}</span><span class="andes-money-amount__cents" aria-hidden="true">${c}</span>`
      : `<span class="andes-money-amount__cents andes-money-amount__cents--superscript-${opts.size === undefined ? 24 : Math.round(opts.size / 2)}" style="font-size:${opts.size === undefined ? 12 : Math.round(opts.size / 2)}px;margin-top:${opts.size === undefined ? 2 : 4}px" aria-hidden="true">${c}</span>`
    : '';
  return `<${tag} ${opts.itemprop ? 'data-testid="price-part" ' : ''}class="${classes}"${opts.itemprop ? ' itemprop="offers" itemscope="" itemtype="http://schema.org/Offer"' : ''} style="font-size:${opts.size ?? 24}px" role="img" aria-label="${label}" aria-roledescription="Precio">${opts.itemprop ? `<meta itemprop="price" content="${v}">` : ''}<span class="andes-money-amount__currency-symbol" aria-hidden="true">${symbol(o)}</span><span class="andes-money-amount__fraction" aria-hidden="true">${fraction(o, v)}</span>${centsHtml}</${tag}>`;
}

function navHeader(o: MeliOpts): string {
  const br = o.siteId === 'MLB';
  return `<header role="banner" data-siteid="${o.siteId}" data-country="${o.site.country}" class="nav-header nav-header-plus nav-header-lite">
<div class="nav-bounds nav-bounds-with-cart nav-bounds-with-cp">
  <a class="nav-logo" href="https://www.${o.site.domain.replace(/^www\./, '')}" tabindex="2">Mercado ${br ? 'Livre' : 'Libre'} - ${br ? 'Onde comprar e vender de Tudo' : 'Donde comprar y vender de todo'}</a>
  <form class="nav-search" action="https://${br ? 'lista' : 'listado'}.${o.site.domain.replace(/^www\./, '')}/search" method="GET" role="search"><input type="text" class="nav-search-input" aria-label="${br ? 'Digite o que você quer encontrar' : 'Ingresa lo que quieras encontrar'}" name="as_word" placeholder="${br ? 'Buscar produtos, marcas e muito mais…' : 'Buscar productos, marcas y más…'}" maxlength="120" autocapitalize="off" autocorrect="off" spellcheck="false" autocomplete="off" tabindex="3" value=""><button type="submit" class="nav-search-btn" tabindex="4">${icon('search', 'nav-icon-search', 18)}</button></form>
  <div class="nav-area nav-top-area nav-right-area"><a class="exhibitor-holder" href="https://www.${o.site.domain.replace(/^www\./, '')}/ofertas"><img src="https://http2.mlstatic.com/D_NQ_${'X'.repeat(3)}_${o.siteId}_banner-free-shipping.webp" alt="${br ? 'Frete grátis no seu primeiro pedido' : 'Envío gratis en tu primera compra'}" title="${br ? 'Frete grátis no seu primeiro pedido' : 'Envío gratis en tu primera compra'}" width="340" height="39"></a></div>
  <div class="nav-area nav-bottom-area nav-left-area"><a href="#" class="nav-menu-cp nav-menu-cp-logged" rel="nofollow"><span class="nav-menu-cp-send">${br ? 'Informe seu' : 'Ingresa tu'}</span><span class="nav-menu-cp-location">${br ? 'CEP' : 'código postal'}</span></a></div>
  <div class="nav-area nav-bottom-area nav-center-area"><ul class="nav-menu-list"><li class="nav-menu-item"><a class="nav-menu-categories-link" href="https://www.${o.site.domain.replace(/^www\./, '')}/categorias">${br ? 'Categorias' : 'Categorías'}</a></li><li class="nav-menu-item"><a class="nav-menu-item-link" href="/ofertas">Ofertas</a></li><li class="nav-menu-item"><a class="nav-menu-item-link" href="/cupones">${br ? 'Cupons' : 'Cupones'}</a></li><li class="nav-menu-item"><a class="nav-menu-item-link" href="/supermercado">Supermercado</a></li><li class="nav-menu-item"><a class="nav-menu-item-link" href="/moda">Moda</a></li><li class="nav-menu-item"><a class="nav-menu-item-link" href="/vender">${br ? 'Vender' : 'Vender'}</a></li><li class="nav-menu-item"><a class="nav-menu-item-link" href="/ayuda">${br ? 'Contato' : 'Ayuda'}</a></li></ul></div>
  <div class="nav-area nav-bottom-area nav-right-area"><nav id="nav-header-menu"><a href="/registration" rel="nofollow">${br ? 'Crie a sua conta' : 'Crea tu cuenta'}</a><a href="/login" rel="nofollow">${br ? 'Entre' : 'Ingresa'}</a><a href="/compras" rel="nofollow">${br ? 'Compras' : 'Mis compras'}</a></nav><div class="nav-cart nav-cart-empty"><a href="/gz/cart/v2" class="nav-cart-link" rel="nofollow" aria-label="${br ? '0 produtos no carrinho' : '0 productos en tu carrito'}">${icon('cart', 'nav-icon-cart', 20)}</a></div></div>
</div></header>`;
}

function preloaded(
  o: MeliOpts,
  r: Rng,
  p: { id: string; title: string; price: number; original?: number; seller: string },
  kb: number,
): string {
  const currency = o.site.cur.code;
  const comps: unknown[] = [];
  let size = 0;
  let i = 0;
  while (size < kb * 1024) {
    const comp = {
      id: `component_${i}`,
      type: r.pick([
        'label_component',
        'generic_summary',
        'highlighted_specs_attrs',
        'recommendations',
        'seller_info',
        'payment_methods',
        'shipping_summary',
        'review_capability',
      ]),
      state: 'VISIBLE',
      title: {
        text: r.pick([
          'Características principales',
          'Medios de pago',
          'Información del vendedor',
          'Envío',
          'Opiniones',
          'Preguntas',
        ]),
        values: {},
      },
      ...(i % 5 === 0
        ? {
            recommendation_data: {
              recommended_items: repeat(6, (k) => ({
                id: `${o.siteId}${r.int(1000000000, 3999999999)}`,
                title: `Item recomendado ${i}-${k}`,
                price: {
                  currency_id: currency,
                  amount: Math.round(p.price * (0.2 + r.next()) * 100) / 100,
                  original_price: null,
                  decimal_separator: o.siteId === 'MLM' ? '.' : ',',
                  thousand_separator: o.siteId === 'MLM' ? ',' : '.',
                },
                installments: {
                  quantity: 12,
                  amount: Math.round((p.price / 12) * 100) / 100,
                  rate: 0,
                  currency_id: currency,
                },
                permalink: `https://articulo.${o.site.domain.replace(/^www\./, '')}/${o.siteId}-${r.int(1000000000, 3999999999)}`,
                thumbnail: `https://http2.mlstatic.com/D_Q_NP_${r.int(100000, 999999)}-${o.siteId}${r.int(10000000000, 99999999999)}_${r.int(10, 12)}2024-R.webp`,
              })),
            },
          }
        : {}),
      track: {
        melidata_event: {
          path: `/pdp/${r.pick(['show', 'view', 'click'])}`,
          event_data: { item_id: p.id, category_id: `${o.siteId}${r.int(1000, 9999)}`, component_id: i },
        },
      },
      styles: {
        size: r.pick(['XSMALL', 'SMALL', 'MEDIUM']),
        color: r.pick(['GRAY', 'BLACK', 'BLUE']),
        family: 'REGULAR',
      },
    };
    const s = JSON.stringify(comp);
    size += s.length;
    comps.push(comp);
    i++;
  }
  const state = {
    initialState: {
      id: p.id,
      app: 'pdp',
      siteId: o.siteId,
      currency_id: currency,
      components: {
        header: { title: p.title, subtitle: 'Nuevo' },
        price: {
          id: 'price',
          type: 'price',
          price: {
            value: p.price,
            original_value: p.original ?? null,
            currency_symbol: symbol(o),
            currency_id: currency,
            decimal_separator: o.siteId === 'MLM' ? '.' : ',',
            thousand_separator: o.siteId === 'MLM' ? ',' : '.',
          },
          state: 'VISIBLE',
        },
        seller: { name: p.seller, sales: '+10mil ventas' },
        list: comps,
      },
    },
    translations: {},
    site: o.siteId,
    csrfToken: r.int(1e12, 9e12).toString(36),
  };
  return `<script id="__PRELOADED_STATE__" type="application/json">${jsonInline(state)}</script>`;
}

function polyCard(o: MeliOpts, c: Card, i: number, rec = false): string {
  const br = o.siteId === 'MLB';
  const onSale = c.compare !== undefined && c.compare > c.price;
  const inst = o.siteId === 'MLA' ? 6 : o.siteId === 'MCO' ? 3 : br ? 10 : 12;
  const perInst = Math.round((c.price / inst) * 100) / 100;
  return `<${rec ? 'div' : 'li'} class="${rec ? 'andes-carousel-snapped__slide' : 'ui-search-layout__item'}"${rec ? ` style="width:calc(20% - 13px)" role="group" aria-label="${i + 1} de 10"` : ''}><div class="poly-card poly-card--${rec ? 'grid' : 'list'} poly-card--large${rec ? '' : ' poly-card--xlarge'}"><div class="poly-card__portada"><img class="poly-component__picture" src="https://http2.mlstatic.com/D_Q_NP_2X_${(c.id % 900000) + 100000}-${o.siteId}${c.id}_${(i % 12) + 1}2024-V.webp" alt="${esc(c.name)}" width="${rec ? 224 : 284}" height="${rec ? 224 : 284}" loading="lazy" decoding="async"></div><div class="poly-card__content">${onSale && i % 3 === 0 ? `<span class="poly-component__highlight" style="color:#FFFFFF;background-color:#3483FA">${br ? 'OFERTA DO DIA' : 'OFERTA DEL DÍA'}</span>` : ''}<h3 class="poly-component__title-wrapper"><a href="https://articulo.${o.site.domain.replace(/^www\./, '')}/${o.siteId}-${c.id}-${slug(c.name)}-_JM" class="poly-component__title" target="_self">${esc(c.name)}</a></h3><span class="poly-component__seller">${br ? 'Vendido por' : 'Por'} ${esc(SELLERS[c.id % SELLERS.length] ?? '')}</span>${
    c.rating !== undefined
      ? `<div class="poly-component__reviews"><span class="poly-reviews__rating">${c.rating.toFixed(1)}</span><span class="poly-reviews__starts">${'★'.repeat(Math.round(c.rating))}</span><span class="poly-reviews__total">(${c.reviews})</span></div>`
      : ''
  }<div class="poly-component__price">${onSale ? andes(o, c.compare ?? 0, { previous: true, size: 12, superscript: false }) : ''}<div class="poly-price__current">${andes(o, c.price, { size: 24 })}${onSale ? `<span class="andes-money-amount__discount" style="font-size:14px">${Math.round((1 - c.price / (c.compare ?? c.price)) * 100)}% OFF</span>` : ''}</div><span class="poly-price__installments poly-text-positive">${br ? `em <span class="poly-phrase-price">${inst}x</span> ` : `${o.siteId === 'MLM' ? '' : 'Mismo precio en '}`}${o.siteId === 'MLM' ? `${inst} meses sin intereses de ` : br ? '' : `${inst} cuotas de `}${andes(o, perInst, { size: 14, superscript: false })}${br ? ' sem juros' : ''}</span></div><div class="poly-component__shipping">${br ? 'Frete grátis' : 'Envío gratis'}${i % 4 === 0 ? ` <span class="poly-shipping--next_day">${br ? 'amanhã' : 'mañana'}</span>` : ''}</div></div></div></${rec ? 'div' : 'li'}>`;
}

function headHtml(o: MeliOpts, r: Rng, title: string, meta: string): string {
  return `<!DOCTYPE html>
<html lang="${o.site.htmlLang}" translate="no">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="format-detection" content="telephone=no">
<title>${esc(title)}</title>
${meta}
<link rel="preconnect" href="https://http2.mlstatic.com">
<link rel="stylesheet" href="https://http2.mlstatic.com/frontend-assets/vpp-frontend/vpp.desktop.${r.int(1e8, 9e8).toString(16)}.css">
<style>${css(r, o.cssKb ?? 50, 'ui-pdp-')}</style>
<script>window.__MELIDATA__ = window.__MELIDATA__ || {}; window.melidata = window.melidata || function(){ (window.__MELIDATA__.q = window.__MELIDATA__.q || []).push(arguments) };</script>
</head>`;
}

export type MeliPdpInput = MeliOpts & {
  product: Product;
  sold: string;
  seller: string;
  instalments: { n: number; text: (amount: string) => string };
  related: Card[];
  alsoViewed: Card[];
  extraPriceLines?: string[];
};

export function meliPdp(r: Rng, o: MeliPdpInput): string {
  const s = o.site;
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const br = o.siteId === 'MLB';
  const itemId = `${o.siteId}${r.int(1000000000, 3999999999)}`;
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const perInst = Math.round((v0.price / o.instalments.n) * 100) / 100;
  const meta = `<link rel="canonical" href="${o.url}">
<meta name="description" content="${esc(p.title)} ${br ? 'Frete grátis' : 'Envío gratis'}. ${br ? 'Compre em até' : 'Compra en'} ${o.instalments.n}x.">
<meta property="og:site_name" content="Mercado ${br ? 'Livre' : 'Libre'}">
<meta property="og:title" content="${esc(p.title)} | ${esc(symbol(o))} ${fraction(o, v0.price)}">
<meta property="og:image" content="https://http2.mlstatic.com/D_NQ_NP_${r.int(100000, 999999)}-${itemId}_${r.int(10, 12)}2024-F.jpg">
<meta property="og:url" content="${o.url}">
<meta name="twitter:card" content="summary">
<script type="application/ld+json">${jsonInline({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    image: `https://http2.mlstatic.com/D_NQ_NP_${r.int(100000, 999999)}-${itemId}_${r.int(10, 12)}2024-F.jpg`,
    sku: itemId,
    productID: itemId,
    brand: { '@type': 'Brand', name: p.brand },
    offers: {
      '@type': 'Offer',
      price: v0.price,
      availability: 'https://schema.org/InStock',
      priceCurrency: s.cur.code,
      url: o.url,
    },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, ratingCount: p.reviewCount },
  })}</script>`;
  const specs = `<div class="ui-vpp-highlighted-specs__striped-specs"><h2 class="ui-vpp-striped-specs__header">${br ? 'Características do produto' : 'Características del producto'}</h2><div class="ui-vpp-striped-specs__table"><h3 class="ui-vpp-striped-specs__header">${br ? 'Características principais' : 'Características principales'}</h3><table class="andes-table" role="table"><tbody class="andes-table__body">${p.specs
    .map(
      ([k, v], i) =>
        `<tr class="andes-table__row ui-vpp-striped-specs__row" role="row"><th class="andes-table__header andes-table__header--left ui-vpp-striped-specs__row__column ui-vpp-striped-specs__row__column--id" scope="row" role="rowheader" id="spec-${i}"><div class="andes-table__header__container">${esc(k)}</div></th><td class="andes-table__column andes-table__column--left ui-pdp-specs__table__column" role="cell"><span class="andes-table__column--value">${esc(v)}</span></td></tr>`,
    )
    .join('')}</tbody></table></div></div>`;
  const reviews = `<div class="ui-review-capability"><h2 class="ui-review-capability__title">${br ? 'Opiniões do produto' : 'Opiniones del producto'}</h2><div class="ui-review-capability__rating"><p class="ui-review-capability__rating__average ui-review-capability__rating__average--desktop">${p.rating.toFixed(1)}</p><p class="ui-review-capability__rating__label">${p.reviewCount.toLocaleString('en-US')} ${br ? 'avaliações' : 'calificaciones'}</p></div><div class="ui-review-capability-comments">${p.reviews
    .map(
      (rv, i) =>
        `<article class="ui-review-capability-comments__comment" data-testid="comment-component"><div class="ui-review-capability-comments__comment__rating"><p class="andes-visually-hidden">${br ? 'Avaliação' : 'Calificación'} ${rv.rating} ${br ? 'de' : 'de'} 5</p>${'<svg class="ui-review-capability-comments__comment__rating__star" width="12" height="12"><use href="#poly_star_fill"></use></svg>'.repeat(rv.rating)}</div><span class="ui-review-capability-comments__comment__date">${fmtDate(
          rv.date[0],
          rv.date[1],
          rv.date[2],
          'dmy-slash',
        )
          .replace(/\//g, ' ')
          .replace(
            / (\d{2}) /,
            (m) => m,
          )}</span><p class="ui-review-capability-comments__comment__content">${esc(rv.body)}</p><div class="ui-review-capability-valorization"><button class="ui-review-capability-valorization__button" data-testid="like-button-${i}"><span class="ui-review-capability-valorization__button__label">${br ? 'É útil' : 'Es útil'}</span> <span class="ui-review-capability-valorization__button__count">${(i * 5) % 17}</span></button></div></article>`,
    )
    .join('')}</div></div>`;
  const carousel = (title: string, cards: Card[]): string =>
    `<section class="ui-recommendations-carousel-snapped"><h2 class="ui-recommendations-title ui-pdp-title-carousel">${esc(title)}</h2><div class="andes-carousel-snapped__container andes-carousel-snapped__container--content andes-carousel-snapped__container--with-controls"><div class="andes-carousel-snapped__wrapper" style="transform:translateX(0px)">${cards
      .map((c, i) => polyCard(o, c, i, true))
      .join(
        '',
      )}</div><button class="andes-carousel-snapped__control andes-carousel-snapped__control--next" aria-label="Siguiente">${icon('arrowRight', 'icon', 20)}</button></div></section>`;
  const body = `<body data-site="ML" data-country="${s.country}" data-device="desktop" data-pdp="true" class="">
${navHeader(o)}
<main role="main" id="root-app"><div class="ui-pdp ui-pdp--sticky-wrapper-right" id="ui-pdp-main-container">
<div class="ui-pdp-container ui-pdp-container--top"><div class="ui-pdp-container__row"><div class="ui-pdp-container__col col-2 ui-vip-core-container--breadcrumb"><div class="ui-pdp-breadcrumb"><nav aria-label="Breadcrumb" class="andes-breadcrumb"><ol class="andes-breadcrumb">${p.breadcrumbs
    .map(
      (b) =>
        `<li class="andes-breadcrumb__item"><a href="https://listado.${s.domain.replace(/^www\./, '')}/${slug(b)}" title="${esc(b)}" class="andes-breadcrumb__link">${esc(b)}</a><div class="andes-breadcrumb__chevron" aria-hidden="true">›</div></li>`,
    )
    .join(
      '',
    )}</ol></nav></div><div class="ui-pdp-container__row ui-pdp-share"><a href="/vender" class="ui-pdp-action-modal">${br ? 'Vender um igual' : 'Vender uno igual'}</a></div></div></div></div>
<div class="ui-pdp-container ui-pdp-container--pdp"><div class="ui-pdp-container__row ui-pdp--relative ui-pdp-with--separator--fluid pb-40">
<div class="ui-pdp-container__col col-3 ui-pdp-container--column-center pb-40"><div class="ui-pdp-gallery" data-testid="gallery">${p.images
    .map(
      (img, i) =>
        `<figure class="ui-pdp-gallery__figure"><img data-zoom="https://http2.mlstatic.com/D_NQ_NP_2X_${i}-${itemId}-F.webp" width="500" height="500" src="https://http2.mlstatic.com/D_NQ_NP_${i}-${itemId}-O.webp" class="ui-pdp-image ui-pdp-gallery__figure__image" alt="${esc(p.title)}" ${i ? 'loading="lazy"' : ''}></figure>`,
    )
    .join('')}</div></div>
<div class="ui-pdp-container__col col-1 ui-pdp-container--column-right mt-16 pr-16 ui-pdp--relative"><div class="ui-pdp-container__row">
<div class="ui-pdp-header"><div class="ui-pdp-header__subtitle"><span class="ui-pdp-subtitle">${br ? 'Novo' : 'Nuevo'}  |  ${esc(o.sold)}</span></div><div class="ui-pdp-header__title-container"><h1 class="ui-pdp-title">${esc(p.title)}</h1></div><div class="ui-pdp-header__info"><a href="#reviews_capability_v3" class="ui-pdp-review__label ui-pdp-review__label--link"><span class="ui-pdp-review__rating" aria-hidden="true">${p.rating.toFixed(1)}</span><span class="ui-pdp-review__ratings">★★★★★</span><span class="ui-pdp-review__amount" aria-hidden="true">(${p.reviewCount})</span></a></div></div>
<div class="ui-pdp-price mt-16 ui-pdp-price--size-large"><div class="ui-pdp-price__main-container">${onSale ? andes(o, v0.compare ?? 0, { previous: true, cls: 'ui-pdp-price__part ui-pdp-price__original-value', size: 16 }) : ''}<div class="ui-pdp-price__second-line">${andes(o, v0.price, { cls: 'ui-pdp-price__part', size: 36, itemprop: true })}${onSale ? `<span class="andes-money-amount__discount ui-pdp-family--REGULAR" style="font-size:18px">${Math.round((1 - v0.price / (v0.compare ?? 1)) * 100)}% OFF</span>` : ''}</div></div>
<div class="ui-pdp-price__subtitles"><p class="ui-pdp-color--BLACK ui-pdp-size--MEDIUM ui-pdp-family--REGULAR">${o.instalments.text(andes(o, perInst, { cls: 'ui-pdp-price__part', size: 18 }))}</p></div>
${(o.extraPriceLines ?? []).map((l) => `<p class="ui-pdp-color--GRAY ui-pdp-size--XSMALL ui-pdp-family--REGULAR ui-pdp-price__tax-message">${l}</p>`).join('')}
<a href="#payment-methods" class="ui-pdp-action-modal__link">${br ? 'Ver os meios de pagamento' : 'Ver los medios de pago'}</a></div>
<div class="ui-pdp-media ui-vpp-shipping ui-pdp-color--GREEN mt-24"><p class="ui-pdp-media__title">${br ? 'Chegará grátis amanhã' : 'Llega gratis mañana'}</p><p class="ui-pdp-media__text">${br ? 'Comprando dentro das próximas' : 'Comprando dentro de las próximas'} <span>3 h 12 min</span></p></div>
<div class="ui-pdp-stock-information"><p class="ui-pdp-stock-information__title">${br ? 'Estoque disponível' : 'Stock disponible'}</p></div>
<div class="ui-pdp-buybox__quantity"><button type="button" class="andes-button ui-pdp-buybox__quantity__trigger"><span class="ui-pdp-buybox__quantity__label">${br ? 'Quantidade:' : 'Cantidad:'} </span><span class="ui-pdp-buybox__quantity__selected">1 ${br ? 'unidade' : 'unidad'}</span><span class="ui-pdp-buybox__quantity__available">(+50 ${br ? 'disponíveis' : 'disponibles'})</span></button></div>
<div class="ui-pdp-actions"><form class="ui-pdp-buybox__form" method="get" action="https://www.${s.domain.replace(/^www\./, '')}/gz/checkout/buy"><input type="hidden" name="item_id" value="${itemId}"><input type="hidden" name="quantity" value="1"><button type="submit" class="andes-button andes-button--large andes-button--loud"><span class="andes-button__content">${br ? 'Comprar agora' : 'Comprar ahora'}</span></button></form><form class="ui-pdp-buybox__form" method="post" action="https://www.${s.domain.replace(/^www\./, '')}/p/api/cart/add"><button type="submit" class="andes-button andes-button--large andes-button--quiet"><span class="andes-button__content">${br ? 'Adicionar ao carrinho' : 'Agregar al carrito'}</span></button></form></div>
<div class="ui-pdp-seller"><p class="ui-pdp-seller__header__title">${br ? 'Vendido por' : 'Vendido por'} <span class="ui-pdp-color--BLUE">${esc(o.seller)}</span></p><p class="ui-pdp-seller__sales-description">+10mil ${br ? 'vendas' : 'ventas'}</p></div>
<ul class="ui-pdp-benefits"><li class="ui-pdp-benefits__item"><span>${br ? 'Devolução grátis.' : 'Devolución gratis.'}</span> ${br ? 'Você tem 30 dias a partir da data de recebimento.' : 'Tienes 30 días desde que lo recibes.'}</li><li class="ui-pdp-benefits__item"><span>${br ? 'Compra Garantida,' : 'Compra Protegida,'}</span> ${br ? 'receba o produto que está esperando ou devolvemos o dinheiro.' : 'recibe el producto que esperabas o te devolvemos tu dinero.'}</li><li class="ui-pdp-benefits__item">12 ${br ? 'meses de garantia de fábrica.' : 'meses de garantía de fábrica.'}</li></ul>
</div></div>
<div class="ui-pdp-container__col col-2 ui-vip-core-container--content-left">${specs}<div class="ui-pdp-description"><h2 class="ui-pdp-description__title">${br ? 'Descrição' : 'Descripción'}</h2><p class="ui-pdp-description__content">${p.descriptionHtml.replace(/<\/?p>/g, '<br>')}</p></div>
<div class="ui-pdp-questions" id="questions"><h2 class="ui-pdp-questions__title">${br ? 'Perguntas e respostas' : 'Preguntas y respuestas'}</h2>${repeat(4, (i) => `<div class="ui-pdp-questions__questions-list__item"><span class="ui-pdp-questions__questions-list__question">${esc((br ? ['Emite nota fiscal?', 'É compatível com filamento 1,75?', 'Quanto tempo demora para Recife?', 'Tem garantia?'] : ['¿Incluye factura?', '¿Es compatible con filamento de 1.75?', '¿Cuánto tarda el envío?', '¿Tiene garantía?'])[i] ?? '')}</span><span class="ui-pdp-questions__questions-list__answer-item__answer">${esc((br ? ['Sim, enviamos NF-e.', 'Sim, usa filamento de 1,75 mm.', 'De 3 a 6 dias úteis.', '12 meses com o fabricante.'] : ['Sí, emitimos factura con tus datos.', 'Así es, usa filamento de 1.75 mm.', 'Entre 2 y 4 días hábiles.', '12 meses con el fabricante.'])[i] ?? '')} <span class="ui-pdp-color--GRAY">${fmtDate(2024, i + 2, 10 + i, 'dmy-slash')}</span></span></div>`).join('')}</div>
<div id="reviews_capability_v3">${reviews}</div></div>
</div></div>
<div class="ui-pdp-container ui-pdp-container--bottom">${carousel(br ? 'Produtos relacionados' : 'Productos relacionados', o.related)}${carousel(br ? 'Quem viu este produto também comprou' : 'Quienes vieron este producto también compraron', o.alsoViewed)}</div>
</div></main>
<footer role="contentinfo" class="nav-footer"><div class="nav-footer-info-wrapper"><div class="nav-footer-info">${br ? 'Formas de pagamento · Frete grátis · Segurança, do início ao fim' : 'Paga con tarjeta o en efectivo · Envío gratis en millones de productos · Seguridad, de principio a fin'}</div></div><div class="nav-footer-navigation"><small class="nav-footer-copyright">Copyright © 1999-${s.year} ${br ? 'Ebazar.com.br LTDA.' : o.siteId === 'MLA' ? 'MercadoLibre S.R.L.' : 'DeRemate.com de México, S. de R.L. de C.V.'}</small><small class="nav-footer-address">${esc(s.address.join(', '))}</small></div></footer>
${preloaded(o, r, { id: itemId, title: p.title, price: v0.price, original: v0.compare, seller: o.seller }, o.stateKb ?? 600)}
<script>${vendorJs(r, o.jsKb ?? 80, 'vpp')}</script>
</body>
</html>`;
  return headHtml(o, r, `${p.title} | Mercado ${br ? 'Livre' : 'Libre'}`, meta) + body;
}

export type MeliListInput = MeliOpts & { query: string; cards: Card[]; total: number };

export function meliList(r: Rng, o: MeliListInput): string {
  const s = o.site;
  const meta = `<link rel="canonical" href="${o.url}"><meta name="description" content="Envíos Gratis en el día ✓ Compra ${esc(o.query)} en cuotas sin interés!">`;
  const body = `<body data-site="ML" data-country="${s.country}" class="">
${navHeader(o)}
<main role="main" id="root-app"><div class="ui-search"><div class="ui-search-main ui-search-main--only-products ui-search-main--with-topkeywords shops__search-main">
<aside class="ui-search-sidebar"><div class="ui-search-breadcrumb"><h1 class="ui-search-breadcrumb__title">${esc(o.query)}</h1></div><span class="ui-search-search-result__quantity-results">${o.total.toLocaleString('es-CO')} resultados</span>
<div class="ui-search-filter-dl"><h3 class="ui-search-filter-dt-title">Precio</h3><ul><li class="ui-search-filter-container"><a href="${o.url}_PriceRange_0-60000" class="ui-search-link"><span class="ui-search-filter-name">Hasta $ 60.000</span><span class="ui-search-filter-results">(412)</span></a></li><li class="ui-search-filter-container"><a href="${o.url}_PriceRange_60000-150000" class="ui-search-link"><span class="ui-search-filter-name">$ 60.000 a $ 150.000</span><span class="ui-search-filter-results">(688)</span></a></li><li class="ui-search-filter-container"><a href="${o.url}_PriceRange_150000-0" class="ui-search-link"><span class="ui-search-filter-name">Más de $ 150.000</span><span class="ui-search-filter-results">(231)</span></a></li></ul></div>
<div class="ui-search-filter-dl"><h3 class="ui-search-filter-dt-title">Envío</h3><ul><li><a href="#" class="ui-search-link"><span class="ui-search-filter-name">Gratis</span><span class="ui-search-filter-results">(1.044)</span></a></li></ul></div></aside>
<section class="ui-search-results ui-search-results--without-disclaimer"><div class="ui-search-view-options"><div class="ui-search-sort-filter"><span class="ui-search-sort-filter__label">Ordenar por</span><button class="andes-dropdown__trigger"><span class="andes-dropdown__display-values">Más relevantes</span></button></div></div>
<ol class="ui-search-layout ui-search-layout--stack shops__layout">${o.cards.map((c, i) => polyCard(o, c, i)).join('')}</ol>
<nav class="ui-search-pagination shops__pagination-content" aria-label="Paginación"><ul class="andes-pagination"><li class="andes-pagination__button andes-pagination__button--current"><span class="andes-pagination__link">1</span></li><li class="andes-pagination__button"><a href="${o.url}_Desde_51_NoIndex_True" class="andes-pagination__link">2</a></li><li class="andes-pagination__button"><a href="${o.url}_Desde_101_NoIndex_True" class="andes-pagination__link">3</a></li><li class="andes-pagination__button andes-pagination__button--next"><a href="${o.url}_Desde_51_NoIndex_True" class="andes-pagination__link" title="Siguiente">Siguiente</a></li></ul></nav>
</section></div></div></main>
<footer role="contentinfo" class="nav-footer"><small class="nav-footer-copyright">Copyright © 1999-${s.year} MercadoLibre Colombia LTDA.</small><small class="nav-footer-address">${esc(s.address.join(', '))}</small></footer>
<script id="__PRELOADED_STATE__" type="application/json">${jsonInline({
    pageState: {
      initialState: {
        results: o.cards.map((c) => ({
          id: `${o.siteId}${c.id}`,
          title: c.name,
          price: { amount: c.price, currency_id: s.cur.code, original_price: c.compare ?? null },
        })),
        paging: { total: o.total, offset: 0, limit: 50 },
        analytics_track: { experiments: {}, currency_id: s.cur.code },
      },
    },
  })}</script>
<script>${vendorJs(r, o.jsKb ?? 80, 'searchApp')}</script>
</body>
</html>`;
  return headHtml(o, r, `${o.query} | MercadoLibre 📦`, meta) + body;
}
