/**
 * PrestaShop 8 classic-theme product page (templates/catalog/_partials/product-prices.tpl):
 * .product-prices / .regular-price / .current-price-value[content], unit price, tax label,
 * the global `prestashop` JS object with currency.iso_code, currency selector, product
 * miniatures in accessories / same-category / viewed-products blocks, data-sheet <dl>.
 */
import { type Rng, UI, esc, jsonInline, icon, css, vendorJs, slug } from './lib.ts';
import { type Site, type Card, type Product, specsDl, reviewList, policyText } from './parts.ts';
import { siteHeader, siteFooter } from './chrome.ts';

export type PrestaOpts = {
  site: Site;
  url: string;
  fmt: (v: number) => string;
  taxLabel: string;
  currencyName: string;
  currencySign: string;
  /** other currencies offered in the header selector: [iso, sign] */
  otherCurrencies?: [string, string][];
  unitPrice?: string;
  /** replaces the current-price block with this text (a price-range module) */
  priceRangeText?: string;
  jsonLdAggregate?: { low: number; high: number };
  cssKb?: number;
  jsKb?: number;
};

function miniature(o: PrestaOpts, c: Card, i: number): string {
  const onSale = c.compare !== undefined && c.compare > c.price;
  const pid = 10 + (c.id % 900);
  const ui = UI[o.site.lang];
  return `<div class="js-product product col-xs-12 col-sm-6 col-lg-4 col-xl-3">
  <article class="product-miniature js-product-miniature" data-id-product="${pid}" data-id-product-attribute="${pid * 3 + (i % 3)}">
    <div class="thumbnail-container">
      <div class="thumbnail-top">
        <a href="https://${o.site.domain}/${o.site.lang}/${slug(c.name.split(' ')[0] ?? 'p')}/${pid}-${slug(c.name)}.html" class="thumbnail product-thumbnail">
          <img src="https://${o.site.domain}/${pid * 7}-home_default/${slug(c.name).slice(0, 40)}.jpg" alt="${esc(c.name)}" loading="lazy" data-full-size-image-url="https://${o.site.domain}/${pid * 7}-large_default/${slug(c.name).slice(0, 40)}.jpg" width="250" height="250" />
        </a>
        <div class="highlighted-informations no-variants">
          <a class="quick-view js-quick-view" href="#" data-link-action="quickview"><i class="material-icons search">&#xE8B6;</i> ${o.site.lang === 'de' ? 'Schnellansicht' : o.site.lang === 'pl' ? 'Szybki podgląd' : o.site.lang === 'cs' ? 'Rychlý náhled' : 'Quick view'}</a>
        </div>
      </div>
      <div class="product-description">
        <h2 class="h3 product-title"><a href="https://${o.site.domain}/${pid}-${slug(c.name)}.html" content="https://${o.site.domain}/${pid}-${slug(c.name)}.html">${esc(c.name)}</a></h2>
        <div class="product-price-and-shipping">
          ${onSale ? `<span class="regular-price" aria-label="${o.site.lang === 'de' ? 'Normalpreis' : 'Regular price'}">${esc(o.fmt(c.compare ?? 0))}</span>\n          <span class="discount-percentage discount-product">-${Math.round((1 - c.price / (c.compare ?? c.price)) * 100)}%</span>` : ''}
          <span class="price" aria-label="${o.site.lang === 'de' ? 'Preis' : 'Price'}">${esc(o.fmt(c.price))}</span>
        </div>
        <div class="product-list-reviews" data-id="${pid}" data-url="https://${o.site.domain}/module/productcomments/CommentGrade"><div class="grade-stars small-stars"></div><div class="comments-nb"></div></div>
      </div>
      <ul class="product-flags js-product-flags">${onSale ? `<li class="product-flag discount">-${Math.round((1 - c.price / (c.compare ?? c.price)) * 100)}%</li>` : ''}${c.soldOut ? `<li class="product-flag out_of_stock">${esc(ui.soldOut)}</li>` : ''}</ul>
    </div>
  </article>
</div>`;
}

export type PrestaProductInput = PrestaOpts & {
  product: Product;
  accessories: Card[];
  sameCategory: Card[];
  viewed?: Card[];
  quantityDiscounts?: { qty: number; pct: number }[];
};

