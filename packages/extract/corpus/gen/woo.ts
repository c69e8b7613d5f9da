/**
 * WordPress + WooCommerce pages (Storefront / Astra-like markup): get_price_html() with
 * <del>/<ins>, screen-reader "El precio original era", the woocommerce-Price-amount spans with
 * currencySymbol and &nbsp; for "left_space", Yoast schema graph, WooCommerce's own Product
 * JSON-LD in the footer, tabs, reviews as WordPress comments, related products, widgets.
 */
import { type Rng, UI, esc, jsonInline, icon, css, vendorJs, slug, num, fmtDate, repeat } from './lib.ts';
import {
  type Site,
  type Card,
  type Product,
  megaMenu,
  footerColumns,
  newsletterBlock,
  socialList,
  paymentList,
  policyText,
  faqBlock,
  gtm,
  metaPixel,
  whatsappFloat,
  cookieBanner,
} from './parts.ts';

export type WooFormat = {
  /** HTML of the symbol as WooCommerce prints it, e.g. '&#36;', 'S/', 'Q', 'L', 'CHF' */
  symbol: string;
  pos: 'left' | 'left_space' | 'right' | 'right_space';
  thou: string;
  dec: string;
  decimals: number;
};

export type WooOpts = {
  site: Site;
  url: string;
  fmt: WooFormat;
  theme: 'storefront' | 'astra' | 'flatsome';
  /** Product JSON-LD: current (sale) price, regular price, or none */
  jsonLd: 'sale' | 'regular' | 'none';
  yoastProductMeta?: boolean;
  cssKb?: number;
  jsKb?: number;
  /** extra lines under the price (instalments, tax notes), HTML */
  priceNotes?: string[];
  gaEcommerce?: boolean;
};

/** The HTML WooCommerce's wc_price() prints. */
export function wcPrice(o: WooOpts, v: number): string {
  const f = o.fmt;
  const n = num(v, { thou: f.thou, dec: f.dec, decimals: f.decimals });
  const sym = `<span class="woocommerce-Price-currencySymbol">${f.symbol}</span>`;
  const inner =
    f.pos === 'left'
      ? sym + n
      : f.pos === 'left_space'
        ? `${sym}&nbsp;${n}`
        : f.pos === 'right'
          ? n + sym
          : `${n}&nbsp;${sym}`;
  return `<span class="woocommerce-Price-amount amount"><bdi>${inner}</bdi></span>`;
}

/** Plain text of wc_price (entities decoded), for screen-reader text and meta tags. */
export function wcText(o: WooOpts, v: number): string {
  const f = o.fmt;
  const n = num(v, { thou: f.thou, dec: f.dec, decimals: f.decimals });
  const sym = f.symbol.replace('&#36;', '&#036;');
  return f.pos === 'left'
    ? sym + n
    : f.pos === 'left_space'
      ? `${sym}&nbsp;${n}`
      : f.pos === 'right'
        ? n + sym
        : `${n}&nbsp;${sym}`;
}

export function wcPriceHtml(o: WooOpts, price: number, compare?: number): string {
  const es = o.site.lang === 'es';
  if (compare !== undefined && compare > price) {
    return `<del aria-hidden="true">${wcPrice(o, compare)}</del> <span class="screen-reader-text">${es ? 'El precio original era:' : 'Original price was:'} ${wcText(o, compare)}.</span><ins aria-hidden="true">${wcPrice(o, price)}</ins><span class="screen-reader-text">${es ? 'El precio actual es:' : 'Current price is:'} ${wcText(o, price)}.</span>`;
  }
  return wcPrice(o, price);
}

function loopItem(o: WooOpts, c: Card, i: number, cols = 4): string {
  const ui = UI[o.site.lang];
  const onSale = c.compare !== undefined && c.compare > c.price;
  const pid = 1000 + (c.id % 9000);
  return `<li class="product type-product post-${pid} status-publish${i % cols === 0 ? ' first' : i % cols === cols - 1 ? ' last' : ''} ${c.soldOut ? 'outofstock' : 'instock'} product_cat-${slug(c.name.split(' ')[0] ?? 'x')} has-post-thumbnail${onSale ? ' sale' : ''} shipping-taxable purchasable product-type-simple">
	<a href="https://${o.site.domain}/producto/${slug(c.name)}/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><img width="324" height="324" src="https://${o.site.domain}/wp-content/uploads/2024/0${1 + (i % 9)}/${slug(c.name).slice(0, 40)}-324x324.jpg" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="${esc(c.name)}" decoding="async" loading="lazy" srcset="https://${o.site.domain}/wp-content/uploads/2024/0${1 + (i % 9)}/${slug(c.name).slice(0, 40)}-324x324.jpg 324w, https://${o.site.domain}/wp-content/uploads/2024/0${1 + (i % 9)}/${slug(c.name).slice(0, 40)}-150x150.jpg 150w, https://${o.site.domain}/wp-content/uploads/2024/0${1 + (i % 9)}/${slug(c.name).slice(0, 40)}-100x100.jpg 100w" sizes="(max-width: 324px) 100vw, 324px" /><h2 class="woocommerce-loop-product__title">${esc(c.name)}</h2>${c.rating !== undefined ? `<div class="star-rating" role="img" aria-label="${o.site.lang === 'es' ? 'Valorado en' : 'Rated'} ${c.rating.toFixed(2)} ${o.site.lang === 'es' ? 'de' : 'out of'} 5"><span style="width:${(c.rating / 5) * 100}%">${o.site.lang === 'es' ? 'Valorado en' : 'Rated'} <strong class="rating">${c.rating.toFixed(2)}</strong> ${o.site.lang === 'es' ? 'de' : 'out of'} 5</span></div>` : ''}
	${onSale ? `<span class="onsale">${o.site.lang === 'es' ? '¡Oferta!' : 'Sale!'}</span>` : ''}
	<span class="price">${wcPriceHtml(o, c.price, c.compare)}</span>
</a><a href="?add-to-cart=${pid}" aria-describedby="woocommerce_loop_add_to_cart_link_describedby_${pid}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="${pid}" data-product_sku="${esc(c.sku ?? '')}" aria-label="${esc(ui.addToCart)}: &ldquo;${esc(c.name)}&rdquo;" rel="nofollow" data-success_message="&ldquo;${esc(c.name)}&rdquo; ${o.site.lang === 'es' ? 'se ha añadido a tu carrito' : 'has been added to your cart'}">${esc(c.soldOut ? (o.site.lang === 'es' ? 'Leer más' : 'Read more') : ui.addToCart)}</a>	<span id="woocommerce_loop_add_to_cart_link_describedby_${pid}" class="screen-reader-text">
			</span>
</li>`;
}

