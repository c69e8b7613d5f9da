/**
 * VTEX IO storefront pages (vtex.store-theme + vtex.product-price + vtex.product-summary):
 * prices split into currencyCode / currencyLiteral / currencyInteger / currencyGroup /
 * currencyDecimal / currencyFraction spans, the __RUNTIME__ culture block, and the Apollo cache in
 * <template data-varname="__STATE__"> holding every product's commertialOffer (Price, ListPrice,
 * Installments) for the page and its shelves.
 */
import { type Rng, UI, esc, jsonInline, icon, css, vendorJs, slug, repeat } from './lib.ts';
import {
  type Site,
  type Card,
  type Product,
  policyText,
  newsletterBlock,
  footerColumns,
  socialList,
  paymentList,
} from './parts.ts';

export type VtexCulture = {
  country: string; // ISO3, e.g. BRA
  locale: string;
  currency: string;
  symbol: string;
  group: string;
  decimal: string;
  fractionDigits: number;
  /** Intl puts a no-break space between symbol and number (pt-BR, es-CO) */
  literal: boolean;
};

export type VtexOpts = {
  site: Site;
  url: string;
  account: string;
  culture: VtexCulture;
  cssKb?: number;
  jsKb?: number;
  /** how many extra products go into __STATE__ beyond the ones rendered (search prefetch, shelves) */
  stateExtra?: number;
};

const H = (name: string, app = 'vtex-product-price-1-x'): string => `${app}-${name}`;

/** VTEX FormattedCurrency rendered as its css-handle spans. */
export function vtexSplit(o: VtexOpts, v: number, app = 'vtex-product-price-1-x'): string {
  const c = o.culture;
  const fixed = v.toFixed(c.fractionDigits);
  const [int = '0', frac] = fixed.split('.');
  const groups: string[] = [];
  for (let i = int.length; i > 0; i -= 3) groups.unshift(int.slice(Math.max(0, i - 3), i));
  const parts = [
    `<span class="${H('currencyCode', app)}">${esc(c.symbol)}</span>`,
    c.literal ? `<span class="${H('currencyLiteral', app)}">&nbsp;</span>` : '',
    groups
      .map((g) => `<span class="${H('currencyInteger', app)}">${g}</span>`)
      .join(`<span class="${H('currencyGroup', app)}">${esc(c.group)}</span>`),
  ];
  if (frac !== undefined)
    parts.push(
      `<span class="${H('currencyDecimal', app)}">${esc(c.decimal)}</span><span class="${H('currencyFraction', app)}">${frac}</span>`,
    );
  return `<span class="${H('currencyContainer', app)}">${parts.join('')}</span>`;
}

/** Plain text, as a savings/instalment message prints it. */
export function vtexText(o: VtexOpts, v: number): string {
  const c = o.culture;
  const fixed = v.toFixed(c.fractionDigits);
  const [int = '0', frac] = fixed.split('.');
  return `${c.symbol}${c.literal ? '\u00a0' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, c.group)}${frac !== undefined ? c.decimal + frac : ''}`;
}

type StateProduct = {
  id: string;
  name: string;
  brand: string;
  link: string;
  price: number;
  list: number;
  skus: { id: string; name: string; price: number; list: number }[];
  specs: [string, string][];
  category: string;
};

function instalments(price: number, max: number): { n: number; value: number; interest: number }[] {
  return repeat(max, (i) => {
    const n = i + 1;
    const interest = n > 10 ? 1.99 : 0;
    const total = interest ? price * (1 + (interest / 100) * n) : price;
    return { n, value: Math.round((total / n) * 100) / 100, interest };
  });
}