export function prestaProduct(r: Rng, o: PrestaProductInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const pid = 10 + (p.id % 900);
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const lang = s.lang;
  const L = (de: string, pl: string, cs: string, en: string): string =>
    lang === 'de' ? de : lang === 'pl' ? pl : lang === 'cs' ? cs : en;
  const prestashop = {
    cart: {
      products: [],
      totals: {
        total: { type: 'total', label: L('Gesamt', 'Razem', 'Celkem', 'Total'), amount: 0, value: o.fmt(0) },
        total_including_tax: { type: 'total', label: 'Total', amount: 0, value: o.fmt(0) },
      },
      subtotals: {
        products: {
          type: 'products',
          label: L('Zwischensumme', 'Produkty', 'Mezisoučet', 'Subtotal'),
          amount: 0,
          value: o.fmt(0),
        },
        shipping: {
          type: 'shipping',
          label: L('Versand', 'Wysyłka', 'Doprava', 'Shipping'),
          amount: 0,
          value: '',
        },
      },
      products_count: 0,
      summary_string: '0 items',
      minimalPurchase: 0,
      minimalPurchaseRequired: '',
    },
    currencies: [
      { id: 1, name: o.currencyName, iso_code: s.cur.code, iso_code_num: '000', sign: o.currencySign },
      ...(o.otherCurrencies ?? []).map(([iso, sign], i) => ({ id: i + 2, name: iso, iso_code: iso, sign })),
    ],
    currency: {
      id: 1,
      name: o.currencyName,
      iso_code: s.cur.code,
      iso_code_num: s.cur.code === 'EUR' ? '978' : s.cur.code === 'PLN' ? '985' : '203',
      sign: o.currencySign,
    },
    customer: {
      lastname: null,
      firstname: null,
      email: null,
      birthday: null,
      newsletter: null,
      is_logged: false,
      gender: { type: null, name: null },
      addresses: [],
    },
    language: {
      name: L('Deutsch (German)', 'Polski (Polish)', 'Čeština (Czech)', 'English (English)'),
      iso_code: lang,
      locale: s.htmlLang,
      language_code: s.htmlLang.toLowerCase(),
      is_rtl: '0',
      date_format_lite: L('d.m.Y', 'Y-m-d', 'd.m.Y', 'd/m/Y'),
      date_format_full: L('d.m.Y H:i:s', 'Y-m-d H:i:s', 'd.m.Y H:i:s', 'd/m/Y H:i:s'),
      id: 1,
    },
    page: {
      title: '',
      canonical: o.url,
      meta: { title: p.title, description: '', keywords: '', robots: 'index' },
      page_name: 'product',
      body_classes: { [`product-id-${pid}`]: true, 'product-available-for-order': true },
      admin_notifications: [],
    },
    shop: {
      name: s.name,
      logo: `https://${s.domain}/img/logo.jpg`,
      stores_icon: `https://${s.domain}/img/logo_stores.png`,
      favicon: `https://${s.domain}/img/favicon.ico`,
    },
    urls: {
      base_url: `https://${s.domain}/`,
      current_url: o.url,
      shop_domain_url: `https://${s.domain}`,
      img_ps_url: `https://${s.domain}/img/`,
      pages: {
        address: `https://${s.domain}/adresse`,
        cart: `https://${s.domain}/warenkorb`,
        order: `https://${s.domain}/bestellung`,
      },
      theme_assets: '/themes/classic/assets/',
    },
    configuration: {
      display_taxes_label: true,
      display_prices_tax_incl: true,
      is_catalog: false,
      show_prices: true,
      opt_in: { partner: false },
      quantity_discount: { type: 'discount', label: L('Rabatt', 'Rabat', 'Sleva', 'Unit discount') },
      voucher_enabled: 1,
      return_enabled: 0,
    },
    field_required: [],
    breadcrumb: {
      links: [
        { title: ui.home, url: `https://${s.domain}/` },
        ...p.breadcrumbs.map((b) => ({ title: b, url: `https://${s.domain}/${slug(b)}` })),
        { title: p.title, url: o.url },
      ],
      count: p.breadcrumbs.length + 2,
    },
    link: { protocol_link: 'https://', protocol_content: 'https://' },
    time: 1714000000,
    static_token: r.int(1e12, 9e12).toString(16),
    token: r.int(1e12, 9e12).toString(16),
    debug: false,
  };
  const priceBlock = o.priceRangeText
    ? `<div class="product-prices js-product-prices">
      <div class="product-price h5 ">
        <div class="current-price">
          <span class="current-price-value price-range">${esc(o.priceRangeText)}</span>
        </div>
      </div>
      <div class="tax-shipping-delivery-label">${esc(o.taxLabel)}</div>
  </div>`
    : `<div class="product-prices js-product-prices">
      ${
        onSale
          ? `<div class="product-discount">
          <span class="regular-price">${esc(o.fmt(v0.compare ?? 0))}</span>
        </div>`
          : ''
      }
      <div class="product-price h5 ${onSale ? 'has-discount' : ''}">
        <div class="current-price">
          <span class='current-price-value' content="${v0.price}">
                                          ${esc(o.fmt(v0.price))}
                                    </span>
          ${onSale ? `<span class="discount discount-percentage">${L('Sie sparen', 'Oszczędzasz', 'Ušetříte', 'Save')} ${Math.round((1 - v0.price / (v0.compare ?? 1)) * 100)}%</span>` : ''}
        </div>
        ${o.unitPrice ? `<p class="product-unit-price sub">${esc(o.unitPrice)}</p>` : ''}
      </div>
      <div class="tax-shipping-delivery-label">
        ${esc(o.taxLabel)}
        <span class="delivery-information">${L('Lieferzeit 1–3 Werktage', 'Wysyłka w 24 h', 'Expedujeme do 24 hodin', 'Ships in 1–2 business days')}</span>
      </div>
  </div>`;
  const combos =
    p.variants.length > 1
      ? `<div class="product-variants js-product-variants">
    <div class="clearfix product-variants-item">
      <span class="control-label">${esc(p.optionName ?? ui.size)}: </span>
      <select class="form-control form-control-select" id="group_1" aria-label="${esc(p.optionName ?? ui.size)}" data-product-attribute="1" name="group[1]">
${p.variants.map((v, i) => `        <option value="${i + 1}" title="${esc(v.title)}"${i === 0 ? ' selected="selected"' : ''}>${esc(v.title)}${i > 0 ? ` (+ ${esc(o.fmt(v.price - v0.price))})` : ''}</option>`).join('\n')}
      </select>
    </div>
  </div>`
      : '';
  const qd = o.quantityDiscounts?.length
    ? `<section class="product-discounts js-product-discounts"><p class="h6 product-discounts-title">${L('Mengenrabatt', 'Rabaty ilościowe', 'Množstevní slevy', 'Volume discounts')}</p><table class="table-product-discounts"><thead><tr><th>${L('Menge', 'Ilość', 'Množství', 'Quantity')}</th><th>${L('Rabatt', 'Rabat', 'Sleva', 'Discount')}</th><th>${L('Sie sparen', 'Oszczędzasz', 'Ušetříte', 'You Save')}</th></tr></thead><tbody>${o.quantityDiscounts
        .map(
          (d) =>
            `<tr data-discount-type="percentage" data-discount="${d.pct}" data-discount-quantity="${d.qty}"><td>${d.qty}</td><td>${d.pct}%</td><td>${L('Bis zu', 'Do', 'Až', 'Up to')} ${esc(o.fmt(Math.round(v0.price * d.qty * d.pct) / 100))}</td></tr>`,
        )
        .join('')}</tbody></table></section>`
    : '';
  const ld = o.jsonLdAggregate
    ? {
        '@type': 'AggregateOffer',
        priceCurrency: s.cur.code,
        lowPrice: o.jsonLdAggregate.low.toFixed(2),
        highPrice: o.jsonLdAggregate.high.toFixed(2),
        offerCount: p.variants.length,
        availability: 'https://schema.org/InStock',
      }
    : {
        '@type': 'Offer',
        priceCurrency: s.cur.code,
        name: p.title,
        price: v0.price.toFixed(2),
        url: o.url,
        priceValidUntil: `${s.year + 1}-01-01`,
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: s.name },
      };
  const head = `<!doctype html>
<html lang="${s.htmlLang}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="x-ua-compatible" content="ie=edge">
    <link rel="canonical" href="${o.url}">
    <title>${esc(p.title)}</title>
    <meta name="description" content="${esc(
      p.descriptionHtml
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 150),
    )}">
    <meta name="keywords" content="">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" type="image/vnd.microsoft.icon" href="https://${s.domain}/img/favicon.ico?1699999999">
    <link rel="stylesheet" href="https://${s.domain}/themes/classic/assets/cache/theme-${r.int(1e5, 9e5).toString(16)}.css" type="text/css" media="all">
    <style>${css(r, o.cssKb ?? 30, '')}</style>
    <script type="text/javascript">
        var prestashop = ${jsonInline(prestashop)};
        var psemailsubscription_subscription = "https:\\/\\/${s.domain}\\/module\\/ps_emailsubscription\\/subscription";
        var psr_icon_color = "#F19D76";
    </script>
    <meta property="og:type" content="product">
    <meta property="og:url" content="${o.url}">
    <meta property="og:title" content="${esc(p.title)}">
    <meta property="og:site_name" content="${esc(s.name)}">
    <meta property="og:description" content="">
    <meta property="og:image" content="https://${s.domain}/${pid * 7}-large_default/${p.handle.slice(0, 40)}.jpg">
    ${
      o.priceRangeText
        ? ''
        : `<meta property="product:pretax_price:amount" content="${(v0.price / 1.21).toFixed(2)}">
    <meta property="product:pretax_price:currency" content="${s.cur.code}">
    <meta property="product:price:amount" content="${v0.price}">
    <meta property="product:price:currency" content="${s.cur.code}">`
    }
    <script type="application/ld+json">
  ${jsonInline(
    {
      '@context': 'https://schema.org/',
      '@type': 'Product',
      name: p.title,
      description: p.descriptionHtml
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200),
      category: p.breadcrumbs[p.breadcrumbs.length - 1],
      image: `https://${s.domain}/${pid * 7}-large_default/${p.handle.slice(0, 40)}.jpg`,
      sku: v0.sku,
      mpn: v0.sku,
      brand: { '@type': 'Brand', name: p.brand },
      offers: ld,
    },
    2,
  )}
    </script>
  </head>
  <body id="product" class="lang-${lang} country-${s.country.toLowerCase()} currency-${s.cur.code.toLowerCase()} layout-full-width page-product tax-display-enabled product-id-${pid} product-${p.handle} category-id-3 category-${slug(p.breadcrumbs[0] ?? '')} category-id-parent-2 category-depth-level-2 product-available-for-order">
    <main>`;
  const currencySel = `<div id="_desktop_currency_selector"><div class="currency-selector dropdown js-dropdown"><span id="currency-selector-label">${L('Währung:', 'Waluta:', 'Měna:', 'Currency:')}</span><button data-toggle="dropdown" class="hidden-sm-down btn-unstyle" aria-haspopup="true" aria-expanded="false" aria-label="${L('Dropdown Währung', 'Rozwijana lista walut', 'Rozbalovací seznam měn', 'Currency dropdown')}"><span class="expand-more _gray-darker">${s.cur.code} ${esc(o.currencySign)}</span><i class="material-icons expand-more">&#xE5C5;</i></button><ul class="dropdown-menu hidden-sm-down" aria-labelledby="currency-selector-label"><li class="current"><a title="${esc(o.currencyName)}" rel="nofollow" href="${o.url}?SubmitCurrency=1&amp;id_currency=1" class="dropdown-item">${s.cur.code} ${esc(o.currencySign)}</a></li>${(
    o.otherCurrencies ?? []
  )
    .map(
      ([iso, sign], i) =>
        `<li><a title="${iso}" rel="nofollow" href="${o.url}?SubmitCurrency=1&amp;id_currency=${i + 2}" class="dropdown-item">${iso} ${esc(sign)}</a></li>`,
    )
    .join('')}</ul></div></div>`;
  const chrome = siteHeader(s, r, {
    cls: 'ps',
    cartTotal: `<span class="cart-products-count">(0)</span>`,
    headerExtra: currencySel,
    menuBase: `/${lang}/`,
  });
  const main = `<section id="wrapper"><div class="container">