function widgetList(o: WooOpts, title: string, cards: Card[], cls: string): string {
  return `<div id="${cls}-2" class="widget woocommerce ${cls}"><span class="gamma widget-title">${esc(title)}</span><ul class="product_list_widget">${cards
    .map(
      (c) => `<li>
	<a href="https://${o.site.domain}/producto/${slug(c.name)}/">
		<img width="324" height="324" src="https://${o.site.domain}/wp-content/uploads/2024/03/${slug(c.name).slice(0, 40)}-324x324.jpg" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" decoding="async" loading="lazy" />		<span class="product-title">${esc(c.name)}</span>
	</a>
	${c.rating !== undefined ? `<div class="star-rating" role="img" aria-label="Valorado en ${c.rating.toFixed(2)} de 5"><span style="width:${(c.rating / 5) * 100}%">Valorado en <strong class="rating">${c.rating.toFixed(2)}</strong> de 5</span></div>` : ''}
	${wcPriceHtml(o, c.price, c.compare)}
	</li>`,
    )
    .join('\n')}</ul></div>`;
}

function head(o: WooOpts, r: Rng, title: string, extra: string, bodyClass: string): string {
  const s = o.site;
  const g = gtm(`GTM-${r.int(1000, 9999)}${slug(s.name).slice(0, 2).toUpperCase()}`);
  const wpv = '6.5.3';
  return `<!doctype html>
<html ${s.htmlLang ? `lang="${s.htmlLang}"` : ''}>
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="https://gmpg.org/xfn/11">
<link rel="pingback" href="https://${s.domain}/xmlrpc.php">

				<script>document.documentElement.className = document.documentElement.className + ' yes-js js_active js'</script>
			<meta name='robots' content='index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1' />

	<!-- This site is optimized with the Yoast SEO plugin v22.6 - https://yoast.com/wordpress/plugins/seo/ -->
	<title>${esc(title)} &#8211; ${esc(s.name)}</title>
	<link rel="canonical" href="${o.url}" />
${extra}
	<!-- / Yoast SEO plugin. -->


<link rel='dns-prefetch' href='//fonts.googleapis.com' />
<link rel="alternate" type="application/rss+xml" title="${esc(s.name)} &raquo; Feed" href="https://${s.domain}/feed/" />
<link rel="alternate" type="application/rss+xml" title="${esc(s.name)} &raquo; Feed de los comentarios" href="https://${s.domain}/comments/feed/" />
<script>
window._wpemojiSettings = {"baseUrl":"https:\\/\\/s.w.org\\/images\\/core\\/emoji\\/15.0.3\\/72x72\\/","ext":".png","svgUrl":"https:\\/\\/s.w.org\\/images\\/core\\/emoji\\/15.0.3\\/svg\\/","svgExt":".svg","source":{"concatemoji":"https:\\/\\/${s.domain}\\/wp-includes\\/js\\/wp-emoji-release.min.js?ver=${wpv}"}};
/*! This file is auto-generated */
!function(i,n){var o,s,e;function c(e){try{var t={supportTests:e,timestamp:(new Date).valueOf()};sessionStorage.setItem(o,JSON.stringify(t))}catch(e){}}function p(e,t,n){e.clearRect(0,0,e.canvas.width,e.canvas.height),e.fillText(t,0,0);var t=new Uint32Array(e.getImageData(0,0,e.canvas.width,e.canvas.height).data),r=(e.clearRect(0,0,e.canvas.width,e.canvas.height),e.fillText(n,0,0),new Uint32Array(e.getImageData(0,0,e.canvas.width,e.canvas.height).data));return t.every(function(e,t){return e===r[t]})}function u(e,t,n){switch(t){case"flag":return n(e,"\\ud83c\\udff3\\ufe0f\\u200d\\u26a7\\ufe0f","\\ud83c\\udff3\\ufe0f\\u200b\\u26a7\\ufe0f")?!1:!n(e,"\\ud83c\\uddfa\\ud83c\\uddf3","\\ud83c\\uddfa\\u200b\\ud83c\\uddf3")&&!n(e,"\\ud83c\\udff4\\udb40\\udc67\\udb40\\udc62\\udb40\\udc65\\udb40\\udc6e\\udb40\\udc67\\udb40\\udc7f","\\ud83c\\udff4\\u200b\\udb40\\udc67\\u200b\\udb40\\udc62\\u200b\\udb40\\udc65\\u200b\\udb40\\udc6e\\u200b\\udb40\\udc67\\u200b\\udb40\\udc7f");case"emoji":return!n(e,"\\ud83d\\udc26\\u200d\\u2b1b","\\ud83d\\udc26\\u200b\\u2b1b")}return!1}}(window,document);
</script>
<style id='wp-emoji-styles-inline-css'>

	img.wp-smiley, img.emoji {
		display: inline !important;
		border: none !important;
		box-shadow: none !important;
		height: 1em !important;
		width: 1em !important;
		margin: 0 0.07em !important;
		vertical-align: -0.1em !important;
		background: none !important;
		padding: 0 !important;
	}
</style>
<link rel='stylesheet' id='wp-block-library-css' href='https://${s.domain}/wp-includes/css/dist/block-library/style.min.css?ver=${wpv}' media='all' />
<link rel='stylesheet' id='wc-blocks-style-css' href='https://${s.domain}/wp-content/plugins/woocommerce/assets/client/blocks/wc-blocks.css?ver=wc-8.8.3' media='all' />
<style id='global-styles-inline-css'>
body{--wp--preset--color--black: #000000;--wp--preset--color--cyan-bluish-gray: #abb8c3;--wp--preset--color--white: #ffffff;--wp--preset--color--pale-pink: #f78da7;--wp--preset--color--vivid-red: #cf2e2e;--wp--preset--color--luminous-vivid-orange: #ff6900;--wp--preset--font-size--small: 14px;--wp--preset--font-size--medium: 23px;--wp--preset--font-size--large: 26px;--wp--preset--font-size--x-large: 42px;--wp--preset--spacing--20: 0.44rem;--wp--preset--spacing--30: 0.67rem;--wp--preset--spacing--40: 1rem;--wp--preset--shadow--natural: 6px 6px 9px rgba(0, 0, 0, 0.2);}
${css(r, o.cssKb ?? 35, o.theme === 'astra' ? 'ast-' : '')}
</style>
<link rel='stylesheet' id='woocommerce-layout-css' href='https://${s.domain}/wp-content/plugins/woocommerce/assets/css/woocommerce-layout.css?ver=8.8.3' media='all' />
<link rel='stylesheet' id='woocommerce-general-css' href='https://${s.domain}/wp-content/themes/${o.theme}/assets/css/woocommerce/woocommerce.css?ver=4.5.5' media='all' />
<style id='woocommerce-inline-inline-css'>
.woocommerce form .form-row .required { visibility: visible; }
</style>
<script src="https://${s.domain}/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<script src="https://${s.domain}/wp-includes/js/jquery/jquery-migrate.min.js?ver=3.4.1" id="jquery-migrate-js"></script>
<script id="wc-add-to-cart-js-extra">
var wc_add_to_cart_params = {"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","i18n_view_cart":"${s.lang === 'es' ? 'Ver carrito' : 'View cart'}","cart_url":"https:\\/\\/${s.domain}\\/carrito\\/","is_cart":"","cart_redirect_after_add":"no"};
</script>
<script src="https://${s.domain}/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart.min.js?ver=8.8.3" id="wc-add-to-cart-js" defer data-wp-strategy="defer"></script>
<script id="wc-single-product-js-extra">
var wc_single_product_params = {"i18n_required_rating_text":"Por favor elige una puntuaci\\u00f3n","review_rating_required":"yes","flexslider":{"rtl":false,"animation":"slide","smoothHeight":true,"directionNav":false,"controlNav":"thumbnails","slideshow":false,"animationSpeed":500,"animationLoop":false,"allowOneSlide":false},"zoom_enabled":"1","zoom_options":[],"photoswipe_enabled":"1","photoswipe_options":{"shareEl":false,"closeOnScroll":false,"history":false,"hideAnimationDuration":0,"showAnimationDuration":0},"flexslider_enabled":"1"};
</script>
<script id="woocommerce-js-extra">
var woocommerce_params = {"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%"};
</script>
<link rel="https://api.w.org/" href="https://${s.domain}/wp-json/" /><link rel="alternate" type="application/json" href="https://${s.domain}/wp-json/wp/v2/product/${r.int(1000, 9999)}" /><link rel="EditURI" type="application/rsd+xml" title="RSD" href="https://${s.domain}/xmlrpc.php?rsd" />
<meta name="generator" content="WordPress ${wpv}" />
<meta name="generator" content="WooCommerce 8.8.3" />
<link rel='shortlink' href='https://${s.domain}/?p=${r.int(1000, 9999)}' />
	<noscript><style>.woocommerce-product-gallery{ opacity: 1 !important; }</style></noscript>
	${g.head}
${metaPixel(String(r.int(100000000000000, 999999999999999)))}
<link rel="icon" href="https://${s.domain}/wp-content/uploads/2023/02/cropped-favicon-32x32.png" sizes="32x32" />
</head>

<body class="${bodyClass} wp-custom-logo wp-embed-responsive theme-${o.theme} woocommerce woocommerce-page woocommerce-no-js ${o.theme}-align-wide right-sidebar woocommerce-active">

${g.body}
<div id="page" class="hfeed site">
	`;
}