function stateFor(o: VtexOpts, p: StateProduct, r: Rng, st: Record<string, unknown>): void {
  const key = `Product:sp-${p.id}`;
  const itemsKey = `${key}.items({"filter":"ALL_AVAILABLE"})`;
  st[key] = {
    cacheId: `sp-${p.id}`,
    productId: p.id,
    description: `${p.name}. ${o.site.lang === 'pt' ? 'Produto original com garantia.' : 'Producto original con garantía.'}`,
    productName: p.name,
    productReference: `REF-${p.id}`,
    linkText: p.link,
    brand: p.brand,
    brandId: 2000000 + (Number(p.id) % 1000),
    link: `/${p.link}/p`,
    categories: { type: 'json', json: [`/${p.category}/`, `/${p.category}/${p.brand}/`] },
    categoryId: String(10 + (Number(p.id) % 40)),
    priceRange: { type: 'id', generated: true, id: `$${key}.priceRange`, typename: 'ProductPriceRange' },
    specificationGroups: [
      { type: 'id', generated: true, id: `${key}.specificationGroups.0`, typename: 'SpecificationGroup' },
    ],
    skuSpecifications: [],
    productClusters: [
      { type: 'id', generated: true, id: `${key}.productClusters.0`, typename: 'ProductClusters' },
    ],
    clusterHighlights: [],
    properties: p.specs.map((_, i) => ({
      type: 'id',
      generated: true,
      id: `${key}.properties.${i}`,
      typename: 'Property',
    })),
    [`items({"filter":"ALL_AVAILABLE"})`]: p.skus.map((_, i) => ({
      type: 'id',
      generated: true,
      id: `${itemsKey}.${i}`,
      typename: 'SKU',
    })),
    sku: null,
    releaseDate: '2023-08-14T00:00:00Z',
    __typename: 'Product',
  };
  st[`$${key}.priceRange`] = {
    sellingPrice: {
      type: 'id',
      generated: true,
      id: `$${key}.priceRange.sellingPrice`,
      typename: 'PriceRange',
    },
    listPrice: { type: 'id', generated: true, id: `$${key}.priceRange.listPrice`, typename: 'PriceRange' },
    __typename: 'ProductPriceRange',
  };
  st[`$${key}.priceRange.sellingPrice`] = {
    highPrice: Math.max(...p.skus.map((s) => s.price)),
    lowPrice: Math.min(...p.skus.map((s) => s.price)),
    __typename: 'PriceRange',
  };
  st[`$${key}.priceRange.listPrice`] = {
    highPrice: Math.max(...p.skus.map((s) => s.list)),
    lowPrice: Math.min(...p.skus.map((s) => s.list)),
    __typename: 'PriceRange',
  };
  st[`${key}.specificationGroups.0`] = {
    originalName: 'Especificações',
    name: 'allSpecifications',
    specifications: p.specs.map((_, i) => ({
      type: 'id',
      generated: true,
      id: `${key}.specificationGroups.0.specifications.${i}`,
      typename: 'SpecificationGroupProperty',
    })),
    __typename: 'SpecificationGroup',
  };
  p.specs.forEach(([k, v], i) => {
    st[`${key}.specificationGroups.0.specifications.${i}`] = {
      originalName: k,
      name: k,
      values: { type: 'json', json: [v] },
      __typename: 'SpecificationGroupProperty',
    };
    st[`${key}.properties.${i}`] = { name: k, values: { type: 'json', json: [v] }, __typename: 'Property' };
  });
  st[`${key}.productClusters.0`] = {
    id: '157',
    name: o.site.lang === 'pt' ? 'Frete Grátis' : 'Envío gratis',
    __typename: 'ProductClusters',
  };
  p.skus.forEach((sku, i) => {
    const skuKey = `${itemsKey}.${i}`;
    st[skuKey] = {
      itemId: sku.id,
      name: sku.name,
      nameComplete: `${p.name} ${sku.name}`,
      complementName: '',
      ean: String(7890000000000 + Number(sku.id)),
      variations: [],
      referenceId: [{ type: 'id', generated: true, id: `${skuKey}.referenceId.0`, typename: 'Reference' }],
      measurementUnit: 'un',
      unitMultiplier: 1,
      images: repeat(4, (j) => ({
        type: 'id',
        generated: true,
        id: `${skuKey}.images.${j}`,
        typename: 'Image',
      })),
      videos: [],
      sellers: [{ type: 'id', generated: true, id: `${skuKey}.sellers.0`, typename: 'Seller' }],
      __typename: 'SKU',
    };
    st[`${skuKey}.referenceId.0`] = { Key: 'RefId', Value: `REF-${sku.id}`, __typename: 'Reference' };
    repeat(4, (j) => {
      st[`${skuKey}.images.${j}`] = {
        cacheId: String(Number(sku.id) * 10 + j),
        imageId: String(Number(sku.id) * 10 + j),
        imageLabel: j === 0 ? 'principal' : '',
        imageTag: '',
        imageUrl: `https://${o.account}.vtexassets.com/arquivos/ids/${Number(sku.id) * 10 + j}/${slug(p.name).slice(0, 40)}.jpg?v=638${r.int(100000000000000, 999999999999999)}`,
        imageText: slug(p.name),
        __typename: 'Image',
      };
    });
    st[`${skuKey}.sellers.0`] = {
      sellerId: '1',
      sellerName: o.site.name,
      addToCartLink: '',
      sellerDefault: true,
      commertialOffer: {
        type: 'id',
        generated: true,
        id: `$${skuKey}.sellers.0.commertialOffer`,
        typename: 'Offer',
      },
      __typename: 'Seller',
    };
    const inst = instalments(sku.price, o.site.lang === 'pt' ? 12 : 6);
    const systems = ['Visa', 'Mastercard', 'American Express', 'Elo'];
    st[`$${skuKey}.sellers.0.commertialOffer`] = {
      Installments: systems.flatMap((ps, a) =>
        inst.map((_, b) => ({
          type: 'id',
          generated: true,
          id: `$${skuKey}.sellers.0.commertialOffer.Installments.${a * inst.length + b}`,
          typename: 'Installment',
        })),
      ),
      discountHighlights: [],
      teasers: [],
      Price: sku.price,
      ListPrice: sku.list,
      Tax: 0,
      taxPercentage: 0,
      spotPrice: sku.price,
      PriceWithoutDiscount: sku.price,
      RewardValue: 0,
      PriceValidUntil: `${o.site.year + 1}-05-20T12:30:45Z`,
      AvailableQuantity: 10000,
      __typename: 'Offer',
    };
    systems.forEach((ps, a) =>
      inst.forEach((it, b) => {
        st[`$${skuKey}.sellers.0.commertialOffer.Installments.${a * inst.length + b}`] = {
          Value: it.value,
          InterestRate: it.interest,
          TotalValuePlusInterestRate: Math.round(it.value * it.n * 100) / 100,
          NumberOfInstallments: it.n,
          Name: `${ps} ${it.n === 1 ? 'à vista' : `${it.n} vezes ${it.interest ? 'com juros' : 'sem juros'}`}`,
          PaymentSystemName: ps,
          __typename: 'Installment',
        };
      }),
    );
  });
}

function cardToState(c: Card): StateProduct {
  const id = String(100000 + (c.id % 899999));
  return {
    id,
    name: c.name,
    brand: c.brand ?? 'Genérico',
    link: slug(c.name),
    price: c.price,
    list: c.compare ?? c.price,
    skus: [{ id: String(Number(id) + 7), name: c.name, price: c.price, list: c.compare ?? c.price }],
    specs: [
      ['Marca', c.brand ?? ''],
      ['Garantia', '3 meses'],
      ['Peso', '1 kg'],
    ],
    category: 'Impressão 3D',
  };
}

