/**
 * Wix Stores product page (SSR output: data-hook="formatted-primary-price", product-item cards,
 * wix-warmup-data JSON, viewerModel) and Jumpseller product page (product-form-price /
 * product-form-discount, Jumpseller.productVariantListener, og:price meta).
 */
import { type Rng, UI, esc, jsonInline, css, vendorJs, slug, repeat } from './lib.ts';
import {
  type Site,
  type Card,
  type Product,
  specsTable,
  reviewList,
  policyText,
  breadcrumbsList,
} from './parts.ts';
import { siteHeader, siteFooter } from './chrome.ts';

export type WixInput = {
  site: Site;
  url: string;
  product: Product;
  related: Card[];
  cssKb?: number;
  jsKb?: number;
  warmupKb?: number;
};

function wixCard(s: Site, c: Card, i: number): string {
  const onSale = c.compare !== undefined && c.compare > c.price;
  return `<li data-hook="product-list-grid-item" class="sKhD8Vb"><div data-slug="${slug(c.name)}" role="group" aria-label="${esc(c.name)} gallery" data-hook="product-item-root" class="oSQn6z1 Lj8ZpNP"><a href="https://${s.domain}/product-page/${slug(c.name)}" tabindex="-1" class="JPDEZd" data-hook="product-item-container"><div class="hsyRP3" data-hook="product-item-images"><wow-image id="img_${i}" class="HlRz5e Kv1aVt" data-image-info='{"containerId":"img_${i}","displayMode":"fill","imageData":{"width":1000,"height":1000,"uri":"${(c.id % 1e8).toString(16)}_${(c.id % 1e12).toString(16)}~mv2.jpg","name":"","displayMode":"fill"}}' data-has-ssr-src="true" data-is-svg="false"><img src="https://static.wixstatic.com/media/${(c.id % 1e8).toString(16)}_${(c.id % 1e12).toString(16)}~mv2.jpg/v1/fill/w_300,h_300,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/${slug(c.name).slice(0, 20)}.jpg" alt="${esc(c.name)}" style="width:300px;height:300px;object-fit:cover" width="300" height="300" loading="lazy"></wow-image></div></a><div class="VZkMkK" data-hook="not-image-container"><a href="https://${s.domain}/product-page/${slug(c.name)}" class="oQUvqL x5qIv3" data-hook="product-item-product-details-link"><div class="ETPbIy" data-hook="product-item-product-details"><div class="cRPSSjk"><h3 class="s_lRBPw sDFZVS5 ho6T2Ud" aria-hidden="false" data-hook="product-item-name">${esc(c.name)}</h3></div><div class="eh9cmY" data-hook="product-item-price-wrapper"><div data-hook="prices-container" class="sOEMJg9"><div class="sG0gsvz">${onSale ? `<span data-hook="sr-product-item-price-before-discount" class="sFpXNCm">Precio habitual</span><span data-hook="product-item-price-before-discount" class="sSfBxl2 s0yuu8j">${esc(s.cur.fmt(c.compare ?? 0))}</span>` : ''}<span data-hook="sr-product-item-price-to-pay" class="sFpXNCm">${onSale ? 'Precio de oferta' : 'Precio'}</span><span data-hook="product-item-price-to-pay" data-wix-price="${esc(s.cur.fmt(c.price))}" class="cfpn1d">${esc(s.cur.fmt(c.price))}</span></div></div></div></div></a><div class="s6K6Bu8"><button type="button" class="sNZiGHa s_uwAVx" data-hook="product-item-add-to-cart-button"><span class="sSkgQpq">${esc(UI[s.lang].addToCart)}</span></button></div></div></div></li>`;
}