function header(o: WooOpts, r: Rng, cartTotal = 0): string {
  const s = o.site;
  const ui = UI[s.lang];
  return `${s.announcement ? `<div class="top-bar" style="background:#111;color:#fff;text-align:center;font-size:13px;padding:6px 0"><div class="col-full">${icon('truck', 'icon', 14)} ${esc(s.announcement)}</div></div>` : ''}
		<header id="masthead" class="site-header" role="banner" style="">

		<div class="col-full">		<a class="skip-link screen-reader-text" href="#site-navigation">${s.lang === 'es' ? 'Ir a la navegación' : 'Skip to navigation'}</a>
		<a class="skip-link screen-reader-text" href="#content">${s.lang === 'es' ? 'Ir al contenido' : 'Skip to content'}</a>
				<div class="site-branding">
			<a href="https://${s.domain}/" class="custom-logo-link" rel="home"><img width="470" height="110" src="https://${s.domain}/wp-content/uploads/2023/02/logo.png" class="custom-logo" alt="${esc(s.name)}" decoding="async" /></a>		</div>
					<div class="site-search">
				<div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="https://${s.domain}/">
	<label class="screen-reader-text" for="woocommerce-product-search-field-0">${s.lang === 'es' ? 'Buscar por:' : 'Search for:'}</label>
	<input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="${esc(ui.search)}" value="" name="s" />
	<button type="submit" value="${esc(ui.search)}" class="">${s.lang === 'es' ? 'Buscar' : 'Search'}</button>
	<input type="hidden" name="post_type" value="product" />
</form>
</div>			</div>
			<div class="header-contact">${icon('phone', 'icon', 14)} <a href="tel:${s.phone.replace(/[^+\d]/g, '')}">${esc(s.phone)}</a></div>
			</div><div class="storefront-primary-navigation"><div class="col-full">		<nav id="site-navigation" class="main-navigation" role="navigation" aria-label="${s.lang === 'es' ? 'Navegación principal' : 'Primary Navigation'}">
		<button id="site-navigation-menu-toggle" class="menu-toggle" aria-controls="site-navigation" aria-expanded="false"><span>${esc(ui.menu)}</span></button>
			<div class="primary-navigation">
${megaMenu(s, r, { ul: 'menu nav-menu', li: 'menu-item menu-item-type-taxonomy menu-item-object-product_cat menu-item-has-children', a: 'menu-link', sub: 'sub-menu', subLi: 'menu-item menu-item-type-taxonomy menu-item-object-product_cat', subA: 'menu-link' }, '/categoria-producto/', 5)}
			</div>
		</nav><!-- #site-navigation -->
				<ul id="site-header-cart" class="site-header-cart menu">
			<li class="">
							<a class="cart-contents" href="https://${s.domain}/carrito/" title="${s.lang === 'es' ? 'Ver tu carrito de compras' : 'View your shopping cart'}">
								${wcPrice(o, cartTotal)} <span class="count">0 ${s.lang === 'es' ? 'productos' : 'items'}</span>
			</a>
					</li>
			<li>
				<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"></div></div>			</li>
		</ul>
			</div></div>
	</header><!-- #masthead -->
`;
}