export function summaryCard(o: VtexOpts, c: Card, i: number, shelf: string): string {
  const ui = UI[o.site.lang];
  const APP = 'vtex-product-price-1-x';
  const onSale = c.compare !== undefined && c.compare > c.price;
  const inst = o.site.lang === 'pt' ? 10 : 6;
  return `<div class="vtex-slider-layout-0-x-slide vtex-slider-layout-0-x-slide--${shelf}" aria-roledescription="slide" aria-label="${i + 1} of 12" role="group" style="margin-right:0;width:25%" data-index="${i}"><div class="vtex-slider-layout-0-x-slideChildrenContainer flex justify-center items-center w-100"><section aria-label="Product: ${esc(c.name)}" class="vtex-product-summary-2-x-container vtex-product-summary-2-x-container--${shelf} vtex-product-summary-2-x-containerNormal vtex-product-summary-2-x-containerNormal--${shelf} overflow-hidden br3 h-100 w-100 flex flex-column justify-between center tc" style="max-width:300px"><a class="vtex-product-summary-2-x-clearLink vtex-product-summary-2-x-clearLink--${shelf} h-100 flex flex-column" href="/${slug(c.name)}/p"><article class="vtex-product-summary-2-x-element vtex-product-summary-2-x-element--${shelf} pointer pt3 pb4 flex flex-column h-100"><div class="vtex-product-summary-2-x-imageWrapper vtex-product-summary-2-x-imageWrapper--${shelf} db w-100 center"><img src="https://${o.account}.vtexassets.com/arquivos/ids/${c.id % 1000000}-500-auto?v=638${(c.id % 1e9).toString().padStart(9, '0')}&amp;width=500&amp;height=auto&amp;aspect=true" width="500" height="auto" alt="${esc(c.name)}" crossorigin="anonymous" class="vtex-product-summary-2-x-imageNormal vtex-product-summary-2-x-image" loading="lazy"></div>${
    onSale
      ? `<div class="vtex-product-highlights-2.x-container"><span class="vtex-store-components-3-x-discountInsideContainer t-mini white absolute right-0 pv2 ph3 bg-emphasis z-1">-${Math.round((1 - c.price / (c.compare ?? c.price)) * 100)}%</span></div>`
      : ''
  }<div class="vtex-product-summary-2-x-nameContainer vtex-product-summary-2-x-nameContainer--${shelf} flex items-start justify-center pv6"><h3 class="vtex-product-summary-2-x-productNameContainer mv0 vtex-product-summary-2-x-nameWrapper overflow-hidden c-on-base f5"><span class="vtex-product-summary-2-x-productBrand vtex-product-summary-2-x-brandName t-body">${esc(c.name)}</span></h3></div><div class="vtex-flex-layout-0-x-flexCol vtex-flex-layout-0-x-flexCol--summary-prices ml0 mr0 pl0 pr0 flex flex-column h-100 w-100">${
    onSale
      ? `<div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-listPrice ${APP}-listPrice--summary"><span class="${APP}-listPriceValue ${APP}-listPriceValue--summary strike">${vtexSplit(o, c.compare ?? 0)}</span></span></div>`
      : ''
  }<div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-sellingPrice ${APP}-sellingPrice--summary${onSale ? ` ${APP}-sellingPrice--hasListPrice--summary` : ''}"><span class="${APP}-sellingPriceValue ${APP}-sellingPriceValue--summary">${vtexSplit(o, c.price)}</span></span></div><div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-installments ${APP}-installments--summary">${o.site.lang === 'pt' ? 'ou ' : 'Hasta '}<span class="${APP}-installmentsNumber ${APP}-installmentsNumber--summary">${inst}</span>x ${o.site.lang === 'pt' ? 'de' : 'de'} <span class="${APP}-installmentValue ${APP}-installmentValue--summary">${vtexSplit(o, Math.round((c.price / inst) * 100) / 100)}</span> ${o.site.lang === 'pt' ? 'sem juros' : 'sin intereses'}</span></div></div><div class="vtex-product-summary-2-x-buyButtonContainer pv3 w-100 db"><button class="vtex-button bw1 ba fw5 v-mid relative pa0 lh-solid br2 min-h-small t-action--small bg-action-primary b--action-primary c-on-action-primary hover-bg-action-primary hover-b--action-primary hover-c-on-action-primary pointer w-100" type="button"><div class="vtex-button__label flex items-center justify-center h-100 ph5">${esc(ui.addToCart)}</div></button></div></article></a></section></div></div>`;
}

function shelf(o: VtexOpts, id: string, title: string, cards: Card[]): string {
  return `<div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--shelf"><section class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div class="vtex-rich-text-0-x-container vtex-rich-text-0-x-container--shelf-title flex tl items-start justify-start t-body c-on-base"><div class="vtex-rich-text-0-x-wrapper"><h2 class="vtex-rich-text-0-x-headingLevel2 vtex-rich-text-0-x-heading">${esc(title)}</h2></div></div><div class="vtex-slider-layout-0-x-sliderLayoutContainer vtex-slider-layout-0-x-sliderLayoutContainer--${id} flex justify-center"><div class="vtex-slider-layout-0-x-sliderTrackContainer vtex-slider-layout-0-x-sliderTrackContainer--${id} w-100 overflow-hidden"><div data-testid="slider-track" class="vtex-slider-layout-0-x-sliderTrack vtex-slider-layout-0-x-sliderTrack--${id} flex justify-around relative pa0 ma0" aria-live="polite" style="transition:transform 400ms ease-in-out 0ms;transform:translate3d(0%, 0, 0);width:${cards.length * 25}%">${cards
    .map((c, i) => summaryCard(o, c, i, id))
    .join(
      '',
    )}</div></div><button class="vtex-slider-layout-0-x-sliderLeftArrow vtex-slider-layout-0-x-sliderArrows" aria-label="Previous slide">${icon('arrowLeft', 'icon', 25)}</button><button class="vtex-slider-layout-0-x-sliderRightArrow vtex-slider-layout-0-x-sliderArrows" aria-label="Next slide">${icon('arrowRight', 'icon', 25)}</button></div></section></div>`;
}

function runtime(o: VtexOpts, r: Rng, page: string, route: string): string {
  const c = o.culture;
  const blocks: Record<string, unknown> = {};
  for (let i = 0; i < 120; i++) {
    blocks[`store.${page}/flex-layout.row#r${i}`] = {
      after: [],
      around: [],
      before: [],
      blockId: `vtex.store-theme@6.0.${r.int(0, 40)}:flex-layout.row#r${i}`,
      blocks: [],
      component: 'vtex.flex-layout@0.21.5/FlexLayout',
      content: {},
      hasContentSchema: false,
      implements: [],
      props: {
        blockClass: `row-${i}`,
        colGap: r.pick([0, 3, 5]),
        preventHorizontalStretch: r.chance(0.5),
        fullWidth: r.chance(0.3),
      },
      render: 'server',
      track: [],
    };
  }
  const rt = {
    account: o.account,
    accountId: `${r.int(10000000, 99999999).toString(16)}-1c2d-4e5f-8a9b-${r.int(100000000, 999999999).toString(16)}`,
    amp: false,
    binding: {
      id: `${r.int(10000000, 99999999).toString(16)}-aaaa-4bbb-8ccc-0123456789ab`,
      canonicalBaseAddress: `${o.site.domain}/`,
    },
    culture: {
      availableLocales: [],
      country: c.country,
      language: c.locale.split('-')[0],
      locale: c.locale,
      currency: c.currency,
      customCurrencyDecimalDigits: c.fractionDigits === 2 ? null : c.fractionDigits,
      customCurrencySymbol: c.symbol,
    },
    route: {
      domain: 'store',
      id: `store.${page}`,
      params: { slug: route },
      path: new URL(o.url).pathname,
      pathId: `/:slug/p`,
      queryString: {},
      breakpointStyles: [],
      fonts: '',
      overrides: [],
      styleMeta: { type: 'css', version: '6.0.21' },
    },
    extensions: blocks,
    production: true,
    publicEnabled: true,
    query: {},
    settings: {
      'vtex.store': {
        storeName: o.site.name,
        titleTag: o.site.name,
        metaTagDescription: '',
        enableOrderFormOptimization: true,
      },
      'vtex.shipping-estimate-translator': {},
      'vtex.search': { searchTermPath: '/busca' },
    },
    workspace: 'master',
    platform: 'vtex',
    renderMajor: 8,
    rootPath: '',
    hints: { desktop: true, mobile: false, phone: false, tablet: false },
    page,
    pages: {},
    messages: {},
    components: {},
    cacheHints: {},
  };
  return `<script>window.__RUNTIME__ = ${jsonInline(rt)};</script>`;
}

