/** The demo web: a few fictional vendor sites, served on 127.0.0.1 by `npm run demo`, so Run crawl
 * and discovery visibly work with no internet. Every name, phone and price here is invented. */

export type DemoPage = { contentType?: string; body: string | Buffer };

export type DemoSite = {
  slug: string;
  name: string;
  type: 'bureau' | 'manufacturer' | 'makerspace' | 'reseller';
  city: string;
  state: string;
  /** ISO 3166 code and English name of the site's country (Mexico when absent). */
  country?: { code: string; name: string };
  category: 'additive_manufacturing' | 'cnc_machining' | 'laser_cutting' | 'materials';
  capabilities: string[];
  /** Tracked from the start (a vendor with a crawl target), or left for discovery to find. */
  tracked: boolean;
  pricePath: string;
  pages: Record<string, DemoPage>;
};

const html = (title: string, body: string, head = '', lang = 'es-MX') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const home = (name: string, text: string, pricePath: string, extra = '', lang = 'es-MX') =>
  html(
    name,
    `<header><h1>${name}</h1><nav><a href="/">Inicio</a> <a href="${pricePath}">Lista de precios</a> <a href="/contacto">Contacto</a></nav></header>
     <main><p>${text}</p>${extra}</main>
     <footer>DATOS FICTICIOS DE DEMOSTRACIÓN · PrecioFab demo</footer>`,
    `<meta name="description" content="${text}">`,
    lang,
  );

const ROBOTS = { contentType: 'text/plain', body: 'User-agent: *\nDisallow: /admin/\n' };