function footer(o: WooOpts, r: Rng): string {
  const s = o.site;
  return `
		</div><!-- .col-full -->
	</div><!-- #content -->

	<footer id="colophon" class="site-footer" role="contentinfo">
		<div class="col-full">
			<div class="footer-widgets row-1 col-4 fix">
${footerColumns(s, r, 'footer')}
			</div>
			<div class="footer-newsletter">${newsletterBlock(s, 'wp-newsletter')}${socialList(s)}</div>
			<div class="footer-payments">${paymentList(s)}</div>
		<div class="site-info">
			&copy; ${esc(s.name)} ${s.year}
							<br />
				<a class="privacy-policy-link" href="https://${s.domain}/aviso-de-privacidad/" rel="privacy-policy">${esc(UI[s.lang].privacy)}</a><span role="separator" aria-hidden="true"></span><a href="https://woocommerce.com" target="_blank" title="WooCommerce - ${s.lang === 'es' ? 'La mejor plataforma de comercio electrónico para WordPress' : 'The Best eCommerce Platform for WordPress'}" rel="noreferrer nofollow">${s.lang === 'es' ? 'Creado con WooCommerce' : 'Built with WooCommerce'}</a>.					</div><!-- .site-info -->
				</div><!-- .col-full -->
	</footer><!-- #colophon -->

				<div class="storefront-handheld-footer-bar">
			<ul class="columns-3">
									<li class="my-account">
						<a href="https://${s.domain}/mi-cuenta/">${esc(UI[s.lang].account)}</a>					</li>
									<li class="search">
						<a href="">${esc(UI[s.lang].search)}</a>					</li>
									<li class="cart">
									<a class="footer-cart-contents" href="https://${s.domain}/carrito/">${esc(UI[s.lang].cart)}				<span class="count">0</span>
			</a>
							</li>
							</ul>
		</div>
		
</div><!-- #page -->
${cookieBanner(s)}
${whatsappFloat(s)}
`;
}

function tail(o: WooOpts, r: Rng, jsonLd: string): string {
  const s = o.site;
  return `${jsonLd}
	<script>
		(function () {
			var c = document.body.className;
			c = c.replace(/woocommerce-no-js/, 'woocommerce-js');
			document.body.className = c;
		})();
	</script>
	<script id="wc-order-attribution-js-extra">
var wc_order_attribution = {"params":{"lifetime":1.0e-5,"session":30,"ajaxurl":"https:\\/\\/${s.domain}\\/wp-admin\\/admin-ajax.php","prefix":"wc_order_attribution_","allowTracking":true},"fields":{"source_type":"current.typ","referrer":"current_add.rf","utm_campaign":"current.cmp","utm_source":"current.src","utm_medium":"current.mdm","utm_content":"current.cnt","utm_id":"current.id","utm_term":"current.trm","session_entry":"current_add.ep","session_start_time":"current_add.fd","session_pages":"session.pgs","session_count":"udata.vst","user_agent":"udata.uag"}};
</script>
<script id="wc-cart-fragments-js-extra">
var wc_cart_fragments_params = {"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","cart_hash_key":"wc_cart_hash_${r.int(100000, 999999).toString(16)}a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6","fragment_name":"wc_fragments_${r.int(100000, 999999).toString(16)}a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6","request_timeout":"5000"};
</script>
<script src="https://${s.domain}/wp-content/plugins/woocommerce/assets/js/frontend/cart-fragments.min.js?ver=8.8.3" id="wc-cart-fragments-js" defer data-wp-strategy="defer"></script>
<script id="storefront-navigation-js">${vendorJs(r, o.jsKb ?? 50, 'storefront')}</script>

</body>
</html>
`;
}