<nav data-depth="${p.breadcrumbs.length + 2}" class="breadcrumb hidden-sm-down"><ol><li><a href="https://${s.domain}/"><span>${esc(ui.home)}</span></a></li>${p.breadcrumbs.map((b) => `<li><a href="https://${s.domain}/${slug(b)}"><span>${esc(b)}</span></a></li>`).join('')}<li><span>${esc(p.title)}</span></li></ol></nav>
<div id="content-wrapper" class="js-content-wrapper"><section id="main">
<meta content="${o.url}">
<div class="row product-container js-product-container">
  <div class="col-md-6"><section class="page-content" id="content"><ul class="product-flags js-product-flags">${onSale ? `<li class="product-flag discount">-${Math.round((1 - v0.price / (v0.compare ?? 1)) * 100)}%</li>` : ''}</ul>
    <div class="images-container js-images-container"><div class="product-cover"><img class="js-qv-product-cover img-fluid" src="https://${s.domain}/${pid * 7}-large_default/${p.handle.slice(0, 40)}.jpg" alt="${esc(p.title)}" loading="lazy" width="800" height="800"></div>
    <div class="js-qv-mask mask"><ul class="product-images js-qv-product-images">${p.images.map((img, i) => `<li class="thumb-container js-thumb-container"><img class="thumb js-thumb${i === 0 ? ' selected js-thumb-selected' : ''}" data-image-medium-src="${img}" data-image-large-src="${img}" src="${img.replace('width=1946', 'width=98')}" alt="${esc(p.title)}" loading="lazy" width="98" height="98"></li>`).join('')}</ul></div></div>
  </section></div>
  <div class="col-md-6">
    <h1 class="h1">${esc(p.title)}</h1>
    <div class="product-comments-additional-info"><div class="grade-stars" data-grade="${p.rating}"></div><a class="link-comment" href="#product-comments-list-header"><i class="material-icons chat" data-icon="chat"></i>${esc(ui.reviewsCount(p.reviewCount))}</a></div>
    ${priceBlock}
    <div class="product-information">
      <div id="product-description-short-${pid}" class="product-description"><p>${esc(
        p.descriptionHtml
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 160),
      )}</p></div>
      <div class="product-actions js-product-actions">
        <form action="https://${s.domain}/${L('warenkorb', 'koszyk', 'kosik', 'cart')}" method="post" id="add-to-cart-or-refresh">
          <input type="hidden" name="token" value="${prestashop.static_token}">
          <input type="hidden" name="id_product" value="${pid}" id="product_page_product_id">
          <input type="hidden" name="id_customization" value="0" id="product_customization_id" class="js-product-customization-id">
          ${combos}
          ${qd}
          <div class="product-add-to-cart js-product-add-to-cart">
            <span class="control-label">${esc(ui.quantity)}</span>
            <div class="product-quantity clearfix">
              <div class="qty"><input type="number" name="qty" id="quantity_wanted" inputmode="numeric" pattern="[0-9]*" value="1" min="1" class="input-group" aria-label="${esc(ui.quantity)}"></div>
              <div class="add"><button class="btn btn-primary add-to-cart" data-button-action="add-to-cart" type="submit"><i class="material-icons shopping-cart">&#xE547;</i>${esc(ui.addToCart)}</button></div>
              <div class="wishlist-button" data-url="https://${s.domain}/module/blockwishlist/action?action=deleteProductFromWishlist" data-product-id="${pid}" data-product-attribute-id="0" data-is-logged="" data-list-id="1" data-checked="true" data-is-product="true"></div>
            </div>
            <span id="product-availability" class="js-product-availability"><i class="material-icons rtl-no-flip product-available">&#xE5CA;</i>${esc(ui.inStock)}</span>
            <p class="product-minimal-quantity js-product-minimal-quantity"></p>
          </div>
          <div class="product-additional-info js-product-additional-info"><div class="social-sharing"><span>${esc(ui.share)}</span><ul><li class="facebook icon-gray"><a href="https://www.facebook.com/sharer.php?u=${encodeURIComponent(o.url)}" class="text-hide" title="Teilen" target="_blank" rel="noopener noreferrer">Teilen</a></li></ul></div></div>
          <input class="product-refresh ps-hidden-by-js" name="refresh" type="submit" value="Refresh">
        </form>
      </div>
      <div class="blockreassurance_product">${['shield', 'truck', 'return'].map((ic, i) => `<div>${icon(ic, 'svg', 24)}<p class="block-title" style="color:#000000;">${esc([L('Sichere Zahlung', 'Bezpieczne płatności', 'Bezpečná platba', 'Secure payment'), L('Schneller Versand', 'Szybka wysyłka', 'Rychlé doručení', 'Fast delivery'), L('30 Tage Rückgaberecht', '30 dni na zwrot', '30 dní na vrácení', '30-day returns')][i] ?? '')}</p></div>`).join('')}</div>
      <div class="tabs">
        <ul class="nav nav-tabs" role="tablist"><li class="nav-item"><a class="nav-link active js-product-nav-active" data-toggle="tab" href="#description" role="tab" aria-controls="description" aria-selected="true">${esc(ui.description)}</a></li><li class="nav-item"><a class="nav-link" data-toggle="tab" href="#product-details" role="tab" aria-controls="product-details">${L('Artikeldetails', 'Szczegóły produktu', 'Podrobnosti', 'Product Details')}</a></li></ul>
        <div class="tab-content" id="tab-content">
          <div class="tab-pane fade in active js-product-tab-active" id="description" role="tabpanel"><div class="product-description">${p.descriptionHtml}${policyText(s, o.fmt)}</div></div>
          <div class="js-product-details tab-pane fade" id="product-details" data-product="${esc(JSON.stringify({ id_product: String(pid), price_amount: v0.price, price: o.fmt(v0.price), regular_price_amount: v0.compare ?? v0.price, regular_price: o.fmt(v0.compare ?? v0.price), reference: v0.sku, quantity: 42 }))}" role="tabpanel">
            <div class="product-manufacturer"><label class="label">${L('Marke', 'Marka', 'Značka', 'Brand')}</label><span><a href="https://${s.domain}/brand/${slug(p.brand)}">${esc(p.brand)}</a></span></div>
            <div class="product-reference"><label class="label">${L('Artikel-Nr.', 'Indeks', 'Kód produktu', 'Reference')} </label><span>${esc(v0.sku)}</span></div>
            <div class="product-quantities"><label class="label">${L('Auf Lager', 'W magazynie', 'Skladem', 'In stock')}</label><span data-stock="42" data-allow-oos="0">42 ${L('Artikel', 'Produkty', 'Položky', 'Items')}</span></div>
            <section class="product-features"><p class="h6">${L('Datenblatt', 'Arkusz danych', 'Technický list', 'Data sheet')}</p>${specsDl(p.specs)}</section>
          </div>
        </div>
      </div>
    </div>
  </div>