export function wixProduct(r: Rng, o: WixInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const pid = `${r.int(1e7, 9e7).toString(16)}-${r.int(1e3, 9e3).toString(16)}-4${r.int(100, 999)}-a${r.int(100, 999)}-${r.int(1e11, 9e11).toString(16)}`;
  const products = o.related.map((c) => ({
    id: String(c.id),
    name: c.name,
    price: c.price,
    formattedPrice: s.cur.fmt(c.price),
    comparePrice: c.compare ?? 0,
    formattedComparePrice: c.compare ? s.cur.fmt(c.compare) : '',
    urlPart: slug(c.name),
    isInStock: !c.soldOut,
    media: [{ url: `${(c.id % 1e8).toString(16)}~mv2.jpg`, mediaType: 'PHOTO', width: 1000, height: 1000 }],
  }));
  const filler: Record<string, unknown>[] = [];
  let size = 0;
  let i = 0;
  while (size < (o.warmupKb ?? 200) * 1024) {
    const blk = {
      compId: `comp-${r.int(1e6, 9e6).toString(36)}`,
      type: r.pick([
        'wixui.RichText',
        'wixui.ImageX',
        'wysiwyg.viewer.components.WPhoto',
        'mobile.core.components.Container',
        'wixui.StylableButton',
      ]),
      layout: { x: r.int(0, 980), y: r.int(0, 4000), width: r.int(40, 980), height: r.int(20, 600) },
      style: {
        id: `style-${r.int(1e6, 9e6).toString(36)}`,
        properties: {
          font: `normal normal normal ${r.int(12, 40)}px/1.4em madefor-display`,
          color: `#${r.int(0, 0xffffff).toString(16).padStart(6, '0')}`,
        },
      },
      index: i++,
    };
    const j = JSON.stringify(blk);
    size += j.length;
    filler.push(blk);
  }
  const warmup = {
    appsWarmupData: {
      '1380b703-ce81-ff05-f115-39571d94dfcd': {
        [`productPage_${s.cur.code}_${s.lang}_${p.handle}`]: {
          catalog: {
            product: {
              id: pid,
              name: p.title,
              urlPart: p.handle,
              price: v0.compare ?? v0.price,
              formattedPrice: s.cur.fmt(v0.compare ?? v0.price),
              discountedPrice: v0.price,
              formattedDiscountedPrice: s.cur.fmt(v0.price),
              comparePrice: onSale ? v0.price : 0,
              sku: v0.sku,
              inventory: { status: 'in_stock', quantity: 14 },
              isInStock: true,
              productItems: p.variants.map((v) => ({
                id: `${pid}-${slug(v.title)}`,
                price: v.price,
                formattedPrice: s.cur.fmt(v.price),
                optionsSelections: [1],
              })),
              additionalInfo: p.specs.map(([k, v]) => ({ title: k, description: `<p>${v}</p>` })),
            },
            appSettings: { responsive: true, product_page_show_price: true },
          },
          currency: s.cur.code,
          tenantId: `${r.int(1e7, 9e7).toString(16)}`,
        },
        [`relatedProducts_${p.handle}`]: { products },
      },
    },
    pages: { masterPage: filler },
  };
  const head = `<!DOCTYPE html>
<html lang="${s.htmlLang.split('-')[0]}" dir="ltr">
<head>
  <meta charset='utf-8'>
  <meta name="viewport" content="width=device-width, initial-scale=1" id="wixDesktopViewport" />
  <meta http-equiv="X-UA-Compatible" content="IE=edge">
  <meta name="generator" content="Wix.com Website Builder"/>
  <link rel="icon" sizes="192x192" href="https://static.wixstatic.com/media/${r.int(1e7, 9e7).toString(16)}~mv2.png/v1/fill/w_192%2Ch_192%2Clg_1%2Cusm_0.66_1.00_0.01/favicon.png" type="image/png"/>
  <script type="text/javascript">
    window.__browser_deprecation__ = window.navigator.userAgent.indexOf("MSIE") !== -1;
  </script>
  <script>window.fedops = window.fedops || {}; window.fedops.apps = window.fedops.apps || {}; window.fedops.apps['thunderbolt'] = {startLoadTime: Date.now()}; window.fedops.sessionId = '${r.int(1e8, 9e8).toString(16)}-8c2a-4a0d-9f3e-${r.int(1e11, 9e11).toString(16)}';</script>
  <title>${esc(p.title)} | ${esc(s.name)}</title>
  <meta name="description" content="${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150),
  )}"/>
  <link rel="canonical" href="${o.url}"/>
  <meta property="og:title" content="${esc(p.title)} | ${esc(s.name)}"/>
  <meta property="og:description" content="${esc(p.title)}"/>
  <meta property="og:image" content="https://static.wixstatic.com/media/${r.int(1e7, 9e7).toString(16)}~mv2.jpg/v1/fill/w_1000,h_1000,al_c,q_85/image.jpg"/>
  <meta property="og:image:width" content="1000"/>
  <meta property="og:image:height" content="1000"/>
  <meta property="og:url" content="${o.url}"/>
  <meta property="og:site_name" content="${esc(s.name)}"/>
  <meta property="og:type" content="product"/>
  <meta property="og:availability" content="InStock"/>
  <meta property="product:price:amount" content="${v0.price}"/>
  <meta property="product:price:currency" content="${s.cur.code}"/>
  <meta name="twitter:card" content="summary_large_image"/>
  <script type="application/ld+json">${jsonInline({
    '@context': 'https://schema.org/',
    '@type': 'Product',
    name: p.title,
    description: p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200),
    sku: v0.sku,
    image: [
      {
        '@type': 'ImageObject',
        contentUrl: `https://static.wixstatic.com/media/${r.int(1e7, 9e7).toString(16)}~mv2.jpg`,
        width: '1000px',
        height: '1000px',
      },
    ],
    Offers: {
      '@type': 'Offer',
      price: v0.price.toFixed(2),
      priceCurrency: s.cur.code,
      Availability: 'https://schema.org/InStock',
    },
  })}</script>
  <style id="css_masterPage">${css(r, o.cssKb ?? 40, 's')}</style>