function productSchema(o: WooOpts, p: Product): string {
  const s = o.site;
  const v0 = p.variants[0];
  if (!v0 || o.jsonLd === 'none' || !s.currencyHints) return '';
  const price = o.jsonLd === 'regular' ? (v0.compare ?? v0.price) : v0.price;
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const priceSpec =
    o.jsonLd === 'sale' && onSale
      ? [
          {
            '@type': 'UnitPriceSpecification',
            price: v0.price.toFixed(2),
            priceCurrency: s.cur.code,
            valueAddedTaxIncluded: true,
            validThrough: `${s.year}-12-31`,
          },
          {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/ListPrice',
            price: (v0.compare ?? 0).toFixed(2),
            priceCurrency: s.cur.code,
            valueAddedTaxIncluded: true,
          },
        ]
      : [
          {
            '@type': 'UnitPriceSpecification',
            price: price.toFixed(2),
            priceCurrency: s.cur.code,
            valueAddedTaxIncluded: true,
          },
        ];
  return `<script type="application/ld+json">${jsonInline({
    '@context': 'https://schema.org/',
    '@graph': [
      {
        '@context': 'https://schema.org/',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, item: { name: UI[s.lang].home, '@id': `https://${s.domain}` } },
          ...p.breadcrumbs.map((b, i) => ({
            '@type': 'ListItem',
            position: i + 2,
            item: { name: b, '@id': `https://${s.domain}/categoria-producto/${slug(b)}/` },
          })),
          { '@type': 'ListItem', position: p.breadcrumbs.length + 2, item: { name: p.title, '@id': o.url } },
        ],
      },
      {
        '@context': 'https://schema.org/',
        '@type': 'Product',
        '@id': `${o.url}#product`,
        name: p.title,
        url: o.url,
        description: p.descriptionHtml
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 300),
        image: p.images[0],
        sku: v0.sku,
        offers: [
          {
            '@type': 'Offer',
            price: price.toFixed(s.cur.decimals === 0 ? 0 : 2),
            priceValidUntil: `${s.year + 1}-12-31`,
            priceSpecification: priceSpec,
            priceCurrency: s.cur.code,
            availability: 'http://schema.org/InStock',
            url: o.url,
            seller: { '@type': 'Organization', name: s.name, url: `https://${s.domain}` },
          },
        ],
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: p.rating.toFixed(2),
          reviewCount: p.reviewCount,
        },
        review: p.reviews.slice(0, 5).map((rv) => ({
          '@type': 'Review',
          reviewRating: {
            '@type': 'Rating',
            bestRating: '5',
            ratingValue: String(rv.rating),
            worstRating: '1',
          },
          author: { '@type': 'Person', name: rv.author },
          reviewBody: rv.body,
          datePublished: `${rv.date[0]}-${String(rv.date[1]).padStart(2, '0')}-${String(rv.date[2]).padStart(2, '0')}T10:22:10+00:00`,
        })),
      },
    ],
  })}</script>`;
}

export type WooProductInput = WooOpts & {
  product: Product;
  related: Card[];
  upsells?: Card[];
  recent?: Card[];
  topRated?: Card[];
  /** extra HTML inserted in the summary after the price (e.g. a tier table) */
  summaryExtra?: string;
};

export function wooProduct(r: Rng, o: WooProductInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const es = s.lang === 'es';
  const pid = 1000 + (p.id % 9000);
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const yoast = `	<meta name="description" content="${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 155),
  )}" />
	<meta property="og:locale" content="${(s.htmlLang || 'es').replace('-', '_')}" />
	<meta property="og:type" content="${o.yoastProductMeta ? 'product' : 'article'}" />
	<meta property="og:title" content="${esc(p.title)}" />
	<meta property="og:url" content="${o.url}" />
	<meta property="og:site_name" content="${esc(s.name)}" />
	<meta property="article:modified_time" content="${s.year}-03-14T18:22:41+00:00" />
	<meta property="og:image" content="${p.images[0]}" />
	<meta property="og:image:width" content="1200" />
	<meta property="og:image:height" content="1200" />
	<meta property="og:image:type" content="image/jpeg" />${
    o.yoastProductMeta && s.currencyHints
      ? `
	<meta property="product:price:amount" content="${v0.price.toFixed(s.cur.decimals === 0 ? 0 : 2)}" />
	<meta property="product:price:currency" content="${s.cur.code}" />
	<meta property="og:availability" content="instock" />
	<meta property="product:availability" content="instock" />
	<meta property="product:retailer_item_id" content="${v0.sku}" />
	<meta property="product:condition" content="new" />`
      : ''
  }
	<meta name="twitter:card" content="summary_large_image" />
	<meta name="twitter:label1" content="${es ? 'Tiempo de lectura' : 'Est. reading time'}" />
	<meta name="twitter:data1" content="2 ${es ? 'minutos' : 'minutes'}" />
	<script type="application/ld+json" class="yoast-schema-graph">${jsonInline({
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': ['WebPage', 'ItemPage'],
        '@id': o.url,
        url: o.url,
        name: `${p.title} - ${s.name}`,
        isPartOf: { '@id': `https://${s.domain}/#website` },
        datePublished: `${s.year - 1}-08-02T16:11:05+00:00`,
        dateModified: `${s.year}-03-14T18:22:41+00:00`,
        inLanguage: s.htmlLang || 'es',
      },
      {
        '@type': 'WebSite',
        '@id': `https://${s.domain}/#website`,
        url: `https://${s.domain}/`,
        name: s.name,
        potentialAction: [
          {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `https://${s.domain}/?s={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        ],
      },
      {
        '@type': 'Organization',
        '@id': `https://${s.domain}/#organization`,
        name: s.name,
        url: `https://${s.domain}/`,
        logo: { '@type': 'ImageObject', url: `https://${s.domain}/wp-content/uploads/2023/02/logo.png` },
      },
    ],
  })}</script>`;
  const h = head(o, r, p.title, yoast, `product-template-default single single-product postid-${pid}`);
  const gallery = `<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">
	<div class="woocommerce-product-gallery__wrapper">
