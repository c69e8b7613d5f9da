/**
 * Tiendanube / Nuvemshop product page, modelled on the Amazonas/Patagonia-family themes
 * (snipplets/product/product-form.tpl): #price_display.js-price-display with data-product-price in
 * cents, #compare_price_display, installments via js-installment-*, LS.currency / LS.variants,
 * og:type tiendanube:product, data-variants JSON on #single-product, item-product cards.
 */
import { type Rng, UI, esc, jsonInline, icon, css, vendorJs, slug } from './lib.ts';
import {
  type Site,
  type Card,
  type Product,
  policyText,
  reviewList,
  specsTable,
  gtm,
  metaPixel,
} from './parts.ts';
import { siteHeader, siteFooter } from './chrome.ts';

export type TnOpts = {
  site: Site;
  url: string;
  brand: 'tiendanube' | 'nuvemshop';
  storeId: number;
  theme: string;
  /** JSON-LD price: current (sale) or the regular compare-at price */
  jsonLd: 'sale' | 'regular';
  installments: { n: number; interestFree: boolean };
  /** e.g. Pix/transfer discount fraction shown as an extra line */
  paymentDiscount?: { pct: number; label: string; showPrice: boolean };
  extraNotes?: string[];
  cssKb?: number;
  jsKb?: number;
};

const cents = (v: number): number => Math.round(v * 100);

function itemCard(o: TnOpts, c: Card, i: number): string {
  const fmt = o.site.cur.fmt;
  const onSale = c.compare !== undefined && c.compare > c.price;
  const ui = UI[o.site.lang];
  return `<div class="js-item-product col-6 col-md-3 item item-product${c.soldOut ? ' no-stock' : ''}" data-product-type="list" data-product-id="${c.id % 100000000}" data-store="product-item-${c.id % 100000000}" data-component="product-list-item" data-component-value="${c.id % 100000000}">
  <div class="item-image mb-2">
    <div style="padding-bottom: 100%;" class="p-relative" data-store="product-item-image-${c.id % 100000000}">
      <a href="/productos/${slug(c.name)}/" title="${esc(c.name)}" aria-label="${esc(c.name)}"><img alt="${esc(c.name)}" data-expand="-10" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" data-srcset="//d2r9epyceweg5n.cloudfront.net/stores/00${o.storeId}/products/${slug(c.name).slice(0, 30)}-240-0.webp 240w, //d2r9epyceweg5n.cloudfront.net/stores/00${o.storeId}/products/${slug(c.name).slice(0, 30)}-480-0.webp 480w" class="js-item-image lazyautosizes lazyload img-absolute img-absolute-centered fade-in" width="1000" height="1000"/></a>
      ${onSale ? `<div class="label label-accent">${Math.round((1 - c.price / (c.compare ?? c.price)) * 100)}% OFF</div>` : ''}
    </div>
  </div>
  <div class="item-description" data-store="product-item-info-${c.id % 100000000}">
    <a href="/productos/${slug(c.name)}/" title="${esc(c.name)}" aria-label="${esc(c.name)}" class="item-link">
      <div class="js-item-name item-name mb-1" data-store="product-item-name-${c.id % 100000000}">${esc(c.name)}</div>
      <div class="item-price-container mb-1" data-store="product-item-price-${c.id % 100000000}">
        <span class="js-compare-price-display price-compare" ${onSale ? '' : 'style="display:none;"'}>${onSale ? esc(fmt(c.compare ?? 0)) : ''}</span>
        <span class="js-price-display item-price" data-product-price="${cents(c.price)}">${esc(fmt(c.price))}</span>
      </div>
      <div class="js-product-installments item-installments"><span class="js-installment-amount installment-amount">${o.installments.n}</span> ${o.brand === 'nuvemshop' ? 'x de' : 'cuotas sin interés de'} <span class="js-installment-price installment-price">${esc(fmt(Math.round((c.price / o.installments.n) * 100) / 100))}</span></div>
    </a>
    <input type="button" class="js-addtocart js-prod-submit-form btn btn-primary btn-small w-100 mb-2 ${c.soldOut ? 'nostock' : 'cart'}" value="${esc(c.soldOut ? ui.soldOut : ui.addToCart)}"${c.soldOut ? ' disabled' : ''} data-store="product-item-buy-button" data-component="product-list-item.add-to-cart" data-component-value="${c.id % 100000000}" data-index="${i}"/>
  </div>
</div>`;
}

export type TnProductInput = TnOpts & { product: Product; related: Card[]; alsoBought?: Card[] };

