import { describe, expect, it } from 'vitest';
import { extractPage, needsRendering } from './extract-page.ts';
import { offer, readFixture, summary } from './extractors/fixture-helpers.ts';
import { shopifyProductsUrl, woocommerceStoreApiUrl } from './platform-endpoints.ts';

describe('extractPage', () => {
  it('merges what JSON-LD, microdata, Open Graph and the text say about one product', () => {
    const offers = extractPage({
      html: readFixture('page-product-all-sources.html'),
      url: 'https://fila3d.mx/p/pla',
    }).offers;
    expect(offers.map(summary)).toEqual([
      offer('Filamento PLA 1 kg Blanco', '399', 'MXN', {
        category: 'materials',
        subcategory: 'Filaments',
        material: 'pla',
        unit: 'kg',
        price_type: 'purchase',
        includes_tax: true,
      }),
    ]);
    const [merged] = offers;
    expect(merged?.extractor).toBe('json_ld');
    expect(merged?.field_extractors).toMatchObject({
      price: 'json_ld',
      offer_name: 'json_ld',
      includes_tax: 'microdata',
    });
    expect(merged?.selectors.price).toBe('ld+json[0] $.offers.price');
  });

  it('prefers the operator’s selectors and keeps their selector per field', () => {
    const offers = extractPage({
      html: readFixture('selectors-price-list.html'),
      url: 'https://router.example.mx/precios',
      selectors: { item: 'article.svc', name: '.svc-name', price: '.svc-price .amount' },
    }).offers;
    expect(offers.map((o) => [o.offer_name, o.price, o.extractor])).toEqual([
      ['Router CNC en MDF', '750', 'selectors'],
      ['Corte láser CO2 en acrílico', '1150', 'selectors'],
    ]);
    expect(offers[0]?.field_extractors).toMatchObject({
      price: 'selectors',
      offer_name: 'selectors',
      includes_tax: 'selectors',
    });
    expect(offers[0]?.selectors.price).toBe('article.svc:nth-of-type(1) .svc-price .amount');
  });

  it('reads a bare $ as USD on a site whose meta says USD', () => {
    const offers = extractPage({
      html: readFixture('page-us-site-usd-meta.html'),
      url: 'https://printlab.com/pricing',
    }).offers;
    expect(offers.map((o) => [o.offer_name, o.price, o.currency, o.unit])).toEqual([
      ['SLA printing in standard resin', '0.45', 'USD', 'cm3'],
      ['MJF printing in PA12', '0.38', 'USD', 'cm3'],
      ['Design consultation', '95', 'USD', 'hour'],
    ]);
  });

  it('routes JSON bodies to the Shopify or WooCommerce reader', () => {
    const shopify = extractPage({
      json: JSON.parse(readFixture('shopify-products.json')),
      url: 'https://filashop.mx/products.json',
    }).offers;
    expect(shopify.map((o) => o.extractor)).toEqual(['shopify', 'shopify', 'shopify']);
    const woo = extractPage({
      html: readFixture('woocommerce-products.json'),
      contentType: 'application/json',
      url: 'https://tienda.mx/wp-json/wc/store/v1/products',
    }).offers;
    // Four products, one in COP: every currency is reported.
    expect(woo.map((o) => [o.extractor, o.currency])).toEqual([
      ['woocommerce', 'MXN'],
      ['woocommerce', 'MXN'],
      ['woocommerce', 'USD'],
      ['woocommerce', 'COP'],
    ]);
    expect(extractPage({ json: { hello: 'world' }, url: 'https://x/' }).offers).toEqual([]);
  });

  it('accepts any category hint and uses only catalogue ones', () => {
    const html = '<ul><li>Acrílico 3 mm: $9 por minuto</li></ul>';
    expect(
      extractPage({ html, url: 'https://x.mx/', categoryHint: 'laser_cutting' }).offers[0]?.category,
    ).toBe('laser_cutting');
    expect(extractPage({ html, url: 'https://x.mx/', categoryHint: 'bogus' }).offers[0]?.category).toBeNull();
  });

  it.each(['text-blog-no-offers.html', 'text-installments-shipping-only.html'])(
    '%s has no offers',
    (fixture) => expect(extractPage({ html: readFixture(fixture), url: 'https://x.mx/' }).offers).toEqual([]),
  );
});

describe('needsRendering', () => {
  it.each([
    ['page-spa-shell.html', true],
    ['page-loading-placeholders.html', true],
    ['text-blog-no-offers.html', false],
    ['page-product-all-sources.html', false],
    ['text-table-es-mas-iva.html', false],
  ] as const)('%s → %s', (fixture, expected) => {
    expect(needsRendering(readFixture(fixture))).toBe(expected);
  });
});