${p.images
  .map(
    (img, i) =>
      `<div data-thumb="${img.replace('width=1946', 'width=100')}" data-thumb-alt="" data-thumb-srcset="" class="woocommerce-product-gallery__image"><a href="${img}"><img width="600" height="600" src="${img.replace('width=1946', 'width=600')}" class="${i === 0 ? 'wp-post-image' : ''}" alt="${esc(p.title)}" title="${slug(p.title)}-${i + 1}" data-caption="" data-src="${img}" data-large_image="${img}" data-large_image_width="1200" data-large_image_height="1200" decoding="async"${i === 0 ? ' fetchpriority="high"' : ' loading="lazy"'} /></a></div>`,
  )
  .join('')}
	</div>
</div>`;
  const reviews = p.reviews
    .map(
      (
        rv,
        i,
      ) => `<li class="review ${i % 2 ? 'odd alt' : 'even'} thread-${i % 2 ? 'odd thread-alt' : 'even'} depth-1" id="li-comment-${4000 + i}">
	<div id="comment-${4000 + i}" class="comment_container">
		<img alt='' src='https://secure.gravatar.com/avatar/${(r.int(1e8, 9e8) * 7919).toString(16)}?s=60&#038;d=mm&#038;r=g' srcset='https://secure.gravatar.com/avatar/${(r.int(1e8, 9e8) * 7919).toString(16)}?s=120&#038;d=mm&#038;r=g 2x' class='avatar avatar-60 photo' height='60' width='60' loading='lazy' decoding='async'/>
		<div class="comment-text">
			<div class="star-rating" role="img" aria-label="${es ? 'Valorado con' : 'Rated'} ${rv.rating} ${es ? 'de' : 'out of'} 5"><span style="width:${rv.rating * 20}%">${es ? 'Valorado con' : 'Rated'} <strong class="rating">${rv.rating}</strong> ${es ? 'de' : 'out of'} 5</span></div>
	<p class="meta">
		<strong class="woocommerce-review__author">${esc(rv.author)} </strong>
				<em class="woocommerce-review__verified verified">(${es ? 'propietario verificado' : 'verified owner'})</em>
		<span class="woocommerce-review__dash">&ndash;</span> <time class="woocommerce-review__published-date" datetime="${rv.date[0]}-${String(rv.date[1]).padStart(2, '0')}-${String(rv.date[2]).padStart(2, '0')}T10:22:10+00:00">${fmtDate(rv.date[0], rv.date[1], rv.date[2], s.dateStyle)}</time>
	</p>
	<div class="description"><p>${esc(rv.body)}</p>
</div>
		</div>
	</div>
</li><!-- #comment-## -->`,
    )
    .join('\n');
  const priceNotes = (o.priceNotes ?? []).map((n) => `<p class="price-note">${n}</p>`).join('\n');
  const main = `
	<div class="storefront-breadcrumb"><div class="col-full"><nav class="woocommerce-breadcrumb" aria-label="${es ? 'Ruta de navegación' : 'Breadcrumb'}"><a href="https://${s.domain}">${esc(ui.home)}</a><span class="breadcrumb-separator"> / </span>${p.breadcrumbs
    .map(
      (b) =>
        `<a href="https://${s.domain}/categoria-producto/${slug(b)}/">${esc(b)}</a><span class="breadcrumb-separator"> / </span>`,
    )
    .join('')}${esc(p.title)}</nav></div></div>
	<div id="content" class="site-content" tabindex="-1">
		<div class="col-full">

		<div class="woocommerce"></div>
			<div id="primary" class="content-area">
			<main id="main" class="site-main" role="main">
		
					
			<div class="woocommerce-notices-wrapper"></div><div id="product-${pid}" class="product type-product post-${pid} status-publish first instock product_cat-${slug(p.breadcrumbs[0] ?? '')} has-post-thumbnail${onSale ? ' sale' : ''} shipping-taxable purchasable product-type-simple">

	${onSale ? `\n	<span class="onsale">${es ? '¡Oferta!' : 'Sale!'}</span>\n	` : ''}${gallery}

	<div class="summary entry-summary">
		<h1 class="product_title entry-title">${esc(p.title)}</h1>
	<div class="woocommerce-product-rating">
		<div class="star-rating" role="img" aria-label="${es ? 'Valorado en' : 'Rated'} ${p.rating.toFixed(2)} ${es ? 'de' : 'out of'} 5"><span style="width:${(p.rating / 5) * 100}%">${es ? 'Valorado en' : 'Rated'} <strong class="rating">${p.rating.toFixed(2)}</strong> ${es ? 'de 5 basado en' : 'out of 5 based on'} <span class="rating">${p.reviewCount}</span> ${es ? 'valoraciones de clientes' : 'customer ratings'}</span></div>								<a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">${p.reviewCount}</span> ${es ? 'valoraciones de clientes' : 'customer reviews'})</a>
						</div>

<p class="price">${wcPriceHtml(o, v0.price, v0.compare)}</p>
${priceNotes}
<div class="woocommerce-product-details__short-description">
	<p>${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 180),
  )}…</p>
</div>
${o.summaryExtra ?? ''}
<p class="stock in-stock">${r.int(3, 60)} ${es ? 'disponibles' : 'in stock'}</p>

	
	<form class="cart" action="${o.url}" method="post" enctype='multipart/form-data'>
		
		<div class="quantity">
		<label class="screen-reader-text" for="quantity_${r.int(1e12, 9e12).toString(16)}">${esc(p.title)} ${es ? 'cantidad' : 'quantity'}</label>
	<input
		type="number"
				id="quantity_${r.int(1e12, 9e12).toString(16)}"
		class="input-text qty text"
		name="quantity"
		value="1"
		aria-label="${es ? 'Cantidad de productos' : 'Product quantity'}"
		size="4"
		min="1"
		max=""
					step="1"
			placeholder=""
			inputmode="numeric"
			autocomplete="off"
			/>
	</div>
	
		<button type="submit" name="add-to-cart" value="${pid}" class="single_add_to_cart_button button alt">${esc(ui.addToCart)}</button>

			</form>

	
<div class="product_meta">

	
	
		<span class="sku_wrapper">SKU: <span class="sku">${esc(v0.sku)}</span></span>

	
	<span class="posted_in">${es ? 'Categorías' : 'Categories'}: ${p.breadcrumbs.map((b) => `<a href="https://${s.domain}/categoria-producto/${slug(b)}/" rel="tag">${esc(b)}</a>`).join(', ')}</span>
	<span class="tagged_as">${es ? 'Etiquetas' : 'Tags'}: <a href="https://${s.domain}/etiqueta-producto/${slug(p.brand)}/" rel="tag">${esc(p.brand)}</a></span>
	
</div>
	</div>

	
	<div class="woocommerce-tabs wc-tabs-wrapper">
		<ul class="tabs wc-tabs" role="tablist">
							<li class="description_tab" id="tab-title-description" role="tab" aria-controls="tab-description">
					<a href="#tab-description">${esc(ui.description)}</a>
				</li>
							<li class="additional_information_tab" id="tab-title-additional_information" role="tab" aria-controls="tab-additional_information">
					<a href="#tab-additional_information">${es ? 'Información adicional' : 'Additional information'}</a>
				</li>
							<li class="reviews_tab" id="tab-title-reviews" role="tab" aria-controls="tab-reviews">
					<a href="#tab-reviews">${es ? 'Valoraciones' : 'Reviews'} (${p.reviewCount})</a>
				</li>
					</ul>
					<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description">
				
	<h2>${esc(ui.description)}</h2>

${p.descriptionHtml}
${policyText(s, (v) => wcPrice(o, v))}
<h3>${esc(ui.faq)}</h3>
${faqBlock(s)}
			</div>
					<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information">
				
	<h2>${es ? 'Información adicional' : 'Additional information'}</h2>

<table class="woocommerce-product-attributes shop_attributes">
${p.specs
  .map(
    ([
      k,
      v,
    ]) => `			<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--attribute_${slug(k)}">
			<th class="woocommerce-product-attributes-item__label">${esc(k)}</th>
			<td class="woocommerce-product-attributes-item__value"><p>${esc(v)}</p>