</div>
<section class="product-accessories clearfix"><p class="h5 text-uppercase">${esc(ui.youMayLike)}</p><div class="products row">${o.accessories.map((c, i) => miniature(o, c, i)).join('\n')}</div></section>
<div id="product-comments-list-header">${reviewList(s, p, 'product-comment')}</div>
<section class="featured-products clearfix mt-3"><h2>${L(`${o.sameCategory.length} andere Artikel in der gleichen Kategorie:`, `${o.sameCategory.length} innych produktów w tej samej kategorii:`, `${o.sameCategory.length} dalších produktů ve stejné kategorii:`, `${o.sameCategory.length} other products in the same category:`)}</h2><div class="products row">${o.sameCategory.map((c, i) => miniature(o, c, i)).join('\n')}</div></section>
${o.viewed?.length ? `<section class="featured-products clearfix mt-3"><h2>${L('Zuletzt angesehen', 'Ostatnio oglądane produkty', 'Naposledy prohlížené', 'Viewed products')}</h2><div class="products row">${o.viewed.map((c, i) => miniature(o, c, i)).join('\n')}</div></section>` : ''}
</section></div></div></section>`;
  const foot = siteFooter(s, r, {
    cls: 'ps',
    poweredBy: `<a href="https://www.prestashop.com" target="_blank" rel="noopener noreferrer nofollow">${L('E-Commerce Software von PrestaShop', 'Oprogramowanie e-commerce od PrestaShop', 'E-commerce software od PrestaShop', 'Ecommerce software by PrestaShop')}</a>`,
  });
  const tail = `</main>
    <script type="text/javascript" src="https://${s.domain}/themes/core.js" ></script>
    <script>${vendorJs(r, o.jsKb ?? 50, 'prestashop')}</script>
  </body>
</html>`;
  return `${head}\n${chrome}\n${main}\n${foot}\n${tail}`;
}
