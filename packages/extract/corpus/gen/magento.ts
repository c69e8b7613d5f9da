/**
 * Magento 2 (Luma) product page: body.catalog-product-view, price-box with
 * span.price-wrapper[data-price-amount][data-price-type=finalPrice|oldPrice], special/old price,
 * tier prices ("Buy 10 for … each and save 11%"), microdata itemprop price/priceCurrency,
 * product:price:amount meta, x-magento-init JSON (priceBox priceConfig, configurable spConfig),
 * knockout comment placeholders in the minicart, related/upsell product-item blocks.
 */
import { type Rng, UI, esc, jsonInline, css, vendorJs, slug } from './lib.ts';
import { type Site, type Card, type Product, policyText } from './parts.ts';
import { siteHeader, siteFooter } from './chrome.ts';

export type MagentoOpts = {
  site: Site;
  url: string;
  locale: string; // en_US, de_DE, es_MX
  fmt: (v: number) => string;
  priceFormat: { pattern: string; precision: number; decimalSymbol: string; groupSymbol: string };
  cssKb?: number;
  jsKb?: number;
};

function priceBox(
  o: MagentoOpts,
  id: number,
  price: number,
  compare?: number,
  opts: { label?: string; schema?: boolean } = {},
): string {
  const onSale = compare !== undefined && compare > price;
  const fin = `<span class="price-container price-final_price tax weee"${opts.schema ? ' itemprop="offers" itemscope itemtype="http://schema.org/Offer"' : ''}>${opts.label || onSale ? `<span class="price-label">${esc(opts.label ?? (o.site.lang === 'de' ? 'Sonderpreis' : o.site.lang === 'es' ? 'Precio especial' : 'Special Price'))}</span>` : ''}
        <span id="product-price-${id}" data-price-amount="${price}" data-price-type="finalPrice" class="price-wrapper "${opts.schema ? ' itemprop="price"' : ''}><span class="price">${esc(o.fmt(price))}</span></span>
        ${opts.schema ? `<meta itemprop="priceCurrency" content="${o.site.cur.code}" />` : ''}
    </span>`;
  if (!onSale)
    return `<div class="price-box price-final_price" data-role="priceBox" data-product-id="${id}" data-price-box="product-id-${id}"><span class="${opts.label ? 'normal-price' : 'price-container-outer'}">${fin}</span></div>`;
  return `<div class="price-box price-final_price" data-role="priceBox" data-product-id="${id}" data-price-box="product-id-${id}">
<span class="special-price">${fin}</span>
<span class="old-price"><span class="price-container price-final_price tax weee"><span class="price-label">${o.site.lang === 'de' ? 'Statt' : o.site.lang === 'es' ? 'Precio normal' : 'Regular Price'}</span>
        <span id="old-price-${id}" data-price-amount="${compare}" data-price-type="oldPrice" class="price-wrapper "><span class="price">${esc(o.fmt(compare ?? 0))}</span></span>
    </span></span>
</div>`;
}

function productItem(o: MagentoOpts, c: Card, kind: 'related' | 'upsell'): string {
  const id = 100 + (c.id % 9000);
  return `<li class="item product product-item">
<div class="product-item-info ${kind}-available">
    <a href="https://${o.site.domain}/${slug(c.name)}.html" class="product photo product-item-photo"><span class="product-image-container product-image-container-${id}"><span class="product-image-wrapper"><img class="product-image-photo" src="https://${o.site.domain}/media/catalog/product/cache/${(c.id % 1e8).toString(16)}/${slug(c.name).slice(0, 2)}/${slug(c.name).slice(0, 40)}.jpg" loading="lazy" width="152" height="190" alt="${esc(c.name)}"/></span></span><style>.product-image-container-${id}{width:152px}.product-image-container-${id} span.product-image-wrapper{padding-bottom:125%}</style></a>
    <div class="product details product-item-details">
        <strong class="product name product-item-name"><a class="product-item-link" title="${esc(c.name)}" href="https://${o.site.domain}/${slug(c.name)}.html">${esc(c.name)}</a></strong>
        ${priceBox(o, id, c.price, c.compare)}
        ${kind === 'related' ? `<div class="field choice related"><input type="checkbox" class="checkbox related" id="related-checkbox${id}" name="related_products[]" value="${id}" /><label class="label" for="related-checkbox${id}"><span>${esc(UI[o.site.lang].addToCart)}</span></label></div>` : `<div class="product actions product-item-actions"><div class="actions-primary"><button class="action tocart primary" data-mage-init='{"redirectUrl": {"url": "https://${o.site.domain}/checkout/cart/add/product/${id}/"}}' type="button" title="${esc(UI[o.site.lang].addToCart)}"><span>${esc(UI[o.site.lang].addToCart)}</span></button></div><div class="secondary-addto-links actions-secondary" data-role="add-to-links"><a href="#" class="action towishlist" data-action="add-to-wishlist" title="Add to Wish List"><span>Add to Wish List</span></a></div></div>`}
    </div>
</div>
</li>`;
}