</td>
		</tr>`,
  )
  .join('\n')}
	</table>
			</div>
					<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews">
				<div id="reviews" class="woocommerce-Reviews">
	<div id="comments">
		<h2 class="woocommerce-Reviews-title">
			${p.reviewCount} ${es ? 'valoraciones en' : 'reviews for'} <span>${esc(p.title)}</span>		</h2>

					<ol class="commentlist">
				${reviews}
			</ol>

			<nav class="woocommerce-pagination"><span aria-current="page" class="page-numbers current">1</span>
<a class="page-numbers" href="${o.url}comment-page-2/#comments">2</a>
<a class="next page-numbers" href="${o.url}comment-page-2/#comments">&rarr;</a></nav>					</div>

			<div id="review_form_wrapper">
			<div id="review_form">
					<div id="respond" class="comment-respond">
		<span id="reply-title" class="comment-reply-title">${esc(ui.writeReview)}</span><form action="https://${s.domain}/wp-comments-post.php" method="post" id="commentform" class="comment-form" novalidate><div class="comment-form-rating"><label for="rating">${es ? 'Tu puntuación' : 'Your rating'}&nbsp;<span class="required">*</span></label><select name="rating" id="rating" required>
						<option value="">${es ? 'Puntuar' : 'Rate'}&hellip;</option>
						<option value="5">${es ? 'Perfecto' : 'Perfect'}</option>
						<option value="4">${es ? 'Bueno' : 'Good'}</option>
						<option value="3">${es ? 'Normal' : 'Average'}</option>
						<option value="2">${es ? 'No está tan mal' : 'Not that bad'}</option>
						<option value="1">${es ? 'Muy pobre' : 'Very poor'}</option>
					</select></div><p class="comment-form-comment"><label for="comment">${es ? 'Tu valoración' : 'Your review'}&nbsp;<span class="required">*</span></label><textarea id="comment" name="comment" cols="45" rows="8" required></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="${es ? 'Enviar' : 'Submit'}" /> <input type='hidden' name='comment_post_ID' value='${pid}' id='comment_post_ID' />
<input type='hidden' name='comment_parent' id='comment_parent' value='0' />
</p></form>	</div><!-- #respond -->
				</div>
		</div>
	
	<div class="clear"></div>
</div>
			</div>
		
			</div>

${
  o.upsells?.length
    ? `	<section class="up-sells upsells products">
					<h2>${esc(ui.youMayLike)}&hellip;</h2>
				<ul class="products columns-4">
${o.upsells.map((c, i) => loopItem(o, c, i)).join('\n')}
			</ul>
	</section>`
    : ''
}

	<section class="related products">

					<h2>${esc(ui.related)}</h2>
				
		<ul class="products columns-4">

${o.related.map((c, i) => loopItem(o, c, i)).join('\n')}

		</ul>

	</section>
	</div>


		
				</main><!-- #main -->
		</div><!-- #primary -->

		
<div id="secondary" class="widget-area" role="complementary">
	<div id="woocommerce_product_categories-2" class="widget woocommerce widget_product_categories"><span class="gamma widget-title">${esc(ui.categories)}</span><ul class="product-categories">${p.breadcrumbs
    .concat(['Filamentos', 'Resinas', 'Refacciones', 'Herramientas'])
    .map(
      (b, i) =>
        `<li class="cat-item cat-item-${20 + i}"><a href="https://${s.domain}/categoria-producto/${slug(b)}/">${esc(b)}</a> <span class="count">(${((i * 13) % 57) + 3})</span></li>`,
    )
    .join('')}</ul></div>
${o.recent?.length ? widgetList(o, ui.recentlyViewed, o.recent, 'widget_recently_viewed_products') : ''}
${o.topRated?.length ? widgetList(o, es ? 'Productos mejor valorados' : 'Top rated products', o.topRated, 'widget_top_rated_products') : ''}
</div><!-- #secondary -->
`;
  return h + header(o, r) + main + footer(o, r) + tail(o, r, productSchema(o, p));
}