describe('platform endpoints', () => {
  it('finds the Shopify products.json, in the collection when on one', () => {
    const html = readFixture('page-shopify-theme.html');
    expect(shopifyProductsUrl(html, 'https://filashop.mx/')).toBe(
      'https://filashop.mx/products.json?limit=250',
    );
    expect(shopifyProductsUrl(html, 'https://filashop.mx/collections/filamentos?page=2')).toBe(
      'https://filashop.mx/collections/filamentos/products.json?limit=250',
    );
    expect(shopifyProductsUrl(readFixture('page-woocommerce-theme.html'), 'https://x.mx/')).toBeNull();
  });

  it('finds the WooCommerce Store API at the WordPress REST root', () => {
    const html = readFixture('page-woocommerce-theme.html');
    expect(woocommerceStoreApiUrl(html, 'https://makerlaser.mx/tienda/')).toBe(
      'https://makerlaser.mx/tienda/wp-json/wc/store/v1/products?per_page=100',
    );
    expect(woocommerceStoreApiUrl('<body class="woocommerce">', 'https://a.mx/x')).toBe(
      'https://a.mx/wp-json/wc/store/v1/products?per_page=100',
    );
    expect(woocommerceStoreApiUrl(readFixture('page-shopify-theme.html'), 'https://x.mx/')).toBeNull();
    expect(woocommerceStoreApiUrl(html, 'not a url')).toBeNull();
  });
});

describe('currency from evidence', () => {
  const currencyOf = (html: string, url: string) => {
    const [first] = extractPage({ html: `${html}<p>Servicio de impresión 3D: $450.50</p>`, url }).offers;
    return [first?.currency ?? null, first?.currency_evidence.basis ?? null];
  };
  it.each([
    ['<meta property="product:price:currency" content="USD">', 'https://a.com/', 'USD', 'structured_data'],
    [
      '<script type="application/ld+json">{"priceCurrency":"COP"}</script>',
      'https://a.com/',
      'COP',
      'structured_data',
    ],
    [
      '<script>Shopify.currency = {"active":"CAD","rate":"1.0"};</script>',
      'https://a.com/',
      'CAD',
      'structured_data',
    ],
    ['<p>Todos los precios en dólares americanos</p>', 'https://a.com/', 'USD', 'code'],
    ['<html lang="es-CO"><p>hola</p>', 'https://a.com/', 'COP', 'page_locale'],
    ['<html lang="en-US"><p>hi</p>', 'https://a.com/', 'USD', 'page_locale'],
    ['<p>hola</p>', 'https://tienda.com.co/', 'COP', 'domain'],
    ['<p>hola</p>', 'https://tienda.com.mx/', 'MXN', 'domain'],
    ['<p>hola</p>', 'https://tienda.ec/', 'USD', 'domain'],
    ['<p>hola</p>', 'https://tienda.com.sv/', 'USD', 'domain'],
    ['<footer><a href="tel:+525512345678">Llámanos</a></footer>', 'https://a.com/', 'MXN', 'phone'],
    ['<address>Av. Reforma 222, Ciudad de México</address>', 'https://a.com/', 'MXN', 'address'],
    ['<p>hola</p>', 'https://tienda.com/', null, 'none'],
    // A switcher listing three currencies in the shop settings decides nothing; the domain does.
    [
      '<script>var c = [{"currency":"USD"},{"currency":"MXN"},{"currency":"EUR"}]</script>',
      'https://a.com.mx/',
      'MXN',
      'domain',
    ],
  ] as const)('%s at %s → %s by %s', (html, url, currency, basis) => {
    expect(currencyOf(html, url)).toEqual([currency, basis]);
  });

  it('reads a lone $ as the code the page writes beside it elsewhere, either side', () => {
    for (const priced of [
      '<li>Corte láser: $12 MXN por minuto</li>',
      '<li>Corte láser: MXN $12 por minuto</li>',
    ]) {
      const html = `<ul>${priced}<li>Servicio de impresión 3D: $450.50 por pieza</li></ul>`;
      const lone = extractPage({ html, url: 'https://a.com/' }).offers.find((o) => o.price === '450.5');
      expect(lone?.currency).toBe('MXN');
      expect(lone?.currency_evidence).toMatchObject({ basis: 'code', mark: '$' });
    }
  });

  it('takes the strongest evidence first: structured data over the domain', () => {
    expect(currencyOf('<meta property="og:price:currency" content="USD">', 'https://tienda.com.mx/')).toEqual(
      ['USD', 'structured_data'],
    );
  });
});