</head>
<body>
<div id="SITE_CONTAINER"><div id="main_MF" class="main_MF"><div id="SCROLL_TO_TOP" class="Vd6aQZ ignore-focus SCROLL_TO_TOP" role="region" tabindex="-1" aria-label="top of page"><span class="mHZSwn">top of page</span></div><div id="BACKGROUND_GROUP"></div><div id="site-root" class="site-root">`;
  const chrome = siteHeader(s, r, {
    cls: 'wix',
    cartTotal: `<span data-hook="cart-icon-button" aria-label="Carrito con 0 artículos">0</span>`,
    menuBase: '/category/',
    depth3: 3,
  });
  const options =
    p.variants.length > 1
      ? `<div data-hook="product-options"><div data-hook="dropdown-base"><label data-hook="options-dropdown-title">${esc(p.optionName ?? ui.size)}</label><select data-hook="product-options-dropdown">${p.variants.map((v, i) => `<option${i === 0 ? ' selected' : ''}>${esc(v.title)}</option>`).join('')}</select></div></div>`
      : '';
  const main = `<main id="PAGES_CONTAINER" tabindex="-1" data-main-content="true"><div id="SITE_PAGES"><div id="Cjo4x" class="dVkVf7"><div id="TPAMultiSection_${r.int(1e6, 9e6).toString(36)}" class="jhxvbR"><div data-hook="product-page"><div data-hook="product-page-layout" class="layout-classic">