export function tnProduct(r: Rng, o: TnProductInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const fmt = s.cur.fmt;
  const pt = s.lang === 'pt';
  const pid = p.id % 1000000000;
  const variantsJson = p.variants.map((v, i) => ({
    product_id: pid,
    price_short: fmt(v.price),
    price_long: `${fmt(v.price)} ${s.cur.code}`,
    price_number: v.price,
    price_number_raw: cents(v.price),
    compare_at_price_short: v.compare ? fmt(v.compare) : null,
    compare_at_price_long: v.compare ? `${fmt(v.compare)} ${s.cur.code}` : null,
    compare_at_price_number: v.compare ?? null,
    compare_at_price_number_raw: v.compare ? cents(v.compare) : null,
    stock: 4 + i * 3,
    sku: v.sku,
    available: true,
    is_visible: true,
    contact: false,
    option0: v.title,
    option1: null,
    option2: null,
    id: 800000000 + pid + i,
    image: 0,
    image_url: null,
    installments_data: JSON.stringify({
      Visa: Object.fromEntries(
        [1, 3, 6, 12].map((n) => [
          n,
          {
            installment_value: Math.round((v.price / n) * 100) / 100,
            installment_value_cents: cents(v.price / n),
            interest: 0,
            total_value: v.price,
            without_interests: n <= o.installments.n,
          },
        ]),
      ),
    }),
  }));
  const ldPrice = o.jsonLd === 'regular' ? (v0.compare ?? v0.price) : v0.price;
  const g = gtm(`GTM-${r.int(1000, 9999)}TN`);
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const instValue = Math.round((v0.price / o.installments.n) * 100) / 100;
  const head = `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:fb="http://www.facebook.com/2008/fbml" xmlns:og="http://opengraphprotocol.org/schema/" lang="${s.htmlLang}">
    <head>
        <link rel="preconnect" href="https://d2r9epyceweg5n.cloudfront.net" />
        <link rel="dns-prefetch" href="https://d2r9epyceweg5n.cloudfront.net" />
        <meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
        <meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${esc(p.title)} - Comprar en ${esc(s.name)}</title>
        <meta name="description" content="${esc(
          p.descriptionHtml
            .replace(/<[^>]+>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 150),
        )}" />
        <link rel="canonical" href="${o.url}" />
        <meta property="og:site_name" content="${esc(s.name)}" />
        <meta property="og:type" content="${o.brand}:product" />
        <meta property="og:url" content="${o.url}" />
        <meta property="og:title" content="${esc(p.title)}" />
        <meta property="og:description" content="${esc(p.title)}" />
        <meta property="og:image" content="http://d2r9epyceweg5n.cloudfront.net/stores/00${o.storeId}/products/${p.handle.slice(0, 30)}-640-0.jpg" />
        <meta property="${o.brand}:price" content="${ldPrice.toFixed(2)}" />
        <meta property="${o.brand}:stock" content="12" />
        <style>${css(r, o.cssKb ?? 30, '')}</style>
        <script type="application/ld+json" data-component='structured-data.page'>
{
    "@context": "https://schema.org/",
    "@type": "Product",
    "url": ${JSON.stringify(o.url)},
    "name": ${JSON.stringify(p.title)},
    "description": ${JSON.stringify(
      p.descriptionHtml
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200),
    )},
    "image": "https://d2r9epyceweg5n.cloudfront.net/stores/00${o.storeId}/products/${p.handle.slice(0, 30)}-640-0.jpg",
    "sku": ${JSON.stringify(v0.sku)},
    "offers": {
        "@type": "Offer",
        "url": ${JSON.stringify(o.url)},
        "priceCurrency": "${s.cur.code}",
        "price": "${ldPrice.toFixed(2)}",
        "availability": "http://schema.org/InStock",
        "seller": {
            "@type": "Organization",
            "name": ${JSON.stringify(s.name)}
        }
    }
}
        </script>
        ${g.head}
        ${metaPixel(String(r.int(100000000000000, 999999999999999)))}
        <script type="text/javascript">
            var LS = LS || {};
            LS.store = {
                id : ${o.storeId},
                url : "${slug(s.name)}.mitiendanube.com",
                custom_url : "${s.domain}",
                ga4_measurement_id : "G-${r.int(1000000, 9999999).toString(36).toUpperCase()}"
            };
            LS.cart = {
                id : null,
                subtotal : 0,
                has_non_shippable_products: false,
                has_shippable_products: false,
                items : []
            };
            LS.hasCartMinimumValue = false;
            LS.lang = "${s.htmlLang.replace('-', '_')}";
            LS.langCode = "${s.lang}";
            LS.currency = {
                code : "${s.cur.code}",
                display_short: ${JSON.stringify(fmt(0).replace(/[\d.,\s\u00a0]+/g, ''))},
                display_long: ${JSON.stringify(`${fmt(0).replace(/[\d.,\s\u00a0]+/g, '')} ${s.cur.code}`)},
                cents_separator : "${fmt(1.5).includes(',5') ? ',' : '.'}",
                thousands_separator : "${fmt(1000).includes('1.000') ? '.' : ','}"
            };
            LS.country = "${s.country}";
            LS.customer = null;
            LS.template = "product";
            LS.theme = {
                code: "${o.theme.toLowerCase()}",
                name: "${o.theme}",
                custom: false,
            };
            LS.metricsWorkerScriptUrl = "https://d2r9epyceweg5n.cloudfront.net/assets/stores/js/metrics-worker-${r.int(1e8, 9e8).toString(16)}.js?v=${r.int(1e7, 9e7)}"
            LS.socialScripts = [];
            LS.DOMReady = function(fn) { if (document.addEventListener) { document.addEventListener('DOMContentLoaded', fn); } else { document.attachEvent('onreadystatechange', function() { if (document.readyState === 'interactive') fn(); }); } };
            LS.variants = ${jsonInline(variantsJson)};
        </script>
    </head>
    <body class="js-head-offset head-offset template-product" data-store="body">
    ${g.body}`;
  const priceBlock = `<div class="price-container mb-4" data-store="product-price-${pid}">
    <span class="d-inline-block">
	   <h4 id="compare_price_display" class="js-compare-price-display price-compare font-weight-normal mb-0" ${onSale ? 'style="display:block;"' : 'style="display:none;"'}>${onSale ? esc(fmt(v0.compare ?? 0)) : ''}</h4>
    </span>
    <span class="d-inline-block">
    	<h2 class="js-price-display text-primary mb-0" id="price_display" data-product-price="${cents(v0.price)}">${esc(fmt(v0.price))}</h2>
    </span>
    ${o.paymentDiscount?.showPrice ? `<div class="js-payment-discount-price-product-container h4 text-accent font-weight-bold mt-1"><span class="js-payment-discount-price-product">${esc(fmt(Math.round(v0.price * (1 - o.paymentDiscount.pct) * 100) / 100))}</span> <span class="font-small">${esc(o.paymentDiscount.label)}</span></div>` : ''}
    ${onSale ? `<div class="js-saved-money-message d-flex align-items-center mt-2"><span class="font-small">${pt ? 'Economize' : s.country === 'AR' ? 'Ahorrás' : 'Ahorras'} ${esc(fmt(Math.round(((v0.compare ?? 0) - v0.price) * 100) / 100))}</span><span class="ml-2 label label-small label-accent m-0">${Math.round((1 - v0.price / (v0.compare ?? 1)) * 100)}% OFF</span></div>` : ''}
</div>`;
  const installments = `<div data-toggle="#installments-modal" data-modal-url="modal-fullscreen-payments" class="js-modal-open js-fullscreen-modal-open js-product-payments-container row mb-4">
    <div class="col-12 mb-2">
        <span class="float-left mr-2">${icon('card', 'icon-inline icon-lg svg-icon-accent', 20)}</span>
        <div class="js-max-installments-container js-max-installments product-detail-installments d-table">
            <div class="js-max-installments">${pt ? '' : ''}<span class="js-installment-amount installment-amount">${o.installments.n}</span>${pt ? 'x de' : ' cuotas sin interés de'} <span class="js-installment-price installment-price">${esc(fmt(instValue))}</span>${pt ? ' sem juros' : ''}</div>
        </div>
    </div>
    ${o.paymentDiscount ? `<div class="js-product-discount-container w-100"><div class="col-12 mb-2 d-flex"><span class="mr-2">${icon('card', 'icon-inline svg-icon-accent icon-lg', 20)}</span><span><div><strong class="text-accent">${Math.round(o.paymentDiscount.pct * 100)}% ${pt ? 'de desconto' : 'de descuento'}</strong> ${pt ? 'pagando com' : 'pagando con'} ${esc(o.paymentDiscount.label.replace(/^(com|con) /, ''))}</div></span></div></div>` : ''}
    <a id="btn-installments" class="btn-link btn-link-primary font-small col mt-1"><span class="d-table">${pt ? 'Ver mais detalhes' : 'Ver más detalles'}</span></a>
</div>
${(o.extraNotes ?? []).map((n) => `<p class="font-small opacity-80 mb-2">${n}</p>`).join('\n')}`;
  const variantSelect =
    p.variants.length > 1
      ? `<div class="js-product-variants form-row">
    <div class="js-product-variants-group col-12 mb-2" data-variation-id="0">
        <div class="form-group">
            <label class="form-label" for="variation_1">${esc(p.optionName ?? ui.size)}</label>
            <select id="variation_1" class="form-select js-variation-option js-refresh-installment-data" name="variation[0]">
${p.variants.map((v, i) => `                <option value="${esc(v.title)}"${i === 0 ? ' selected="selected"' : ''}>${esc(v.title)}</option>`).join('\n')}
            </select>
            <div class="form-select-icon">${icon('chevron', 'icon-inline icon-w-14 svg-icon-text', 14)}</div>
        </div>
    </div>
</div>`
      : '';
  const main = `<section class="js-product-detail" data-store="product-detail">
<div id="single-product" class="js-has-new-shipping js-product-detail js-product-container js-shipping-calculator-container" data-variants="${esc(JSON.stringify(variantsJson))}" data-store="product-detail">
    <div class="container pt-4 pt-md-1">
        <div class="row">
            <div class="col-md-7 pt-md-3 pb-md-3">
                <div class="js-swiper-product swiper-container" style="visibility:visible;" data-product-images-amount="${p.images.length}">
                    <div class="swiper-wrapper">
${p.images.map((img, i) => `                        <div class="swiper-slide js-product-slide slider-slide" data-image="${900000 + i}" data-image-position="${i}"><a href="${img}" data-fancybox="product-gallery" class="d-block p-relative" style="padding-bottom: 100%;"><img src="${img.replace('width=1946', 'width=1024')}" data-sizes="auto" data-srcset="${img.replace('width=1946', 'width=480')} 480w, ${img.replace('width=1946', 'width=640')} 640w, ${img.replace('width=1946', 'width=1024')} 1024w" class="js-product-slide-img product-slider-image img-absolute img-absolute-centered lazyautosizes lazyload" alt="${esc(p.title)}" /></a></div>`).join('\n')}
                    </div>
                    <div class="js-swiper-product-pagination swiper-pagination swiper-pagination-white"></div>
                </div>
            </div>
            <div class="col" data-store="product-info-${pid}">
                <section class="page-header mt-4 mt-md-0">
                    <div class="breadcrumbs">
                        <a class="crumb" href="/" title="${esc(s.name)}">${esc(ui.home)}</a>
                        <span class="divider">&gt;</span>
${p.breadcrumbs.map((b) => `                        <a class="crumb" href="/${slug(b)}/" title="${esc(b)}">${esc(b)}</a>\n                        <span class="divider">&gt;</span>`).join('\n')}
                        <span class="crumb active">${esc(p.title)}</span>
                    </div>
                    <h1 class="js-product-name h2 h1-md" data-store="product-name-${pid}">${esc(p.title)}</h1>
                </section>
                ${priceBlock}
                ${installments}
                <div class="free-shipping-message mb-4"><span class="float-left mr-2">${icon('truck', 'icon-inline svg-icon-accent icon-lg', 20)}</span><span><strong class="text-accent">${pt ? 'Frete grátis' : 'Envío gratis'}</strong> <span class="js-shipping-minimum-label">${esc(s.announcement ?? '')}</span></span></div>
                <form id="product_form" class="js-product-form" method="post" action="/comprar/" data-store="product-form-${pid}">
                    <input type="hidden" name="add_to_cart" value="${pid}" />
                    ${variantSelect}
                    <div class="js-last-product text-accent font-weight-bold mb-4" style="display: none;">${pt ? 'Último produto!' : '¡Último producto!'}</div>
                    <div class="form-row mb-2">
                        <div class="col-4">
                            <div class="form-group js-quantity form-quantity">
                                <label class="form-label" for="quantity">${esc(ui.quantity)}</label>
                                <div class="form-row m-0 align-items-center">
                                    <span class="js-quantity-down form-quantity-icon btn">${icon('minus', 'icon-inline', 12)}</span>
                                    <div class="col"><input type="number" class="form-control js-quantity-input" value="1" min="1" pattern="\\d*" autocorrect="off" autocapitalize="off" name="quantity" id="quantity" aria-label="${esc(ui.quantity)}"></div>
                                    <span class="js-quantity-up form-quantity-icon btn">${icon('plus', 'icon-inline', 12)}</span>
                                </div>
                            </div>
                        </div>
                        <div class="col-8 pr-0">
                            <input type="submit" class="js-addtocart js-prod-submit-form btn btn-primary btn-block mb-4 cart" value="${esc(ui.addToCart)}" data-store="product-buy-button" data-component="product.add-to-cart"/>
                            <div class="js-addtocart js-addtocart-placeholder btn btn-primary btn-block btn-transition mb-4 disabled" style="display: none;"><div class="d-inline-block"><span class="js-addtocart-text">${esc(ui.addToCart)}</span><span class="js-addtocart-success transition-container">${pt ? 'Pronto!' : '¡Listo!'}</span></div></div>
                        </div>
                    </div>
                    <div id="product-shipping-container" class="product-shipping-calculator list" data-shipping-url="/envio/">
                        <div class="js-shipping-calculator-head shipping-calculator-head position-relative transition-soft with-form">
                            <span class="js-shipping-calculator-title d-block font-weight-bold">${pt ? 'Meios de envio' : 'Medios de envío'}</span>
                            <div class="form-group form-row"><input type="tel" name="zipcode" class="js-shipping-input form-control" placeholder="${pt ? 'Seu CEP' : 'Tu código postal'}" autocomplete="postal-code" aria-label="CP"><button class="js-calculate-shipping btn btn-default btn-block" aria-label="${pt ? 'Calcular' : 'Calcular envío'}">${pt ? 'Calcular' : 'Calcular'}</button></div>
                            <div class="js-ship-calculator-response" style="display:none"></div>
                        </div>
                    </div>
                </form>
                <div class="product-description user-content" data-store="product-description-${pid}">
                    ${p.descriptionHtml}
                    <h3>${esc(ui.specs)}</h3>
                    ${specsTable(p.specs, 'table table-striped')}
                </div>
            </div>
        </div>
    </div>
</div>
</section>
<section class="container section-product-reviews">${reviewList(s, p, 'tn-review')}</section>
<section id="related-products-section" class="py-4 py-md-5 mb-4" data-store="related-products">
    <div class="container"><h3 class="h3 h2-md mb-4 text-center">${esc(pt ? 'Produtos relacionados' : ui.youMayLike)}</h3>
        <div class="js-swiper-related swiper-container"><div class="swiper-wrapper row flex-nowrap">
${o.related.map((c, i) => itemCard(o, c, i)).join('\n')}
        </div></div>
    </div>
</section>
${o.alsoBought?.length ? `<section class="py-4 mb-4" data-store="complementary-products"><div class="container"><h3 class="h3 mb-4 text-center">${esc(ui.alsoBought)}</h3><div class="row">${o.alsoBought.map((c, i) => itemCard(o, c, i)).join('\n')}</div></div></section>` : ''}
<section class="container user-content policies">${policyText(s, fmt)}</section>`;
  const chrome = siteHeader(s, r, {
    cls: 'head',
    cartTotal: `<span class="js-cart-widget-amount">${esc(fmt(0))}</span>`,
    menuBase: '/',
    depth3: 4,
  });
  const foot = siteFooter(s, r, {
    cls: 'footer',
    poweredBy: `<a href="https://www.${o.brand}.com${o.brand === 'tiendanube' ? '' : '.br'}/?utm_source=footer" target="_blank" rel="nofollow">${o.brand === 'nuvemshop' ? 'Criado com Nuvemshop' : 'Creado con Tiendanube'}</a>`,
  });
  const tail = `
        <script type="text/javascript" src="//d2r9epyceweg5n.cloudfront.net/stores/00${o.storeId}/themes/${o.theme.toLowerCase()}/dart-${r.int(1e8, 9e8).toString(16)}.js" async="true"></script>
        <script>${vendorJs(r, o.jsKb ?? 50, 'tiendanube')}</script>
        <script type="text/javascript">
            LS.ready.then(function(){
                LS.registerOnChangeVariant(function(variant){
                    var $price = jQuery('#price_display');
                    $price.text(variant.price_short).attr('data-product-price', variant.price_number_raw);
                    if (variant.compare_at_price_short) { jQuery('#compare_price_display').text(variant.compare_at_price_short).show(); } else { jQuery('#compare_price_display').hide(); }
                });
            });
        </script>
    </body>
</html>`;
  return `${head}\n${chrome}\n<main>${main}</main>\n${foot}\n${tail}`;
}