export type WooShopInput = WooOpts & { title: string; cards: Card[]; total: number; description?: string };

export function wooShop(r: Rng, o: WooShopInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const es = s.lang === 'es';
  const yoast = `	<meta property="og:locale" content="${(s.htmlLang || 'es').replace('-', '_')}" />
	<meta property="og:type" content="article" />
	<meta property="og:title" content="${esc(o.title)} - ${esc(s.name)}" />
	<meta property="og:url" content="${o.url}" />
	<meta property="og:site_name" content="${esc(s.name)}" />
	<meta name="twitter:card" content="summary_large_image" />`;
  const h = head(
    o,
    r,
    o.title,
    yoast,
    'archive post-type-archive post-type-archive-product woocommerce-shop',
  );
  const maxP = Math.max(...o.cards.map((c) => c.price));
  const minP = Math.min(...o.cards.map((c) => c.price));
  const main = `
	<div class="storefront-breadcrumb"><div class="col-full"><nav class="woocommerce-breadcrumb" aria-label="${es ? 'Ruta de navegación' : 'Breadcrumb'}"><a href="https://${s.domain}">${esc(ui.home)}</a><span class="breadcrumb-separator"> / </span>${esc(o.title)}</nav></div></div>
	<div id="content" class="site-content" tabindex="-1">
		<div class="col-full">
		<div class="woocommerce"></div>
		<div id="primary" class="content-area">
			<main id="main" class="site-main" role="main">
		<header class="woocommerce-products-header">
			<h1 class="woocommerce-products-header__title page-title">${esc(o.title)}</h1>
	${o.description ? `<div class="term-description"><p>${esc(o.description)}</p></div>` : ''}
</header>
<div class="storefront-sorting"><div class="woocommerce-notices-wrapper"></div><form class="woocommerce-ordering" method="get">
	<select name="orderby" class="orderby" aria-label="${es ? 'Pedido de la tienda' : 'Shop order'}">
					<option value="popularity" >${es ? 'Ordenar por popularidad' : 'Sort by popularity'}</option>
					<option value="rating" >${es ? 'Ordenar por puntuación media' : 'Sort by average rating'}</option>
					<option value="date"  selected='selected'>${es ? 'Ordenar por los últimos' : 'Sort by latest'}</option>
					<option value="price" >${es ? 'Ordenar por precio: bajo a alto' : 'Sort by price: low to high'}</option>
					<option value="price-desc" >${es ? 'Ordenar por precio: alto a bajo' : 'Sort by price: high to low'}</option>
			</select>
	<input type="hidden" name="paged" value="1" />
	</form>
<p class="woocommerce-result-count">
	${es ? `Mostrando 1&ndash;${o.cards.length} de ${o.total} resultados` : `Showing 1&ndash;${o.cards.length} of ${o.total} results`}</p>
</div><ul class="products columns-4">
${o.cards.map((c, i) => loopItem(o, c, i)).join('\n')}
</ul>
<div class="storefront-sorting"><nav class="woocommerce-pagination">
	<ul class='page-numbers'>
	<li><span aria-current="page" class="page-numbers current">1</span></li>
${repeat(Math.min(5, Math.ceil(o.total / o.cards.length)) - 1, (i) => `	<li><a class="page-numbers" href="https://${s.domain}/tienda/page/${i + 2}/">${i + 2}</a></li>`).join('\n')}
	<li><a class="next page-numbers" href="https://${s.domain}/tienda/page/2/">&rarr;</a></li>
</ul>
</nav>
</div>			</main><!-- #main -->
		</div><!-- #primary -->

<div id="secondary" class="widget-area" role="complementary">
	<div id="woocommerce_price_filter-2" class="widget woocommerce widget_price_filter"><span class="gamma widget-title">${es ? 'Filtrar por precio' : 'Filter by price'}</span>
<form method="get" action="https://${s.domain}/tienda/">
	<div class="price_slider_wrapper">
		<div class="price_slider" style="display:none;"></div>
		<div class="price_slider_amount" data-step="10">
			<label class="screen-reader-text" for="min_price">${es ? 'Precio mínimo' : 'Min price'}</label>
			<input type="text" id="min_price" name="min_price" value="${Math.floor(minP)}" data-min="${Math.floor(minP)}" placeholder="${es ? 'Precio mínimo' : 'Min price'}" />
			<label class="screen-reader-text" for="max_price">${es ? 'Precio máximo' : 'Max price'}</label>
			<input type="text" id="max_price" name="max_price" value="${Math.ceil(maxP)}" data-max="${Math.ceil(maxP)}" placeholder="${es ? 'Precio máximo' : 'Max price'}" />
						<button type="submit" class="button">${es ? 'Filtrar' : 'Filter'}</button>
			<div class="price_label" style="display:none;">
				${es ? 'Precio:' : 'Price:'} <span class="from"></span> &mdash; <span class="to"></span>
			</div>
						<div class="clear"></div>
		</div>
	</div>
</form>

</div><div id="woocommerce_product_categories-2" class="widget woocommerce widget_product_categories"><span class="gamma widget-title">${esc(ui.categories)}</span><ul class="product-categories">${[
    'Filamentos',
    'Resinas',
    'Impresoras 3D',
    'Refacciones',
    'Herramientas',
    'Electrónica',
    'Láser y CNC',
  ]
    .map(
      (b, i) =>
        `<li class="cat-item cat-item-${20 + i}"><a href="https://${s.domain}/categoria-producto/${slug(b)}/">${esc(b)}</a> <span class="count">(${((i * 17) % 61) + 4})</span></li>`,
    )
    .join('')}</ul></div></div>
`;
  return h + header(o, r) + main + footer(o, r) + tail(o, r, '');
}