${breadcrumbsList([{ name: ui.home, url: '/' }, ...p.breadcrumbs.map((b) => ({ name: b, url: `/category/${slug(b)}` })), { name: p.title }], 'wix-breadcrumbs', '›')}
<section data-hook="product-gallery-composite" class="sRTF1jQ">${p.images.map((img, i) => `<div data-hook="main-media-image-wrapper" class="sjWpZIa${i ? ' hidden' : ''}"><wow-image data-hook="product-image" data-has-ssr-src="true"><img src="${img.replace(`https://${s.domain}/cdn/images/`, 'https://static.wixstatic.com/media/')}" alt="${esc(p.title)}" width="500" height="500" ${i ? 'loading="lazy"' : 'fetchpriority="high"'}></wow-image></div>`).join('')}</section>
<section data-hook="details-placeholder" class="sSXnyGu">
  <h1 data-hook="product-title" class="sbXpIeQ">${esc(p.title)}</h1>
  <div data-hook="sku" class="sLd2TiP">SKU: ${esc(v0.sku)}</div>
  <div data-hook="product-prices-wrapper" class="sYyTKsV"><div data-hook="product-price" class="cELeP1"><div class="sgz4nGW">${onSale ? `<span data-hook="sr-formatted-secondary-price" class="cCLaHb">Precio habitual</span><span data-hook="formatted-secondary-price" class="sYoDgv0">${esc(s.cur.fmt(v0.compare ?? 0))}</span>` : ''}<span data-hook="sr-formatted-primary-price" class="cCLaHb">${onSale ? 'Precio de oferta' : 'Precio'}</span><span data-hook="formatted-primary-price" data-wix-price="${esc(s.cur.fmt(v0.price))}" class="sZkntCD">${esc(s.cur.fmt(v0.price))}</span></div></div>${s.taxNote ? `<div data-hook="tax-disclaimer-placeholder" class="sq3QpXM">${esc(s.taxNote)}</div>` : ''}</div>
  ${options}
  <div data-hook="number-input-spinner-wrapper" class="sVN6UFl"><label data-hook="quantity-title">${esc(ui.quantity)}</label><div data-hook="number-input-spinner"><input type="number" data-hook="number-input-spinner-input" aria-label="${esc(ui.quantity)}" min="1" max="14" value="1"></div></div>
  <div data-hook="product-page-actions"><button type="button" data-hook="add-to-cart" class="cGcVhCe"><span data-hook="add-to-cart-text">${esc(ui.addToCart)}</span></button><button type="button" data-hook="buy-now-button" class="sd2Qh8k">${esc(ui.buyNow)}</button></div>
  <div data-hook="info-section-layout"><div data-hook="info-section-title">${s.lang === 'es' ? 'Información del producto' : ui.description}</div><div data-hook="info-section-description">${p.descriptionHtml}</div><div data-hook="info-section-title">${esc(ui.specs)}</div><div data-hook="info-section-description">${specsTable(p.specs, 'wix-specs')}</div><div data-hook="info-section-title">${esc(ui.returns)}</div><div data-hook="info-section-description">${policyText(s, s.cur.fmt)}</div></div>
</section>
</div></div></div>
<div id="TPASection_reviews"><div data-hook="reviews-root">${reviewList(s, p, 'wix-review')}</div></div>
<div id="TPASection_related"><section data-hook="related-products"><h2 data-hook="slider-gallery-title">${esc(ui.youMayLike)}</h2><ul data-hook="product-list-wrapper" class="sVtRFlY">${o.related.map((c, i) => wixCard(s, c, i)).join('')}</ul></section></div>
</div></div></main>`;
  const foot = siteFooter(s, r, {
    cls: 'wix',
    poweredBy:
      '© creado con <a href="https://www.wix.com/?utm_campaign=vir_created_with" target="_blank" rel="nofollow">Wix.com</a>',
  });
  const tail = `</div></div></div>
<script type="application/json" id="wix-warmup-data">${jsonInline(warmup)}</script>
<script>window.viewerModel = ${jsonInline({ site: { metaSiteId: r.int(1e8, 9e8).toString(16), siteId: r.int(1e8, 9e8).toString(16), isResponsive: true, externalBaseUrl: `https://${s.domain}`, siteRevision: r.int(100, 999) }, language: { siteLanguage: s.lang, userLanguage: s.lang, isMultilingualEnabled: false }, siteAssets: { modulesParams: { features: { siteAssetsVersion: '1.372.0' } } }, requestUrl: o.url, commonConfig: { brand: 'wix', host: 'VIEWER', bsi: '' }, formFactor: 'desktop', deviceInfo: { deviceClass: 'Desktop' } })};</script>
<script>${vendorJs(r, o.jsKb ?? 80, 'thunderbolt')}</script>
</body>
</html>`;
  return `${head}\n${chrome}\n${main}\n${foot}\n${tail}`;
}

export type JumpsellerInput = {
  site: Site;
  url: string;
  product: Product;
  related: Card[];
  notes?: string[];
  cssKb?: number;
  jsKb?: number;
};

export function jumpsellerProduct(r: Rng, o: JumpsellerInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const pid = 10000000 + (p.id % 9000000);
  const fmt = s.cur.fmt;
  const head = `<!DOCTYPE html>
<html lang="${s.htmlLang}">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="X-UA-Compatible" content="IE=edge">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(p.title)} | ${esc(s.name)}</title>
  <meta name="description" content="${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150),
  )}">
  <meta name="robots" content="follow, all">
  <link rel="canonical" href="${o.url}">
  <meta property="og:title" content="${esc(p.title)}">
  <meta property="og:type" content="product">
  <meta property="og:url" content="${o.url}">
  <meta property="og:image" content="https://cdnx.jumpseller.com/${slug(s.name)}/image/${pid}/thumb/1200/1200?${r.int(1e9, 2e9)}">
  <meta property="og:site_name" content="${esc(s.name)}">
  <meta property="og:price:amount" content="${v0.price}">
  <meta property="og:price:currency" content="${s.cur.code}">
  <meta name="twitter:card" content="summary">
  <link rel="stylesheet" href="https://assets.jumpseller.com/store/${slug(s.name)}/themes/${r.int(100000, 999999)}/app.min.css?${r.int(1e9, 2e9)}">
  <style>${css(r, o.cssKb ?? 25, 'js-')}</style>
  <script type="application/ld+json">${jsonInline({
    '@context': 'http://schema.org/',
    '@type': 'Product',
    name: p.title,
    url: o.url,
    itemCondition: 'http://schema.org/NewCondition',
    sku: v0.sku,
    image: `https://cdnx.jumpseller.com/${slug(s.name)}/image/${pid}/${p.handle}.jpg`,
    description: p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200),
    brand: { '@type': 'Brand', name: p.brand },
    category: p.breadcrumbs.join(' > '),
    offers: {
      '@type': 'Offer',
      itemCondition: 'http://schema.org/NewCondition',
      priceCurrency: s.cur.code,
      price: v0.price.toFixed(1),
      availability: 'http://schema.org/InStock',
      url: o.url,
      seller: { '@type': 'Organization', name: s.name },
    },
  })}</script>
  <script src="https://assets.jumpseller.com/public/jquery/3.6.0/jquery.min.js"></script>
  <script src="https://assets.jumpseller.com/public/jumpseller.min.js?v=${r.int(1e5, 9e5)}"></script>