function head(o: VtexOpts, r: Rng, title: string, meta: string): string {
  const s = o.site;
  return `<!DOCTYPE html>
<html lang="${s.htmlLang}">
<head>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="generator" content="vtex.render-server@8.179.0">
  <meta charset='utf-8'>
  <script>document.cookie = "VtexWorkspace=master%3A-; expires=${new Date(Date.UTC(s.year, 5, 1)).toUTCString()}; path=/; secure; samesite=none"</script>
  <link rel="stylesheet" type="text/css" href="https://${o.account}.vtexassets.com/_v/public/assets/v1/bundle/css/asset.min.css?v=3&files=theme,${o.account}.store-theme@6.0.21$style.common,${o.account}.store-theme@6.0.21$style.small,${o.account}.store-theme@6.0.21$style.notsmall,${o.account}.store-theme@6.0.21$style.large,${o.account}.store-theme@6.0.21$style.xlarge&files=fonts,989db2448f309bfdd99b513f37c84b8f5794d2b5&files=npm,animate.css@3.7.0/animate.min.css&files=react~vtex.render-runtime@8.136.1,common&workspace=master">
  <style id="critical" type="text/css">${css(r, o.cssKb ?? 40, 'vtex-')}</style>
  <title>${esc(title)}</title>
${meta}
  <link rel="preconnect" href="https://${o.account}.vtexassets.com">
  <link rel="dns-prefetch" href="https://${o.account}.vtexassets.com">
</head>
<body class="bg-base">
  <div class="render-container render-route-store-product">
  <div class="render-provider"><div class="vtex-store__template bg-base"><div class="flex flex-column min-vh-100 w-100">`;
}

function header(o: VtexOpts, r: Rng): string {
  const s = o.site;
  const ui = UI[s.lang];
  const cats: [string, string[]][] =
    s.lang === 'pt'
      ? [
          ['Impressoras 3D', ['FDM', 'Resina', 'Multicor', 'Grande formato']],
          ['Filamentos', ['PLA', 'PETG', 'ABS', 'TPU', 'Nylon', 'Especiais']],
          ['Resinas', ['Standard', 'Lavável', 'Flexível', 'Odontológica']],
          ['Peças', ['Bicos', 'Hotends', 'Extrusoras', 'Mesas', 'Correias']],
          ['Laser e CNC', ['Gravadoras', 'Routers', 'Fresas', 'Acessórios']],
          ['Eletrônica', ['Arduino', 'ESP32', 'Raspberry Pi', 'Motores']],
          ['Ofertas', ['Até 30% OFF', 'Queima de estoque', 'Outlet']],
        ]
      : [
          ['Impresoras 3D', ['FDM', 'Resina', 'Multicolor', 'Gran formato']],
          ['Filamentos', ['PLA', 'PETG', 'ABS', 'TPU', 'Nylon', 'Especiales']],
          ['Resinas', ['Estándar', 'Lavable', 'Flexible', 'Dental']],
          ['Repuestos', ['Boquillas', 'Hotends', 'Extrusores', 'Camas', 'Correas']],
          ['Láser y CNC', ['Grabadoras', 'Routers', 'Fresas', 'Accesorios']],
          ['Electrónica', ['Arduino', 'ESP32', 'Raspberry Pi', 'Motores']],
          ['Ofertas', ['Hasta 30% OFF', 'Liquidación', 'Outlet']],
        ];
  const menu = cats
    .map(
      ([c, subs], i) =>
        `<li class="vtex-menu-2-x-menuItem vtex-menu-2-x-menuItem--header-menu list vtex-menu-2-x-menuItem--isClosed vtex-menu-2-x-menuItem--header-menu--isClosed"><div class="vtex-menu-2-x-styledLinkContainer vtex-menu-2-x-styledLinkContainer--header-menu"><a id="menu-item-${slug(c)}" href="/${slug(c)}" class="vtex-menu-2-x-styledLink vtex-menu-2-x-styledLink--header-menu inline-flex items-center no-underline"><div class="vtex-menu-2-x-styledLinkContent vtex-menu-2-x-styledLinkContent--header-menu flex justify-between nowrap">${esc(c)}</div></a></div><div class="vtex-menu-2-x-submenuContainer vtex-menu-2-x-submenuContainer--header-submenu-${i}"><ul class="vtex-menu-2-x-menuContainer vtex-menu-2-x-menuContainer--header-submenu list flex pl0 mv0 flex-column">${subs
          .map(
            (sub) =>
              `<li class="vtex-menu-2-x-menuItem list"><a href="/${slug(c)}/${slug(sub)}" class="vtex-menu-2-x-styledLink inline-flex items-center no-underline"><div class="vtex-menu-2-x-styledLinkContent flex justify-between nowrap">${esc(sub)}</div></a></li>`,
          )
          .join('')}</ul></div></li>`,
    )
    .join('');
  return `<div class="vtex-store-header-2-x-headerStickyRow vtex-store-header-2-x-headerStickyRow--main-header sticky z-999" style="top:0"><div class="vtex-store-header-2-x-headerRow vtex-store-header-2-x-headerRow--notification-bar"><div class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div class="vtex-rich-text-0-x-container vtex-rich-text-0-x-container--notification-bar flex tc items-start justify-center t-body c-on-base"><div class="vtex-rich-text-0-x-wrapper vtex-rich-text-0-x-wrapper--notification-bar"><p class="lh-copy vtex-rich-text-0-x-paragraph vtex-rich-text-0-x-paragraph--notification-bar">${esc(s.announcement ?? '')}</p></div></div></div></div>
<div class="vtex-store-header-2-x-headerRow vtex-store-header-2-x-headerRow--main-header"><div class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div class="vtex-store-header-2-x-headerRowContainer vtex-store-header-2-x-headerRowContainer--main-header flex w-100 items-center"><div class="vtex-store-header-2-x-headerRowContainer">
<a href="/" class="vtex-store-components-3-x-logoLink vtex-store-components-3-x-logoLink--logo-header"><img class="vtex-store-components-3-x-logoImage" src="https://${o.account}.vtexassets.com/assets/vtex.file-manager-graphql/images/logo___${r.int(1e8, 9e8).toString(16)}.svg" width="180" alt="${esc(s.name)}"></a>
<div class="vtex-store-components-3-x-searchBarContainer vtex-store-components-3-x-searchBarContainer--search-bar pa4 w-100"><form><div class="vtex-input w-100"><input enterkeyhint="search" class="vtex-styleguide-9-x-input w-100 ma0 border-box vtex-styleguide-9-x-hideDecorators bg-base c-on-base b--muted-4 hover-b--muted-3 t-body pl5" placeholder="${esc(ui.search)}" type="text" autocomplete="off" value=""><button class="vtex-store-components-3-x-searchBarIcon" aria-label="${esc(ui.search)}">${icon('search', 'icon', 16)}</button></div></form></div>
<nav class="vtex-menu-2-x-menuContainerNav vtex-menu-2-x-menuContainerNav--header-menu"><ul class="vtex-menu-2-x-menuContainer vtex-menu-2-x-menuContainer--header-menu list flex pl0 mv0 flex-row">${menu}</ul></nav>
<div class="vtex-login-2-x-container vtex-login-2-x-container--header-login"><button class="vtex-button">${icon('user', 'icon', 16)}<span class="vtex-login-2-x-label">${esc(ui.account)}</span></button></div>
<div class="vtex-minicart-2-x-minicartWrapperContainer"><div class="vtex-minicart-2-x-minicartContainer flex flex-column"><div><button class="vtex-button bw1 ba fw5 v-mid relative pa0 lh-solid br2 min-h-regular t-action icon-button dib bg-transparent b--transparent c-action-primary hover-b--transparent hover-bg-action-secondary hover-b--action-secondary pointer" type="button" aria-label="${esc(ui.cart)}"><div class="vtex-button__label flex items-center justify-center h-100 ph4">${icon('cart', 'icon', 20)}<span class="vtex-minicart-2-x-minicartQuantityBadge c-on-emphasis absolute t-mini bg-emphasis br4 w1 h1 pa1 flex justify-center items-center lh-solid">0</span></div></button></div></div></div>
</div></div></div></div></div>`;
}