export const DEMO_SITES: DemoSite[] = [
  {
    slug: 'lumbre',
    name: 'Prototipos Lumbre (demo)',
    type: 'bureau',
    city: 'Guadalajara',
    state: 'Jalisco',
    category: 'additive_manufacturing',
    capabilities: ['fdm_printing', 'sla_printing'],
    tracked: true,
    pricePath: '/precios',
    pages: {
      '/': {
        body: home(
          'Prototipos Lumbre (demo)',
          'Servicio de impresión 3D FDM y SLA en Guadalajara, Jalisco. Tel. (33) 1234 5678. C.P. 44100.',
          '/precios',
        ),
      },
      '/precios': {
        body: html(
          'Precios de impresión 3D — Prototipos Lumbre (demo)',
          `<h1>Lista de precios 2025</h1>
           <table><thead><tr><th>Servicio</th><th>Precio</th><th>Unidad</th></tr></thead><tbody>
             <tr><td>Impresión 3D FDM en PLA</td><td>$3.20 MXN</td><td>por cm³</td></tr>
             <tr><td>Impresión 3D FDM en PETG</td><td>$3.90 MXN</td><td>por cm³</td></tr>
             <tr><td>Impresión 3D SLA en resina estándar</td><td>$9.50 MXN</td><td>por cm³</td></tr>
           </tbody></table>
           <p>Precios más IVA. Envío gratis en compras mayores a $1,500. Llámanos: (33) 1234 5678.</p>
           <p>Antes <del>$4.50</del> por cm³.</p>`,
        ),
      },
      // A page that does not say which country its `$` is from (no region in its language, no code,
      // no international phone): its prices are never stored as a guess; the target's currency decides.
      '/acabados': {
        body: html(
          'Acabados — Prototipos Lumbre (demo)',
          `<h1>Acabados</h1>
           <ul><li>Lijado y primer por pieza: $85</li><li>Pintura automotriz por pieza: $140</li></ul>`,
          '',
          'es',
        ),
      },
      '/robots.txt': ROBOTS,
    },
  },
  {
    slug: 'bajio',
    name: 'Maquinados del Bajío (demo)',
    type: 'manufacturer',
    city: 'León',
    state: 'Guanajuato',
    category: 'cnc_machining',
    capabilities: ['cnc_milling', 'cnc_turning'],
    tracked: true,
    pricePath: '/tarifas',
    pages: {
      '/': {
        body: home(
          'Maquinados del Bajío (demo)',
          'Maquinado CNC de precisión: fresado y torneado en aluminio y acero. León, Guanajuato, México.',
          '/tarifas',
        ),
      },
      '/tarifas': {
        body: html(
          'Tarifas de maquinado CNC — Maquinados del Bajío (demo)',
          `<h1>Tarifas</h1><p>Fresado CNC y torneado CNC por hora máquina.</p>`,
          `<script type="application/ld+json">${JSON.stringify({
            '@context': 'https://schema.org',
            '@graph': [
              {
                '@type': 'Product',
                name: 'Fresado CNC en aluminio',
                offers: {
                  '@type': 'Offer',
                  priceCurrency: 'USD',
                  price: '48.00',
                  priceSpecification: {
                    '@type': 'UnitPriceSpecification',
                    price: '48.00',
                    priceCurrency: 'USD',
                    unitCode: 'HUR',
                    valueAddedTaxIncluded: false,
                  },
                },
              },
              {
                '@type': 'Product',
                name: 'Torneado CNC en acero',
                offers: {
                  '@type': 'Offer',
                  priceCurrency: 'USD',
                  price: '52.00',
                  priceSpecification: {
                    '@type': 'UnitPriceSpecification',
                    price: '52.00',
                    priceCurrency: 'USD',
                    unitCode: 'HUR',
                    valueAddedTaxIncluded: false,
                  },
                },
              },
            ],
          })}</script>`,
        ),
      },
      '/robots.txt': ROBOTS,
    },
  },
  {
    slug: 'pacifico',
    name: 'Corte Láser Pacífico (demo)',
    type: 'makerspace',
    city: 'Mazatlán',
    state: 'Sinaloa',
    category: 'laser_cutting',
    capabilities: ['laser_cutting', 'laser_engraving'],
    tracked: true,
    pricePath: '/precios',
    pages: {
      '/': {
        body: home(
          'Corte Láser Pacífico (demo)',
          'Corte y grabado láser CO2 en acrílico y MDF en Mazatlán, Sinaloa. WhatsApp +52 669 123 4567.',
          '/precios',
        ),
      },
      // Prices drawn by the page's own script: the crawler renders it in Chromium.
      '/precios': {
        body: html(
          'Precios de corte láser — Corte Láser Pacífico (demo)',
          '<h1>Precios</h1><div id="app"></div><noscript>Activa JavaScript para ver los precios.</noscript><script src="/app.js"></script>',
        ),
      },
      '/app.js': {
        contentType: 'text/javascript; charset=utf-8',
        body: `const rows = [['Corte láser CO2 en acrílico', '$14.00 por minuto'], ['Grabado láser en MDF', '$11.50 por minuto']];
document.getElementById('app').innerHTML = '<ul>' + rows.map(([n, p]) => '<li>' + n + ': ' + p + ' (IVA incluido)</li>').join('') + '</ul>';`,
      },
      '/robots.txt': ROBOTS,
    },
  },
  {
    slug: 'filamentos',
    name: 'Filamentos Norte (demo)',
    type: 'reseller',
    city: 'Monterrey',
    state: 'Nuevo León',
    category: 'materials',
    capabilities: ['materials_supply'],
    tracked: false,
    pricePath: '/tienda',
    pages: {
      '/': {
        body: home(
          'Filamentos Norte (demo)',
          'Tienda de filamento PLA, PETG y resina para impresión 3D en Monterrey, Nuevo León. Envíos a todo México.',
          '/tienda',
        ),
      },
      '/tienda': {
        body: html(
          'Tienda — Filamentos Norte (demo)',
          '<h1>Tienda</h1><div class="shopify-section">Catálogo</div>',
          // Shopify's marks without its CDN: a rendered demo page asks nothing of the internet.
          '<script>window.Shopify = { shop: "filamentos-norte.example" };</script>',
        ),
      },
      '/products.json': {
        contentType: 'application/json',
        body: JSON.stringify({
          products: [
            {
              title: 'Filamento PLA 1 kg',
              product_type: 'Filamento',
              variants: [{ title: 'Negro', price: '349.00' }],
            },
            {
              title: 'Filamento PETG 1 kg',
              product_type: 'Filamento',
              variants: [{ title: 'Natural', price: '399.00' }],
            },
            {
              title: 'Resina estándar 1 L',
              product_type: 'Resina',
              variants: [{ title: 'Gris', price: '689.00' }],
            },
          ],
        }),
      },
      '/robots.txt': ROBOTS,
    },
  },
  {
    slug: 'andes',
    name: 'Andes Fab Lab (demo)',
    type: 'makerspace',
    city: 'Santiago',
    state: 'Región Metropolitana',
    country: { code: 'CL', name: 'Chile' },
    category: 'additive_manufacturing',
    capabilities: ['fdm_printing', 'laser_cutting'],
    tracked: false,
    pricePath: '/pricing',
    pages: {
      '/': {
        body: home(
          'Andes Fab Lab (demo)',
          '3D printing and laser cutting for makers and startups in Santiago, Chile. Digital fabrication services.',
          '/pricing',
        ),
      },
      '/pricing': {
        body: html(
          'Pricing — Andes Fab Lab (demo)',
          `<h1>Pricing</h1><ul>
             <li>FDM 3D printing in PLA: USD 0.15 per cm³</li>
             <li>Laser cutting of acrylic: USD 0.90 per minute</li></ul>
           <p>All prices plus tax.</p>`,
        ),
      },
      '/robots.txt': ROBOTS,
    },
  },
  {
    // A Colombian shop: bare `$` signs with dots between thousands, which the page's language
    // (es-CO), its +57 phone and its words make pesos colombianos.
    slug: 'candelaria',
    name: 'Estudio Candelaria 3D (demo)',
    type: 'bureau',
    city: 'Bogotá',
    state: 'Cundinamarca',
    country: { code: 'CO', name: 'Colombia' },
    category: 'additive_manufacturing',
    capabilities: ['fdm_printing', 'sla_printing'],
    tracked: true,
    pricePath: '/tarifas',
    pages: {
      '/': {
        body: home(
          'Estudio Candelaria 3D (demo)',
          'Impresión 3D FDM y SLA en Bogotá, Colombia. Entregas en toda la ciudad. Tel. +57 601 234 5678.',
          '/tarifas',
          '',
          'es-CO',
        ),
      },
      '/tarifas': {
        body: html(
          'Tarifas de impresión 3D — Estudio Candelaria 3D (demo)',
          `<h1>Tarifas 2025</h1>
           <table><thead><tr><th>Servicio</th><th>Precio</th><th>Unidad</th></tr></thead><tbody>
             <tr><td>Impresión 3D FDM en PLA</td><td>$ 650</td><td>por cm³</td></tr>
             <tr><td>Impresión 3D SLA en resina estándar</td><td>$ 1.900</td><td>por cm³</td></tr>
             <tr><td>Hora de impresión FDM</td><td>$ 18.500</td><td>por hora</td></tr>
           </tbody></table>
           <p>Precios en pesos colombianos, IVA incluido. Bogotá D.C., Colombia. Tel. +57 601 234 5678.</p>`,
          '',
          'es-CO',
        ),
      },
      '/robots.txt': ROBOTS,
    },
  },
];

/** A page that is not a vendor, so discovery has something to rank low. */
export const DEMO_NEWS: DemoSite['pages'] = {
  '/': {
    body: html(
      'Noticias del Puerto (demo)',
      '<h1>Noticias del Puerto</h1><article><h2>Gana el equipo local</h2><p>Crónica del partido del domingo. Publicado el 3 de mayo de 2025.</p></article>',
    ),
  },
};