</head>
<body id="product-page" class="product-page">`;
  const chrome = siteHeader(s, r, {
    cls: 'js',
    cartTotal: `<span class="cart-size">0</span> <span class="cart-total">${esc(fmt(0))}</span>`,
    menuBase: '/',
    depth3: 3,
  });
  const variants =
    p.variants.length > 1
      ? `<div class="form-group"><label for="${slug(p.optionName ?? ui.size)}">${esc(p.optionName ?? ui.size)}</label><select id="${slug(p.optionName ?? ui.size)}" name="${esc(p.optionName ?? ui.size)}" class="prod-options form-control">${p.variants.map((v, i) => `<option value="${900000 + i}"${i === 0 ? ' selected' : ''}>${esc(v.title)}</option>`).join('')}</select></div>`
      : '';
  const main = `<div class="container">
${breadcrumbsList([{ name: ui.home, url: '/' }, ...p.breadcrumbs.map((b) => ({ name: b, url: `/${slug(b)}` })), { name: p.title }], 'breadcrumb', '/')}
<div class="row product-page-content">
  <div class="col-md-6 product-images"><div id="product-carousel" class="carousel slide" data-ride="carousel"><div class="carousel-inner">${p.images.map((img, i) => `<div class="item carousel-item${i === 0 ? ' active' : ''}"><img src="https://cdnx.jumpseller.com/${slug(s.name)}/image/${pid + i}/resize/640/640?${r.int(1e9, 2e9)}" srcset="https://cdnx.jumpseller.com/${slug(s.name)}/image/${pid + i}/resize/640/640 1x, https://cdnx.jumpseller.com/${slug(s.name)}/image/${pid + i}/resize/1280/1280 2x" alt="${esc(p.title)}" title="${esc(p.title)}" class="img-responsive"${i ? ' loading="lazy"' : ''}></div>`).join('')}</div></div></div>
  <div class="col-md-6">
    <h1 class="page-header">${esc(p.title)}</h1>
    <div class="rating">${'★'.repeat(Math.round(p.rating))} <span>(${p.reviewCount})</span></div>
    <form class="product-form form-horizontal" action="/cart/add/${pid}" method="post" enctype="multipart/form-data" name="buy">
      <div class="form-group price_elem">
        <span class="product-form-price" id="product-form-price">${esc(fmt(v0.price))}</span>
        ${onSale ? `<span class="product-form-discount" id="product-form-discount">${esc(fmt(v0.compare ?? 0))}</span>` : ''}
      </div>
      ${(o.notes ?? []).map((n) => `<div class="form-group product-note"><small>${n}</small></div>`).join('\n      ')}
      ${variants}
      <div class="form-group qty-select product-form_field-group">
        <label for="input-qty" class="form-control-label">${esc(ui.quantity)}</label>
        <div class="quantity"><div class="product-qty"><input type="number" class="qty form-control text-center" id="input-qty" maxlength="5" pattern="[0-9]*" name="qty" value="1" data-min="1" data-max="23" min="1" max="23"></div></div>
      </div>
      <div class="form-group"><input type="submit" class="adc btn btn-primary btn-block" value="${esc(ui.addToCart)}" /></div>
      <div class="form-group"><div class="stock">${s.lang === 'es' ? 'Disponibilidad' : 'Stock'}: <span class="product-form-stock">23</span></div></div>
    </form>
    <div id="product-sharing"><span>${esc(ui.share)}:</span> <a href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(o.url)}" class="has-tip tip-top radius button tiny button-facebook" target="_blank">Facebook</a> <a href="https://api.whatsapp.com/send?text=${encodeURIComponent(p.title + ' ' + o.url)}" class="button-whatsapp" target="_blank">WhatsApp</a></div>
    <div class="description product-description">${p.descriptionHtml}<h4>${esc(ui.specs)}</h4>${specsTable(p.specs, 'table table-bordered')}</div>
  </div>