function footer(o: VtexOpts, r: Rng): string {
  const s = o.site;
  return `<div class="vtex-store-footer-2-x-footerLayout"><div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--footer-newsletter">${newsletterBlock(s, 'vtex-store-newsletter-1-x')}</div>
<div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--footer-links">${footerColumns(s, r, 'vtex-footer')}</div>
<div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--footer-bottom">${socialList(s)}${paymentList(s)}<div class="vtex-rich-text-0-x-container vtex-rich-text-0-x-container--footer-copyright"><p class="lh-copy vtex-rich-text-0-x-paragraph">© ${s.year} ${esc(s.name)} · ${esc(UI[s.lang].rights)} · ${esc(s.address.join(' · '))}</p></div><div class="vtex-store-footer-2-x-poweredBy"><a href="https://vtex.com" target="_blank" rel="noopener noreferrer">Powered by VTEX</a></div></div></div>`;
}

function tail(o: VtexOpts, r: Rng, state: Record<string, unknown>, page: string, route: string): string {
  return `</div></div></div></div>
${runtime(o, r, page, route)}
<template data-type="json" data-varname="__STATE__">
  <script>${jsonInline(state)}</script>
</template>
<template data-type="json" data-varname="__SPRITE__"><script>${jsonInline({ version: 2, icons: Object.fromEntries(repeat(30, (i) => [`icon-${i}`, `M${i} ${i * 2}h${i + 3}v${i + 4}H${i}z`])) })}</script></template>
<script>${vendorJs(r, o.jsKb ?? 60, 'vtexRender')}</script>
<script defer src="https://${o.account}.vtexassets.com/_v/public/assets/v1/npm/react@16.14.0/umd/react.production.min.js"></script>
<script defer src="https://${o.account}.vtexassets.com/_v/public/assets/v1/published/vtex.render-runtime@8.136.1/public/react/runtime.min.js"></script>
</body>
</html>`;
}

export type VtexProductInput = VtexOpts & {
  product: Product;
  shelves: [string, Card[]][];
  /** 'pix' adds the Brazilian "à vista no Pix" spot discount line */
  pixDiscount?: number;
  installmentsMax: number;
};