export type MagentoProductInput = MagentoOpts & {
  product: Product;
  related: Card[];
  upsell: Card[];
  tier?: { qty: number; price: number };
  configurable?: { code: string; label: string };
  /** label for the configurable's minimal price, e.g. "As low as" */
  asLowAs?: string;
};

export function magentoProduct(r: Rng, o: MagentoProductInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const pid = 1000 + (p.id % 9000);
  const staticBase = `https://${s.domain}/static/version1712345678/frontend/Magento/luma/${o.locale}`;
  const minPrice = Math.min(...p.variants.map((v) => v.price));
  const head = `<!doctype html>
<html lang="${s.htmlLang.split('-')[0]}">
    <head >
        <script>
    var LOCALE = '${o.locale.replace('_', '\\u002D')}';
    var BASE_URL = 'https\\u003A\\u002F\\u002F${s.domain}\\u002F';
    var require = {
        'baseUrl': '${staticBase.replace(/\//g, '\\u002F').replace(/:/g, '\\u003A')}'
    };</script>        <meta charset="utf-8"/>
<meta name="title" content="${esc(p.title)}"/>
<meta name="description" content="${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150),
  )}"/>
<meta name="robots" content="INDEX,FOLLOW"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="format-detection" content="telephone=no"/>
<title>${esc(p.title)}</title>
<link  rel="stylesheet" type="text/css"  media="all" href="${staticBase}/mage/calendar.css" />
<link  rel="stylesheet" type="text/css"  media="all" href="${staticBase}/css/styles-m.css" />
<link  rel="stylesheet" type="text/css"  media="screen and (min-width: 768px)" href="${staticBase}/css/styles-l.css" />
<script  type="text/javascript"  src="${staticBase}/requirejs/require.js"></script>
<script  type="text/javascript"  src="${staticBase}/mage/requirejs/mixins.js"></script>
<script  type="text/javascript"  src="${staticBase}/requirejs-config.js"></script>
<link rel="canonical" href="${o.url}" />
<link  rel="icon" type="image/x-icon" href="${staticBase}/Magento_Theme/favicon.ico" />
<style>${css(r, o.cssKb ?? 35, '')}</style>
<meta property="og:type" content="product" />
<meta property="og:title" content="${esc(p.title)}" />
<meta property="og:image" content="https://${s.domain}/media/catalog/product/cache/${r.int(1e8, 9e8).toString(16)}/${p.handle.slice(0, 2)}/${p.handle}.jpg" />
<meta property="og:description" content="" />
<meta property="og:url" content="${o.url}" />
    <meta property="product:price:amount" content="${minPrice}"/>
    <meta property="product:price:currency" content="${s.cur.code}"/>
    </head>
    <body data-container="body"
          data-mage-init='{"loaderAjax": {}, "loader": { "icon": "${staticBase}/images/loader-2.gif"}}'
        id="html-body" itemtype="http://schema.org/Product" itemscope="itemscope" class="catalog-product-view product-${p.handle} page-layout-1column">
<script type="text/x-magento-init">
    {
        "*": {
            "Magento_PageBuilder/js/widget-initializer": {
                "config": {"[data-content-type=\\"slider\\"][data-appearance=\\"default\\"]":{"Magento_PageBuilder\\/js\\/content-type\\/slider\\/appearance\\/default\\/widget":false},"[data-content-type=\\"map\\"]":{"Magento_PageBuilder\\/js\\/content-type\\/map\\/appearance\\/default\\/widget":false},"[data-content-type=\\"row\\"]":{"Magento_PageBuilder\\/js\\/content-type\\/row\\/appearance\\/default\\/widget":false},"[data-content-type=\\"tabs\\"]":{"Magento_PageBuilder\\/js\\/content-type\\/tabs\\/appearance\\/default\\/widget":false}},
                "breakpoints": {"desktop":{"label":"Desktop","stage":true,"default":true,"class":"desktop-switcher","icon":"Magento_PageBuilder::css\\/images\\/switcher\\/switcher-desktop.svg","conditions":{"min-width":"1024px"},"options":{"products":{"default":{"slidesToShow":"5"}}}},"tablet":{"conditions":{"max-width":"1024px","min-width":"768px"},"options":{"products":{"default":{"slidesToShow":"4"}}}},"mobile":{"label":"Mobile","stage":true,"class":"mobile-switcher","icon":"Magento_PageBuilder::css\\/images\\/switcher\\/switcher-mobile.svg","media":"only screen and (max-width: 768px)","conditions":{"max-width":"768px","min-width":"640px"},"options":{"products":{"default":{"slidesToShow":"3"}}}}}
            }
        }
    }
</script>
<div class="page-wrapper">`;
  const minicart = `<div data-block="minicart" class="minicart-wrapper">
        <a class="action showcart" href="https://${s.domain}/checkout/cart/" data-bind="scope: 'minicart_content'">
            <span class="text">${s.lang === 'de' ? 'Mein Warenkorb' : s.lang === 'es' ? 'Mi carrito' : 'My Cart'}</span>
            <span class="counter qty empty" data-bind="css: { empty: !!getCartParam('summary_count') == false && !isLoading() }, blockLoader: isLoading">
                <span class="counter-number"><!-- ko text: getCartParam('summary_count') --><!-- /ko --></span>
                <span class="counter-label"><!-- ko if: getCartParam('summary_count') --><!-- ko text: getCartParam('summary_count') --><!-- /ko --><!-- ko i18n: 'items' --><!-- /ko --><!-- /ko --></span>
            </span>
        </a>
        <div class="block block-minicart" data-role="dropdownDialog" data-mage-init='{"dropdownDialog":{"appendTo":"[data-block=minicart]","triggerTarget":".showcart","timeout": "2000","closeOnMouseLeave": false,"closeOnEscape": true,"triggerClass":"active","parentClass":"active","buttons":[]}}'>
            <div id="minicart-content-wrapper" data-bind="scope: 'minicart_content'"><!-- ko template: getTemplate() --><!-- /ko --></div>
        </div>
        <script>window.checkout = {"shoppingCartUrl":"https:\\/\\/${s.domain}\\/checkout\\/cart\\/","checkoutUrl":"https:\\/\\/${s.domain}\\/checkout\\/","updateItemQtyUrl":"https:\\/\\/${s.domain}\\/checkout\\/sidebar\\/updateItemQty\\/","removeItemUrl":"https:\\/\\/${s.domain}\\/checkout\\/sidebar\\/removeItem\\/","imageTemplate":"Magento_Catalog\\/product\\/image_with_borders","baseUrl":"https:\\/\\/${s.domain}\\/","minicartMaxItemsVisible":5,"websiteId":"1","maxItemsToDisplay":10,"storeId":"1","storeGroupId":"1","customerLoginUrl":"https:\\/\\/${s.domain}\\/customer\\/account\\/login\\/","isRedirectRequired":false,"autocomplete":"off","captcha":{"user_login":{"isCaseSensitive":false,"imageHeight":50,"imageSrc":"","refreshUrl":"https:\\/\\/${s.domain}\\/captcha\\/refresh\\/","isRequired":false,"timestamp":1714000000}}}</script>
        <script type="text/x-magento-init">{"[data-block='minicart']": {"Magento_Ui/js/core/app": {"components":{"minicart_content":{"children":{"subtotal.container":{"children":{"subtotal":{"children":{"subtotal.totals":{"config":{"display_cart_subtotal_incl_tax":1,"display_cart_subtotal_excl_tax":0,"template":"Magento_Tax\\/checkout\\/minicart\\/subtotal\\/totals"},"component":"Magento_Tax\\/js\\/view\\/checkout\\/minicart\\/subtotal\\/totals"}},"component":"uiComponent","config":{"template":"Magento_Checkout\\/minicart\\/subtotal"}}},"component":"uiComponent","config":{"displayArea":"subtotalContainer"}}},"config":{"itemRenderer":{"default":"defaultRenderer","simple":"defaultRenderer","virtual":"defaultRenderer"},"template":"Magento_Checkout\\/minicart\\/content"},"component":"Magento_Checkout\\/js\\/view\\/minicart"}},"types":[]}},"*": {"Magento_Ui/js/block-loader": "${staticBase}/images/loader-1.gif"}}</script>
    </div>`;
  const chrome = siteHeader(s, r, { cls: 'page-header', cartTotal: minicart, menuBase: '/', depth3: 4 });
  const swatch =
    o.configurable && p.variants.length > 1
      ? `<div class="product-options-wrapper" id="product-options-wrapper" data-hasrequired="* Required Fields">
    <div class="fieldset" tabindex="0">
        <div class="field configurable required">
            <label class="label" for="attribute142"><span>${esc(o.configurable.label)}</span></label>
            <div class="control">
                <select name="super_attribute[142]" data-selector="super_attribute[142]" data-validate="{required:true}" id="attribute142" class="super-attribute-select">
                    <option value="">${s.lang === 'es' ? 'Elige una opción...' : 'Choose an Option...'}</option>
                </select>
            </div>
        </div>
        <script type="text/x-magento-init">
        {
            "#product_addtocart_form": {
                "configurable": {
                    "spConfig": ${jsonInline({
                      attributes: {
                        '142': {
                          id: '142',
                          code: o.configurable.code,
                          label: o.configurable.label,
                          options: p.variants.map((v, i) => ({
                            id: String(167 + i),
                            label: v.title,
                            products: [String(pid + i + 1)],
                          })),
                          position: '0',
                        },
                      },
                      template: o.priceFormat.pattern.replace('%s', '<%- data.price %>'),
                      currencyFormat: o.priceFormat.pattern,
                      optionPrices: Object.fromEntries(
                        p.variants.map((v, i) => [
                          String(pid + i + 1),
                          {
                            baseOldPrice: { amount: v.compare ?? v.price },
                            oldPrice: { amount: v.compare ?? v.price },
                            basePrice: { amount: Math.round((v.price / 1.16) * 10000) / 10000 },
                            finalPrice: { amount: v.price },
                            tierPrices: [],
                            msrpPrice: { amount: null },
                          },
                        ]),
                      ),
                      priceFormat: {
                        ...o.priceFormat,
                        requiredPrecision: o.priceFormat.precision,
                        integerRequired: false,
                        groupLength: 3,
                      },
                      prices: {
                        baseOldPrice: { amount: minPrice },
                        oldPrice: { amount: minPrice },
                        basePrice: { amount: Math.round((minPrice / 1.16) * 10000) / 10000 },
                        finalPrice: { amount: minPrice },
                      },
                      productId: String(pid),
                      chooseText: s.lang === 'es' ? 'Elige una opción...' : 'Choose an Option...',
                      images: [],
                      index: Object.fromEntries(
                        p.variants.map((_, i) => [String(pid + i + 1), { '142': String(167 + i) }]),
                      ),
                      salable: [],
                      canDisplayShowOutOfStockStatus: false,
                    })},
                    "gallerySwitchStrategy": "replace"
                }
            },
            "*" : {
                "Magento_ConfigurableProduct/js/catalog-add-to-cart": {}
            }
        }
        </script>
    </div>
</div>`
      : '';
  const tier = o.tier
    ? `<ul class="prices-tier items">
    <li class="item">
        ${s.lang === 'de' ? `Kaufe ${o.tier.qty} für` : s.lang === 'es' ? `Compra ${o.tier.qty} por` : `Buy ${o.tier.qty} for`}
        <span class="price-container price-tier_price tax weee"><span data-price-amount="${o.tier.price}" data-price-type="" class="price-wrapper "><span class="price">${esc(o.fmt(o.tier.price))}</span></span></span>
        ${s.lang === 'de' ? 'pro Stück und' : s.lang === 'es' ? 'cada uno y' : 'each and'} <strong class="benefit">${s.lang === 'de' ? 'spare' : s.lang === 'es' ? 'ahorra' : 'save'}<span class="percent tier-0">&nbsp;${Math.round((1 - o.tier.price / v0.price) * 100)}</span>%</strong>
    </li>
</ul>`
    : '';
  const main = `<div class="breadcrumbs"><ul class="items"><li class="item home"><a href="https://${s.domain}/" title="${esc(ui.home)}">${esc(ui.home)}</a></li>${p.breadcrumbs.map((b) => `<li class="item category"><a href="https://${s.domain}/${slug(b)}.html" title="">${esc(b)}</a></li>`).join('')}<li class="item product"><strong>${esc(p.title)}</strong></li></ul></div>
<main id="maincontent" class="page-main"><a id="contentarea" tabindex="-1"></a>
<div class="page messages"><div data-placeholder="messages"></div><div data-bind="scope: 'messages'"><!-- ko if: cookieMessages && cookieMessages.length > 0 --><div aria-atomic="true" role="alert" data-bind="foreach: { data: cookieMessages, as: 'message' }" class="messages"><div data-bind="attr: { class: 'message-' + message.type + ' ' + message.type + ' message', 'data-ui-id': 'message-' + message.type }"><div data-bind="html: $parent.prepareMessageForHtml(message.text)"></div></div></div><!-- /ko --></div></div>
<div class="columns"><div class="column main"><div class="product-info-main"><div class="page-title-wrapper&#x20;product">
    <h1 class="page-title"><span class="base" data-ui-id="page-title-wrapper" itemprop="name">${esc(p.title)}</span></h1>
</div>
<div class="product-reviews-summary" itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating">
    <div class="rating-summary"><span class="label"><span>Rating:</span></span><div class="rating-result" title="${Math.round(p.rating * 20)}%"><span style="width:${Math.round(p.rating * 20)}%"><span><span itemprop="ratingValue">${Math.round(p.rating * 20)}</span>% of <span itemprop="bestRating">100</span></span></span></div></div>
    <div class="reviews-actions"><a class="action view" href="${o.url}#reviews"><span itemprop="reviewCount">${p.reviewCount}</span>&nbsp;<span>${esc(ui.reviews)}</span></a><a class="action add" href="${o.url}#review-form">${esc(ui.writeReview)}</a></div>
</div>
<div class="product-info-price">${priceBox(o, pid, minPrice, p.variants.length === 1 ? v0.compare : undefined, { schema: true, label: o.asLowAs })}<div class="product-info-stock-sku"><div class="stock available" title="${esc(ui.inStock)}"><span>${esc(ui.inStock)}</span></div><div class="product attribute sku"><strong class="type">SKU</strong><div class="value" itemprop="sku">${esc(v0.sku)}</div></div></div></div>
${tier}
<div class="product-add-form"><form data-product-sku="${esc(v0.sku)}" action="https://${s.domain}/checkout/cart/add/uenc/${Buffer.from(o.url).toString('base64').replace(/=/g, '~')}/product/${pid}/" method="post" id="product_addtocart_form"><input type="hidden" name="product" value="${pid}" /><input type="hidden" name="selected_configurable_option" value="" /><input type="hidden" name="related_product" id="related-products-field" value="" /><input type="hidden" name="item" value="${pid}" /><input name="form_key" type="hidden" value="${r.int(1e10, 9e10).toString(36)}" />
${swatch}
<div class="box-tocart"><div class="fieldset"><div class="field qty"><label class="label" for="qty"><span>${esc(ui.quantity)}</span></label><div class="control"><input type="number" name="qty" id="qty" min="0" value="1" title="${esc(ui.quantity)}" class="input-text qty" data-validate="{&quot;required-number&quot;:true,&quot;validate-item-quantity&quot;:{&quot;minAllowed&quot;:1,&quot;maxAllowed&quot;:10000}}" /></div></div>
<div class="actions"><button type="submit" title="${esc(ui.addToCart)}" class="action primary tocart" id="product-addtocart-button" disabled><span>${esc(ui.addToCart)}</span></button></div></div></div>
<script type="text/x-magento-init">{"#product_addtocart_form": {"Magento_Catalog/js/validate-product": {}}}</script>
</form></div>
<script type="text/x-magento-init">
    {
        "[data-role=priceBox][data-price-box=product-id-${pid}]": {
            "priceBox": {
                "priceConfig":  ${jsonInline({ productId: String(pid), priceFormat: { ...o.priceFormat, requiredPrecision: o.priceFormat.precision, integerRequired: false, groupLength: 3 }, tierPrices: o.tier ? [{ qty: o.tier.qty, price: o.tier.price, percentage: Math.round((1 - o.tier.price / v0.price) * 100) }] : [] })}
            }
        }
    }
</script>
<div class="product-social-links"><div class="product-addto-links" data-role="add-to-links"><a href="#" class="action towishlist" data-post='{"action":"https:\\/\\/${s.domain}\\/wishlist\\/index\\/add\\/","data":{"product":${pid},"uenc":""}}' data-action="add-to-wishlist"><span>${esc(ui.wishlist)}</span></a><a href="#" data-post='{"action":"https:\\/\\/${s.domain}\\/catalog\\/product_compare\\/add\\/","data":{"product":"${pid}","uenc":""}}' data-role="add-to-links" class="action tocompare"><span>${esc(ui.compare)}</span></a></div><a href="https://${s.domain}/sendfriend/product/send/id/${pid}/" class="action mailto friend"><span>Email</span></a></div>
</div><div class="product media"><a id="gallery-prev-area" tabindex="-1"></a><div class="action-skip-wrapper"><a class="action skip gallery-next-area" href="#gallery-next-area"><span>Skip to the end of the images gallery</span></a></div>
<div class="gallery-placeholder _block-content-loading" data-gallery-role="gallery-placeholder"><img alt="main product photo" class="gallery-placeholder__image" src="${p.images[0]}" width="700" height="700" /></div>
<script type="text/x-magento-init">{"[data-gallery-role=gallery-placeholder]": {"mage/gallery/gallery": {"mixins":["magnifier/magnify"],"magnifierOpts": {"fullscreenzoom":"20","top":"","left":"","width":"","height":"","eventType":"hover","enabled":false},"data": ${jsonInline(p.images.map((img, i) => ({ thumb: img.replace('width=1946', 'width=88'), img: img.replace('width=1946', 'width=700'), full: img, caption: p.title, position: String(i + 1), isMain: i === 0, type: 'image', videoUrl: null })))},"options": {"nav":"thumbs","loop":true,"keyboard":true,"arrows":true,"allowfullscreen":true,"showCaption":false,"width":700,"thumbwidth":88,"thumbheight":110,"height":700,"transitionduration":500,"transition":"slide","navarrows":true,"navtype":"slides","navdir":"horizontal"}}}}</script>
</div>
<div class="product info detailed"><div class="product data items" data-mage-init='{"tabs":{"openedState":"active"}}'>
<div class="data item title" data-role="collapsible" id="tab-label-description"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#description" id="tab-label-description-title">${esc(ui.description)}</a></div>
<div class="data item content" aria-labelledby="tab-label-description-title" id="description" data-role="content"><div class="product attribute description"><div class="value" >${p.descriptionHtml}${policyText(s, o.fmt)}</div></div></div>
<div class="data item title" data-role="collapsible" id="tab-label-additional"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#additional" id="tab-label-additional-title">${s.lang === 'de' ? 'Zusatzinformation' : s.lang === 'es' ? 'Más información' : 'More Information'}</a></div>
<div class="data item content" aria-labelledby="tab-label-additional-title" id="additional" data-role="content"><div class="additional-attributes-wrapper table-wrapper"><table class="data table additional-attributes" id="product-attribute-specs-table"><caption class="table-caption">More Information</caption><tbody>${p.specs.map(([k, v]) => `<tr><th class="col label" scope="row">${esc(k)}</th><td class="col data" data-th="${esc(k)}">${esc(v)}</td></tr>`).join('')}</tbody></table></div></div>
<div class="data item title" data-role="collapsible" id="tab-label-reviews"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#reviews" id="tab-label-reviews-title">${esc(ui.reviews)}<span class="counter">${p.reviewCount}</span></a></div>
<div class="data item content" aria-labelledby="tab-label-reviews-title" id="reviews" data-role="content"><div id="product-review-container" data-role="product-review"><div class="block review-list" id="customer-reviews"><div class="block-content"><ol class="items review-items">${p.reviews
    .map(
      (rv) =>
        `<li class="item review-item" itemscope itemprop="review" itemtype="http://schema.org/Review"><div class="review-title" itemprop="name">${esc(rv.title)}</div><div class="review-ratings"><div class="rating-summary item" itemprop="reviewRating" itemscope itemtype="http://schema.org/Rating"><span class="label rating-label"><span>Rating</span></span><div class="rating-result" title="${rv.rating * 20}%"><meta itemprop="worstRating" content = "1"/><meta itemprop="bestRating" content = "100"/><span style="width:${rv.rating * 20}%"><span itemprop="ratingValue">${rv.rating * 20}%</span></span></div></div></div><div class="review-content" itemprop="description">${esc(rv.body)}</div><div class="review-details"><p class="review-author"><span class="review-details-label">Review by</span><strong class="review-details-value" itemprop="author">${esc(rv.author)}</strong></p><p class="review-date"><span class="review-details-label">Posted on</span><time class="review-details-value" itemprop="datePublished" datetime="${rv.date[1]}/${rv.date[2]}/${rv.date[0]}">${rv.date[1]}/${rv.date[2]}/${rv.date[0]}</time></p></div></li>`,
    )
    .join('')}</ol></div></div></div></div>
</div></div>
<div class="block related" data-mage-init='{"relatedProducts":{"relatedCheckbox":".related.checkbox"}}' data-limit="0" data-shuffle="0" data-shuffle-weighted="0"><div class="block-title title"><strong id="block-related-heading" role="heading" aria-level="2">${esc(ui.related)}</strong></div><div class="block-content content" aria-labelledby="block-related-heading"><div class="block-actions">${s.lang === 'de' ? 'Artikel für den Warenkorb auswählen oder' : 'Check items to add to the cart or'}&nbsp;<button type="button" class="action select" data-role="select-all"><span>${s.lang === 'de' ? 'alle auswählen' : 'select all'}</span></button></div><div class="products wrapper grid products-grid products-related"><ol class="products list items product-items">${o.related.map((c) => productItem(o, c, 'related')).join('\n')}</ol></div></div></div>
<div class="block upsell" data-mage-init='{"upsellProducts":{}}' data-limit="0" data-shuffle="0"><div class="block-title title"><strong id="block-upsell-heading" role="heading" aria-level="2">${esc(ui.youMayLike)}</strong></div><div class="block-content content" aria-labelledby="block-upsell-heading"><div class="products wrapper grid products-grid products-upsell"><ol class="products list items product-items">${o.upsell.map((c) => productItem(o, c, 'upsell')).join('\n')}</ol></div></div></div>
<input name="form_key" type="hidden" value="${r.int(1e10, 9e10).toString(36)}" />
</div></div></main>`;
  const foot = siteFooter(s, r, {
    cls: 'page-footer',
    extra: `<small class="copyright"><span>Copyright © 2013-present Magento, Inc. All rights reserved.</span></small>`,
  });
  const tail = `<script type="text/x-magento-init">{"*": {"Magento_Ui/js/core/app": {"components": {"storage-manager": {"component": "Magento_Catalog/js/storage-manager","appendTo": "","storagesConfiguration" : {"recently_viewed_product":{"requestConfig":{"syncUrl":"https:\\/\\/${s.domain}\\/catalog\\/product\\/frontend_action_synchronize\\/"},"lifetime":"1000","allowToSendRequest":null},"recently_compared_product":{"requestConfig":{"syncUrl":"https:\\/\\/${s.domain}\\/catalog\\/product\\/frontend_action_synchronize\\/"},"lifetime":"1000","allowToSendRequest":null},"product_data_storage":{"updateRequestConfig":{"url":"https:\\/\\/${s.domain}\\/rest\\/default\\/V1\\/products-render-info"},"requestConfig":{"syncUrl":"https:\\/\\/${s.domain}\\/catalog\\/product\\/frontend_action_synchronize\\/"},"allowToSendRequest":null}}}}}}}</script>
<script>${vendorJs(r, o.jsKb ?? 50, 'mage')}</script>
</div>    </body>
</html>`;
  return `${head}\n${chrome}\n${main}\n${foot}\n${tail}`;
}