</div>
<div class="row">${reviewList(s, p, 'js-review')}</div>
<div class="row"><div class="col-md-12"><div class="policies">${policyText(s, fmt)}</div></div></div>
<div class="row related-products"><h2 class="block-header">${esc(ui.youMayLike)}</h2>${o.related
    .map((c) => {
      const sale = c.compare !== undefined && c.compare > c.price;
      return `<div class="col-sm-6 col-md-3 product-block"><div class="product-block__image"><a href="/${slug(c.name)}"><img class="img-responsive" src="https://cdnx.jumpseller.com/${slug(s.name)}/image/${c.id % 1e7}/thumb/300/300?${(c.id % 1e9) + 1e9}" alt="${esc(c.name)}" loading="lazy"></a>${sale ? `<span class="product-block__label product-block__label--discount">-${Math.round((1 - c.price / (c.compare ?? c.price)) * 100)}%</span>` : ''}</div><div class="caption"><h3 class="product-block__name"><a href="/${slug(c.name)}">${esc(c.name)}</a></h3><div class="product-block__price">${sale ? `<span class="product-block__price--discount">${esc(fmt(c.compare ?? 0))}</span> ` : ''}<span class="product-block__price--new">${esc(fmt(c.price))}</span></div><form action="/cart/add/${c.id % 1e7}" method="post"><input type="submit" class="btn btn-default btn-sm" value="${esc(ui.addToCart)}"></form></div></div>`;
    })
    .join('\n')}</div>
</div>`;
  const foot = siteFooter(s, r, {
    cls: 'js',
    poweredBy: `<a href="https://jumpseller.${s.country === 'CL' ? 'cl' : 'com'}/?utm_source=store" target="_blank" rel="noopener">${s.lang === 'es' ? 'Tienda creada con Jumpseller' : 'Powered by Jumpseller'}</a>`,
  });
  const tail = `<script type="text/javascript">
  $(document).ready(function () {
    Jumpseller.productVariantListener(".prod-options", {product: '${JSON.stringify(p.variants.map((v, i) => ({ variant: { id: 900000 + i, price: v.price, discount: v.compare ? Math.round((v.compare - v.price) * 100) / 100 : 0, stock: 23, sku: v.sku }, values: [{ value: { id: 800000 + i, name: v.title }, option: { id: 700000, name: p.optionName ?? 'Opción' } }] }))).replace(/'/g, "\\'")}', callback: callbackFunction});
  });
  var callbackFunction = function(event, productInfo){
    if(productInfo != null && productInfo.price != null) {
      $('#product-form-price').text(productInfo.price_formatted);
      if (productInfo.discount > 0) { $('#product-form-discount').text(productInfo.price_discount_formatted).show(); } else { $('#product-form-discount').hide(); }
    }
  };
</script>
<script>${vendorJs(r, o.jsKb ?? 40, 'jumpseller')}</script>
${repeat(2, (i) => `<script async src="https://www.googletagmanager.com/gtag/js?id=G-${(r.int(1e6, 9e6) + i).toString(36).toUpperCase()}"></script>`).join('\n')}
</body>
</html>`;
  return `${head}\n${chrome}\n<main>${main}</main>\n${foot}\n${tail}`;
}