export function vtexProduct(r: Rng, o: VtexProductInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const p = o.product;
  const v0 = p.variants[0];
  if (!v0) throw new Error('no variant');
  const APP = 'vtex-product-price-1-x';
  const pt = s.lang === 'pt';
  const pid = String(p.id % 1000000);
  const onSale = v0.compare !== undefined && v0.compare > v0.price;
  const meta = `  <meta name="description" content="${esc(
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150),
  )}">
  <meta name="copyright" content="${esc(s.name)}">
  <meta name="author" content="${esc(s.name)}">
  <meta name="country" content="${o.culture.country}">
  <meta name="language" content="${o.culture.locale}">
  <meta name="currency" content="${o.culture.currency}">
  <meta property="og:type" content="product">
  <meta property="og:title" content="${esc(p.title)}">
  <meta property="og:url" content="${o.url}">
  <meta property="og:description" content="${esc(p.title)}">
  <meta property="og:image" content="https://${o.account}.vtexassets.com/arquivos/ids/${pid}/${slug(p.title).slice(0, 40)}.jpg">
  <meta property="product:sku" content="${v0.sku}">
  <meta property="product:price:amount" content="${v0.price}">
  <meta property="product:price:currency" content="${o.culture.currency}">
  <meta property="og:availability" content="instock">
  <link rel="canonical" href="${o.url}">
  <script type="application/ld+json">${jsonInline({
    '@context': 'https://schema.org/',
    '@type': 'Product',
    '@id': `${o.url}`,
    name: p.title,
    brand: { '@type': 'Brand', name: p.brand },
    image: `https://${o.account}.vtexassets.com/arquivos/ids/${pid}/${slug(p.title).slice(0, 40)}.jpg`,
    description: p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300),
    mpn: pid,
    sku: v0.sku,
    category: p.breadcrumbs.join('/'),
    offers: {
      '@type': 'AggregateOffer',
      lowPrice: Math.min(...p.variants.map((v) => v.price)),
      highPrice: Math.max(...p.variants.map((v) => v.price)),
      priceCurrency: o.culture.currency,
      offers: p.variants.map((v) => ({
        '@type': 'Offer',
        price: v.price,
        priceCurrency: o.culture.currency,
        availability: 'http://schema.org/InStock',
        sku: v.sku,
        itemCondition: 'http://schema.org/NewCondition',
        priceValidUntil: `${s.year + 1}-05-20T12:30:45.000Z`,
        seller: { '@type': 'Organization', name: s.name },
      })),
      offerCount: p.variants.length,
    },
  })}</script>`;
  const state: Record<string, unknown> = {};
  const mainState: StateProduct = {
    id: pid,
    name: p.title,
    brand: p.brand,
    link: p.handle,
    price: v0.price,
    list: v0.compare ?? v0.price,
    skus: p.variants.map((v, i) => ({
      id: String(Number(pid) + i + 1),
      name: v.title,
      price: v.price,
      list: v.compare ?? v.price,
    })),
    specs: p.specs,
    category: p.breadcrumbs[0] ?? '',
  };
  stateFor(o, mainState, r, state);
  const shelfCards = o.shelves.flatMap(([, cs]) => cs);
  for (const c of shelfCards) stateFor(o, cardToState(c), r, state);
  for (let i = 0; i < (o.stateExtra ?? 0); i++) {
    const c = shelfCards[i % Math.max(1, shelfCards.length)];
    if (c)
      stateFor(o, { ...cardToState(c), id: String(200000 + i * 7), link: `${slug(c.name)}-${i}` }, r, state);
  }
  const inst = o.installmentsMax;
  const skuSel =
    p.variants.length > 1
      ? `<div class="vtex-store-components-3-x-skuSelectorContainer"><div class="vtex-store-components-3-x-skuSelectorSubcontainer vtex-store-components-3-x-skuSelectorSubcontainer--${slug(p.optionName ?? ui.color)} flex flex-column mb7"><div class="vtex-store-components-3-x-skuSelectorNameContainer ma1"><div class="vtex-store-components-3-x-skuSelectorTextContainer db mb3"><span class="vtex-store-components-3-x-skuSelectorName c-muted-1 t-small overflow-hidden">${esc(p.optionName ?? ui.color)}</span><span class="vtex-store-components-3-x-skuSelectorSelectorImageValue c-on-base t-small">${esc(v0.title)}</span></div><div class="vtex-store-components-3-x-skuSelectorOptionsList w-100 inline-flex flex-wrap ml2 items-center">${p.variants
          .map(
            (v, i) =>
              `<div class="vtex-store-components-3-x-skuSelectorItem vtex-store-components-3-x-skuSelectorItem--${slug(v.title)}${i === 0 ? ' vtex-store-components-3-x-skuSelectorItem--selected' : ''} relative di pointer flex items-center outline-0 ma2" role="button" tabindex="0"><div class="absolute absolute--fill br3 b--muted-4 ba bw1"></div><div class="vtex-store-components-3-x-frameAround absolute b--action-primary br3 bw1 ba"></div><div class="vtex-store-components-3-x-skuSelectorInternalBox w-100 h-100 b--muted-4 br2 b z-1 c-muted-5 flex items-center overflow-hidden"><div class="vtex-store-components-3-x-skuSelectorItemTextValue t-body c-on-base center pl5 pr5 z-1">${esc(v.title)}</div></div></div>`,
          )
          .join('')}</div></div></div></div>`
      : '';
  const body = `
${header(o, r)}
<div class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div data-testid="breadcrumb" class="vtex-breadcrumb-1-x-container pv3"><a class="vtex-breadcrumb-1-x-link vtex-breadcrumb-1-x-link--home dib pv1 link ph2 c-muted-2 hover-c-link" href="/">${icon('pin', 'icon', 16)}<span class="vtex-breadcrumb-1-x-homeLinkText">${esc(ui.home)}</span></a>${p.breadcrumbs
    .map(
      (b, i) =>
        `<span class="vtex-breadcrumb-1-x-arrow vtex-breadcrumb-1-x-arrow--${i + 1} ph2 c-muted-2"><span class="vtex-breadcrumb-1-x-caretIcon">/</span><a class="vtex-breadcrumb-1-x-link vtex-breadcrumb-1-x-link--${i + 1} dib pv1 link ph2 c-muted-2 hover-c-link" href="/${slug(b)}">${esc(b)}</a></span>`,
    )
    .join(
      '',
    )}<span class="vtex-breadcrumb-1-x-arrow vtex-breadcrumb-1-x-arrow--${p.breadcrumbs.length + 1} ph2 c-muted-2"><span class="vtex-breadcrumb-1-x-term ph2 c-on-base">${esc(p.title)}</span></span></div></div>
<div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--product-main"><section class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div class="flex mt0 mb0 pt0 pb0 justify-start vtex-flex-layout-0-x-flexRowContent vtex-flex-layout-0-x-flexRowContent--product-main items-stretch w-100">
<div class="pr0 items-stretch vtex-flex-layout-0-x-stretchChildrenWidth flex" style="width:60%"><div class="vtex-store-components-3-x-carouselContainer relative overflow-hidden w-100" aria-label="Product images"><div class="swiper-container swiper-container-initialized swiper-container-horizontal">${p.images
    .map(
      (img, i) =>
        `<div class="swiper-slide vtex-store-components-3-x-productImagesGallerySlide center-all${i === 0 ? ' swiper-slide-active' : ''}"><div class="vtex-store-components-3-x-productImage"><img src="https://${o.account}.vtexassets.com/arquivos/ids/${Number(pid) * 10 + i}-1200-auto?v=638${r.int(100000000000000, 999999999999999)}&amp;width=1200&amp;height=auto&amp;aspect=true" alt="${esc(p.title)}" class="vtex-store-components-3-x-productImageTag vtex-store-components-3-x-productImageTag--main" style="max-height:600px" loading="${i ? 'lazy' : 'eager'}"></div></div>`,
    )
    .join('')}</div></div></div>
