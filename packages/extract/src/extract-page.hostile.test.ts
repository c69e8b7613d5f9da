import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page.ts';

// Generous budgets: these tests prove a result or a reason, not a speed (bench:extract measures).
const read = (html: string, url = 'https://tienda.example.mx/precios') =>
  extractPage({ html, url, budgetMs: 60_000 });

describe('hostile and huge pages get a result or a reason', () => {
  it('reads a page of 5,000 and of 10,000 nested elements, closed or not', () => {
    for (const html of [
      `${'<div>'.repeat(5000)}<p>Pieza: $45 MXN</p>${'</div>'.repeat(5000)}`,
      `${'<div>'.repeat(10000)}<p>Pieza: $45 MXN</p>${'</div>'.repeat(10000)}`,
      `${'<span>'.repeat(10000)}Pieza: $45 MXN`,
    ])
      expect(read(html).offers.map((o) => [o.offer_name, o.price, o.currency])).toEqual([
        ['Pieza', '45', 'MXN'],
      ]);
  });

  it('reads a 5 MB page of unclosed elements, saying it stopped early', () => {
    let html = '';
    while (html.length < 5_000_000) html += '<div><span>Pieza $45 MXN</span>';
    const reading = read(html, 'https://tienda.example.mx/');
    expect(reading.truncated).toBe(true);
    expect(reading.offers[0]).toMatchObject({ price: '45', currency: 'MXN' });
  });

  it('caps 10,000 prices at the offers a page may give', () => {
    const html = `<ul>${Array.from({ length: 10_000 }, (_, i) => `<li>Servicio ${i}: $${i + 1}.50 MXN</li>`).join('')}</ul>`;
    const { offers } = read(html);
    expect(offers).toHaveLength(500);
    expect(offers[0]).toMatchObject({ offer_name: 'Servicio 0', price: '1.5' });
  });

  it('reads a table of 50,000 rows as far as its row limit', () => {
    const rows = Array.from(
      { length: 50_000 },
      (_, i) => `<tr><td>Corte ${i}</td><td>$${i + 10}</td></tr>`,
    ).join('');
    const { offers } = read(`<table><tr><th>Servicio</th><th>Precio MXN</th></tr>${rows}</table>`);
    expect(offers.length).toBe(500);
    expect(offers[1]).toMatchObject({ offer_name: 'Corte 1', price: '11', currency: 'MXN' });
  });

  it('gives nothing for a binary body, and no error', () => {
    const bytes = Array.from({ length: 200_000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    expect(read(bytes)).toMatchObject({ offers: [], refused: [] });
    const noNul = Array.from({ length: 200_000 }, (_, i) => String.fromCharCode(1 + ((i * 7919) % 255))).join(
      '',
    );
    expect(read(noNul).offers).toEqual([]);
  });

  it('skips invalid JSON-LD and still reads the page', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Product","name":"X","offers":{"price": 45,</script>' +
      `<script type="application/ld+json">${'['.repeat(50_000)}${']'.repeat(50_000)}</script>` +
      '<ul><li>Impresión FDM: $45 MXN por pieza</li></ul>';
    expect(read(html).offers.map((o) => o.price)).toEqual(['45']);
  });

  it('refuses absurd, negative, zero and exponent prices in structured data, with the reason', () => {
    const ld = JSON.stringify([
      { '@type': 'Product', name: 'A', offers: { price: 1e308, priceCurrency: 'USD' } },
      { '@type': 'Product', name: 'B', offers: { price: -45, priceCurrency: 'USD' } },
      { '@type': 'Product', name: 'C', offers: { price: '1e5', priceCurrency: 'USD' } },
      { '@type': 'Product', name: 'D', offers: { price: '0.00', priceCurrency: 'USD' } },
    ]);
    const reading = read(`<script type="application/ld+json">${ld}</script>`);
    expect(reading.offers).toEqual([]);
    expect(reading.refused.map((r) => r.reason)).toEqual([
      'out_of_range',
      'not_positive',
      'out_of_range',
      'not_positive',
    ]);
  });

  it('stops at its time budget with a clear reason', () => {
    const html = `<ul>${'<li>Pieza impresa en PLA: $45.50 MXN</li>'.repeat(40_000)}</ul>`;
    expect(() => extractPage({ html, url: 'https://x.example.mx/', budgetMs: 1 })).toThrow(
      expect.objectContaining({ code: 'extraction_timeout' }),
    );
  });
});

describe('what the issue found wrong on real pages', () => {
  it('reads the simplest product page as one offer: the name from JSON-LD, unit and tax from the text', () => {
    const html =
      '<html lang="es"><body><h1>Impresión 3D SLA</h1>' +
      '<p>Servicio de impresión 3D SLA por pieza: $450.50 MXN IVA incluido</p>' +
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Impresión 3D SLA",' +
      '"offers":{"@type":"Offer","price":"450.50","priceCurrency":"MXN"}}</script></body></html>';
    const reading = read(html, 'https://fab.example.com/servicios/sla');
    expect(reading.page_kind).toBe('product');
    expect(reading.offers.map((o) => [o.offer_name, o.price, o.currency, o.unit, o.includes_tax])).toEqual([
      ['Impresión 3D SLA', '450.5', 'MXN', 'piece', true],
    ]);
  });

  it('never joins the digits of neighbouring elements, and joins split cents', () => {
    const page = (price: string) =>
      `<html lang="es-MX"><body><h1>Inserto roscado M3</h1><div class="price">${price}</div><button>Agregar al carrito</button></body></html>`;
    const first = (price: string) => read(page(price)).offers[0]?.price;
    expect(first('<span>$2.22</span><span>0 vendidos</span>')).toBe('2.22');
    expect(first('<span>$45</span><span>3 piezas disponibles</span>')).toBe('45');
    expect(first('<span>$1,299</span><sup>00</sup>')).toBe('1299');
    expect(first('<span>$1,299</span><sup>50</sup>')).toBe('1299.5');
  });

  it('reads a product page without its spec table, dates, review counts, carousel or header cart', () => {
    const card = (name: string, price: string) =>
      `<div class="card"><h3>${name}</h3><span class="price">${price}</span></div>`;
    const html = `<html lang="de-DE"><body>
      <header class="site-header"><a class="cart">Warenkorb (0) 0,00 €</a></header>
      <main><h1>Resin Cleaner 200 ml</h1><div class="product-prices"><span class="price">12,90 €</span></div>
      <button>In den Warenkorb</button>
      <table class="data-sheet"><tr><td>Inhalt</td><td>200 ml</td></tr><tr><td>Gewicht</td><td>0,25 kg</td></tr></table>
      <p>128 Bewertungen · zuletzt am July 31, 2018</p>
      <section class="related-products"><h2>Das könnte dir auch gefallen</h2>
      ${card('IPA 1 L', '9,90 €')}${card('Handschuhe', '4,50 €')}${card('Spachtel', '3,20 €')}</section></main>
      <footer>© 2025 · Tel. +49 30 1234567</footer></body></html>`;
    const reading = read(html, 'https://shop.example.de/resin-cleaner-200ml');
    expect(reading.page_kind).toBe('product');
    expect(reading.offers.map((o) => [o.price, o.currency])).toEqual([['12.9', 'EUR']]);
  });

  it('finds the buy box from a theme’s product title when the only <h1> is the logo', () => {
    const card = (n: string, p: string) =>
      `<div class="card"><h3>${n}</h3><span class="price">${p}</span></div>`;
    const html = `<html lang="es-MX"><body><header class="site-header"><h1 class="logo">Tienda</h1></header><main>
      <div class="product"><h2 class="product_title">Boquilla 0.4 mm</h2><p class="price">$89.00</p>
      <button>Agregar al carrito</button></div>
      <section class="related"><h2>Productos relacionados</h2>${card('A', '$10')}${card('B', '$20')}</section>
      </main></body></html>`;
    const reading = read(html, 'https://x.example.mx/producto/boquilla');
    expect(reading.page_kind).toBe('product');
    expect(reading.offers.map((o) => [o.offer_name, o.price])).toEqual([['Boquilla 0.4 mm', '89']]);
  });

  it('takes the sale price the page shows over the regular price its structured data states', () => {
    const html = `<html lang="es-MX"><body><h1>Lámina de acrílico 3 mm</h1>
      <div class="price-box"><s class="price-compare">$999.00</s> <span class="price">$849.00</span></div>
      <button>Agregar al carrito</button>
      <script type="application/ld+json">{"@type":"Product","name":"Lámina de acrílico 3 mm","offers":{"@type":"Offer","price":"999.00","priceCurrency":"MXN"}}</script>
      </body></html>`;
    expect(read(html).offers.map((o) => [o.offer_name, o.price])).toEqual([
      ['Lámina de acrílico 3 mm', '849'],
    ]);
  });

  it('takes the price a shopper pays over a structured one in another currency or before tax', () => {
    const ld = (price: string, currency: string) =>
      `<script type="application/ld+json">{"@type":"Product","name":"Casaca","offers":{"@type":"Offer","price":"${price}","priceCurrency":"${currency}"}}</script>`;
    const page = (body: string) =>
      `<html lang="es-PE"><body><h1>Casaca</h1>${body}<button>Añadir al carrito</button></body></html>`;
    expect(
      read(page(`<p class="price">S/ 189.90</p>${ld('49.90', 'USD')}`), 'https://x.example.pe/p').offers[0],
    ).toMatchObject({
      price: '189.9',
      currency: 'PEN',
    });
    const magento = `<div class="price-box"><span class="price-wrapper price-including-tax">£1,299.00</span>
      <span class="price-wrapper price-excluding-tax">£1,082.50</span></div>`;
    expect(read(page(magento + ld('1082.50', 'GBP')), 'https://x.example.co.uk/sofa').offers[0]?.price).toBe(
      '1299',
    );
  });

  it('reads a page that says it is an article as one, whatever tables its prose holds', () => {
    const rows = ['FDM $4,999', 'FDM $6,499', 'Resina $5,290'].map(
      (r) => `<tr><td>${r.split(' ')[0]}</td><td>${r.split(' ')[1]}</td></tr>`,
    );
    const html = `<html lang="es-MX"><head><meta property="og:type" content="website"><meta property="og:type" content="article">
      <script type="application/ld+json">{"@type":"BlogPosting","headline":"Costos"}</script></head><body><article>
      <h1>¿Cuánto cuesta una impresora 3D?</h1><table><tr><th>Tipo</th><th>Precio</th></tr>${rows.join('')}</table></article></body></html>`;
    expect(read(html, 'https://x.example.mx/blogs/noticias/costos')).toMatchObject({
      page_kind: 'article',
      offers: [],
    });
  });

  it('keeps one offer per item of a dual-currency list, in the first currency', () => {
    const html = `<html lang="es-MX"><body><h1>Precios</h1><table>
      <tr><th>Servicio</th><th>Precio MXN</th><th>Precio USD</th></tr>
      <tr><td>Hora de cortadora láser</td><td>$450.00</td><td>US$ 25.00</td></tr>
      <tr><td>Hora de router CNC</td><td>$600.00</td><td>US$ 34.00</td></tr></table>
      <ul><li>Membresía mensual: $1,850.00 MXN / US$ 105.00</li></ul>
      <p>Tipo de cambio de referencia (TC: $17.60).</p></body></html>`;
    expect(read(html).offers.map((o) => [o.offer_name, o.price, o.currency])).toEqual([
      ['Hora de cortadora láser', '450', 'MXN'],
      ['Hora de router CNC', '600', 'MXN'],
      ['Membresía mensual', '1850', 'MXN'],
    ]);
  });

  it('gives no offers for a blog post quoting market prices', () => {
    const html = `<html lang="es-MX"><head><meta property="og:type" content="article"></head><body class="single-post">
      <article><h1>¿Cuánto cuesta imprimir en 3D en México en 2025?</h1>
      <p>En nuestra encuesta, la impresión FDM cuesta entre $2 y $5 por gramo.</p>
      <ul><li>Impresión FDM: $3.50 por gramo</li><li>Impresión SLA: $9.00 por cm³</li></ul></article></body></html>`;
    const reading = read(html, 'https://fab.example.mx/blog/cuanto-cuesta-imprimir-3d');
    expect(reading).toMatchObject({ page_kind: 'article', offers: [] });
  });
});