<div class="pr0 items-stretch vtex-flex-layout-0-x-stretchChildrenWidth flex" style="width:40%"><div class="vtex-flex-layout-0-x-flexCol vtex-flex-layout-0-x-flexCol--product-info ml0 mr0 pl0 pr0 flex flex-column h-100 w-100">
<div class="vtex-flex-layout-0-x-flexColChild pb0"><h1 class="vtex-store-components-3-x-productNameContainer mv0 t-heading-4"><span class="vtex-store-components-3-x-productBrand ">${esc(p.title)}</span></h1></div>
<div class="vtex-flex-layout-0-x-flexColChild pb0"><div class="vtex-store-components-3-x-productBrandContainer"><span class="vtex-store-components-3-x-productBrandName">${esc(p.brand)}</span></div><span class="vtex-product-identifier-0-x-product-identifier vtex-product-identifier-0-x-product-identifier--productReference"><span class="vtex-product-identifier-0-x-product-identifier__label">${pt ? 'Cód.' : 'Ref.'}</span><span class="vtex-product-identifier-0-x-product-identifier__separator">: </span><span class="vtex-product-identifier-0-x-product-identifier__value">${esc(v0.sku)}</span></span></div>
<div class="vtex-flex-layout-0-x-flexColChild pb0"><div class="vtex-reviews-and-ratings-3-x-summaryContainer"><span class="vtex-reviews-and-ratings-3-x-stars">★★★★★</span><span class="review__rating--average dib v-mid">${p.rating.toFixed(1)}</span><span class="review__rating--count dib v-mid">(${p.reviewCount})</span></div></div>
${onSale ? `<div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-listPrice ${APP}-listPrice--isUnavailable"><span class="${APP}-listPriceValue strike">${vtexSplit(o, v0.compare ?? 0)}</span></span></div>` : ''}
<div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-sellingPrice${onSale ? ` ${APP}-sellingPrice--hasListPrice` : ''}"><span class="${APP}-sellingPriceValue">${vtexSplit(o, v0.price)}</span></span></div>
${onSale ? `<div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-savings"><span class="${APP}-savingsValue">${pt ? 'Economize' : 'Ahorras'} ${vtexText(o, Math.round(((v0.compare ?? 0) - v0.price) * 100) / 100)}</span> <span class="${APP}-savingsPercentage">${Math.round((1 - v0.price / (v0.compare ?? 1)) * 100)}%</span></span></div>` : ''}
<div class="vtex-flex-layout-0-x-flexColChild pb0"><span class="${APP}-installments">${pt ? 'em até ' : 'Hasta '}<span class="${APP}-installmentsNumber">${inst}</span>x ${pt ? 'de' : 'de'} <span class="${APP}-installmentValue">${vtexSplit(o, Math.round((v0.price / inst) * 100) / 100)}</span> ${pt ? 'sem juros' : 'sin intereses'}</span></div>
${o.pixDiscount ? `<div class="vtex-flex-layout-0-x-flexColChild pb0"><div class="${o.account}-pix-price-0-x-container"><span class="${o.account}-pix-price-0-x-value">${vtexSplit(o, Math.round(v0.price * (1 - o.pixDiscount) * 100) / 100)}</span> <span class="${o.account}-pix-price-0-x-label">à vista no Pix (${Math.round(o.pixDiscount * 100)}% de desconto)</span></div></div>` : ''}
<div class="vtex-flex-layout-0-x-flexColChild pb0">${skuSel}</div>
<div class="vtex-flex-layout-0-x-flexColChild pb0"><div class="vtex-product-quantity-1-x-quantitySelectorContainer flex flex-column mb4"><div class="vtex-product-quantity-1-x-quantitySelectorTitle mb3 c-muted-2 t-body">${esc(ui.quantity)}</div><div class="vtex-product-quantity-1-x-quantitySelectorStepper"><div class="vtex-numeric-stepper-wrapper"><div class="vtex-numeric-stepper-container flex"><input type="tel" class="vtex-numeric-stepper__input t-body pv0 ma0 ba b--muted-4 z-2 h-small br0 tc" inputmode="numeric" value="1"><div class="vtex-numeric-stepper__plus-button-container"><button type="button" class="vtex-numeric-stepper__plus-button">+</button></div><div class="vtex-numeric-stepper__minus-button-container"><button type="button" class="vtex-numeric-stepper__minus-button" disabled>−</button></div></div></div></div></div></div>
<div class="vtex-flex-layout-0-x-flexColChild pb0"><button class="vtex-button bw1 ba fw5 v-mid relative pa0 lh-solid br2 min-h-regular t-action bg-action-primary b--action-primary c-on-action-primary hover-bg-action-primary hover-b--action-primary hover-c-on-action-primary pointer w-100" type="button"><div class="vtex-button__label flex items-center justify-center h-100 ph6"><div class="vtex-add-to-cart-button-0-x-buttonDataContainer flex justify-center"><span class="vtex-add-to-cart-button-0-x-buttonText">${esc(ui.addToCart)}</span></div></div></button></div>
<div class="vtex-flex-layout-0-x-flexColChild pb0"><div class="vtex-store-components-3-x-shippingContainer t-small c-on-base"><label class="vtex-input w-100"><span class="vtex-input__label db mb3 w-100 c-on-base t-small">${pt ? 'Calcular frete e prazo' : 'Calcular envío'}</span><input placeholder="${pt ? '00000-000' : 'Código postal'}" class="vtex-styleguide-9-x-input ma0 border-box" type="text" value=""></label><button class="vtex-button" type="submit">OK</button></div></div>
</div></div></div></section></div>
<div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--description"><section class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div class="vtex-store-components-3-x-productDescriptionContainer"><h2 class="vtex-store-components-3-x-productDescriptionTitle t-heading-5 mb5 mt0">${esc(ui.description)}</h2><div class="vtex-store-components-3-x-productDescriptionText c-muted-1"><div class="vtex-store-components-3-x-content h-auto">${p.descriptionHtml}</div></div></div>
<div class="vtex-store-components-3-x-specificationsTableContainer mt9 mt0-l pl8-l"><h2 class="vtex-store-components-3-x-specificationsTitle t-heading-5 mb5 mt0">${esc(ui.specs)}</h2><table class="vtex-store-components-3-x-specificationsTable w-100 bg-base c-muted-1 ba b--muted-5"><thead><tr class="w-100"><th class="w-50 b--muted-5 bb pa5">${pt ? 'Propriedade' : 'Propiedad'}</th><th class="w-50 b--muted-5 bb pa5">${pt ? 'Especificação' : 'Especificación'}</th></tr></thead><tbody>${p.specs
    .map(
      ([k, v]) =>
        `<tr><td class="vtex-store-components-3-x-specificationItemProperty w-50 b--muted-5 bb pa5" data-specification="${esc(k)}">${esc(k)}</td><td class="vtex-store-components-3-x-specificationItemSpecifications w-50 b--muted-5 bb pa5" data-specification="${esc(v)}">${esc(v)}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<div class="vtex-store-components-3-x-policies">${policyText(s, (v) => vtexText(o, v))}</div></section></div>
${o.shelves.map(([title, cards], i) => shelf(o, `shelf-${i}`, title, cards)).join('\n')}
<div class="vtex-flex-layout-0-x-flexRow vtex-flex-layout-0-x-flexRow--reviews"><section class="vtex-store-components-3-x-container ph3 ph5-m ph2-xl mw9 center"><div class="vtex-reviews-and-ratings-3-x-container"><h3 class="vtex-reviews-and-ratings-3-x-reviewsHeading">${esc(ui.reviews)}</h3><div class="vtex-reviews-and-ratings-3-x-reviewsRating"><span class="t-heading-2">${p.rating.toFixed(1)}</span> <span class="vtex-reviews-and-ratings-3-x-reviewsRatingCount">${esc(ui.reviewsCount(p.reviewCount))}</span></div>${p.reviews
    .map(
      (rv) =>
        `<div class="vtex-reviews-and-ratings-3-x-review pv5"><div class="vtex-reviews-and-ratings-3-x-reviewCommentRating">${'★'.repeat(rv.rating)}${'☆'.repeat(5 - rv.rating)}</div><h5 class="vtex-reviews-and-ratings-3-x-reviewCommentTitle">${esc(rv.title)}</h5><ul class="vtex-reviews-and-ratings-3-x-reviewCommentsContainer"><li><span class="b">${pt ? 'Enviado em' : 'Publicado el'}</span> ${String(rv.date[2]).padStart(2, '0')}/${String(rv.date[1]).padStart(2, '0')}/${rv.date[0]}</li><li><span class="b">${pt ? 'Por' : 'Por'}</span> ${esc(rv.author)}</li></ul><p class="vtex-reviews-and-ratings-3-x-reviewCommentText">${esc(rv.body)}</p></div>`,
    )
    .join('')}</div></section></div>
${footer(o, r)}`;
  return head(o, r, `${p.title} - ${s.name}`, meta) + body + tail(o, r, state, 'product', p.handle);
}

export type VtexSearchInput = VtexOpts & { term: string; cards: Card[]; total: number };

export function vtexSearch(r: Rng, o: VtexSearchInput): string {
  const s = o.site;
  const ui = UI[s.lang];
  const state: Record<string, unknown> = {};
  for (const c of o.cards) stateFor(o, cardToState(c), r, state);
  for (let i = 0; i < (o.stateExtra ?? 0); i++) {
    const c = o.cards[i % o.cards.length];
    if (c)
      stateFor(
        o,
        { ...cardToState(c), id: String(300000 + i * 11), link: `${slug(c.name)}-p${i}` },
        r,
        state,
      );
  }
  state[`$ROOT_QUERY.productSearch({"query":"${o.term}","from":0,"to":${o.cards.length - 1}})`] = {
    products: o.cards.map((c) => ({
      type: 'id',
      generated: false,
      id: `Product:sp-${100000 + (c.id % 899999)}`,
      typename: 'Product',
    })),
    recordsFiltered: o.total,
    __typename: 'ProductSearch',
  };
  const meta = `  <meta name="description" content="${esc(o.term)} - ${esc(s.name)}">
  <meta name="robots" content="noindex,follow">
  <link rel="canonical" href="${o.url}">`;
  const prices = o.cards.map((c) => c.price);
  const ranges = [0, 0.25, 0.5, 0.75].map((f) =>
    Math.round(Math.min(...prices) + f * (Math.max(...prices) - Math.min(...prices))),
  );
  const body = `
${header(o, r)}
<div class="vtex-search-result-3-x-searchResultContainer vtex-search-result-3-x-searchResultContainer--srp flex flex-column flex-grow-1 pa3 w-100 mw9 center">
<div class="vtex-search-result-3-x-breadcrumb"><div data-testid="breadcrumb" class="vtex-breadcrumb-1-x-container pv3"><a class="vtex-breadcrumb-1-x-link vtex-breadcrumb-1-x-link--home" href="/">${esc(ui.home)}</a><span class="vtex-breadcrumb-1-x-arrow ph2 c-muted-2">/</span><span class="vtex-breadcrumb-1-x-term ph2 c-on-base">${esc(o.term)}</span></div></div>
<div class="vtex-search-result-3-x-galleryTitle--layout t-heading-1">${esc(o.term)}</div>
<div class="vtex-search-result-3-x-totalProducts--layout pv5 ph9 bn-ns bt-s b--muted-5 tc-s tl t-action--small"><span>${o.total} ${s.lang === 'pt' ? 'Produtos' : 'Productos'}</span></div>
<div class="flex"><div class="vtex-search-result-3-x-filters--layout" style="width:20%"><div class="vtex-search-result-3-x-filter__container bb b--muted-4 vtex-search-result-3-x-filter__container--priceRange"><div class="vtex-search-result-3-x-filterTitle t-body c-on-base">${s.lang === 'pt' ? 'Faixa de preço' : 'Precio'}</div>${ranges
    .map(
      (lo, i) =>
        `<div class="vtex-search-result-3-x-filterItem vtex-search-result-3-x-filterItem--${i} lh-copy w-100"><div class="vtex-checkbox__line-container"><input type="checkbox" id="priceRange-${i}" class="vtex-checkbox__input" value="${lo} TO ${ranges[i + 1] ?? Math.ceil(Math.max(...prices))}"><label for="priceRange-${i}" class="vtex-checkbox__label">${esc(vtexText(o, lo))} - ${esc(vtexText(o, ranges[i + 1] ?? Math.ceil(Math.max(...prices))))}</label></div></div>`,
    )
    .join(
      '',
    )}</div><div class="vtex-search-result-3-x-filter__container vtex-search-result-3-x-filter__container--brand"><div class="vtex-search-result-3-x-filterTitle">${s.lang === 'pt' ? 'Marca' : 'Marca'}</div>${[
    ...new Set(o.cards.map((c) => c.brand)),
  ]
    .map(
      (b, i) =>
        `<div class="vtex-search-result-3-x-filterItem"><input type="checkbox" id="brand-${i}"><label for="brand-${i}">${esc(b ?? '')}</label></div>`,
    )
    .join('')}</div></div>
<div class="vtex-search-result-3-x-gallery flex flex-row flex-wrap items-stretch bn ph1 na4 pl9-l" style="width:80%">${o.cards
    .map(
      (c, i) =>
        `<div class="vtex-search-result-3-x-galleryItem vtex-search-result-3-x-galleryItem--normal vtex-search-result-3-x-galleryItem--grid pa4" style="flex-basis:25%;max-width:25%">${summaryCard(o, c, i, 'search')}</div>`,
    )
    .join('')}</div></div>
<div class="vtex-search-result-3-x-buttonShowMore w-100 flex justify-center"><a href="${o.url}&amp;page=2" class="vtex-button">${s.lang === 'pt' ? 'Mostrar mais' : 'Mostrar más'}</a></div>
</div>
${footer(o, r)}`;
  return head(o, r, `${o.term} - ${s.name}`, meta) + body + tail(o, r, state, 'search', o.term);
}
