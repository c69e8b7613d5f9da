import { gzipSync } from 'node:zlib';
import { startFixtureWeb, type FixturePage } from '../testing/fixture-web.ts';
import { fixture } from './fake-fetch-text.ts';

/** Test-only: fictional vendor sites, each on its own 127.0.0.1 port (discovery tells sites apart by
 * host and port there), and a hub serving every kind of discovery source that lists them. */

const page = (body: string): FixturePage => ({ body });

const CNC_HOME = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8">
<title>Maquinados del Norte</title>
<meta name="description" content="Maquinado CNC en Monterrey: fresado CNC y torno CNC de aluminio y acero."></head>
<body><nav><a href="/">Inicio</a> <a href="/precios">Precios</a> <a href="/contacto">Contacto</a></nav>
<main><h1>Maquinado CNC de precisión en Monterrey, Nuevo León</h1>
<p>Fresado CNC, torno CNC y centro de maquinado para piezas de aluminio, acero y latón.</p>
<p>Cotiza tu pieza: maquila de series cortas bajo pedido. Servicio de maquinado para la industria.</p>
<p>Hora de maquinado desde $650.00 MXN más IVA.</p></main>
<footer>Av. Constitución 100, Monterrey, Nuevo León</footer></body></html>`;

const RESINAS_HOME = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Resinas Puebla</title></head>
<body><main><h1>Resinas y filamentos para impresión 3D en Puebla</h1>
<p>Venta de resinas y venta de filamentos PLA y PETG de 1 kg. Impresión 3D en resina SLA bajo pedido.</p>
<p>Filamento PLA 1 kg: $420.00 MXN. Resina estándar 1 litro: $890.00 MXN.</p>
<a href="/tienda">Tienda</a></main><footer>Puebla, Puebla</footer></body></html>`;

const FAB_HOME = (
  name: string,
) => `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${name}</title></head>
<body><main><h1>${name}: impresión 3D y corte láser</h1><p>Impresión 3D FDM y corte láser de acrílico en CDMX.
Cotiza tu proyecto.</p></main></body></html>`;

/** The sites, by slug. `broken` answers 404 everywhere, its home page included. */
export const VENDOR_SITES = {
  bureau: {
    '/': page(fixture('home-bureau-es.html')),
    '/lista-de-precios': page('<h1>Lista de precios</h1><p>Impresión FDM: $3.50 MXN por cm³</p>'),
  },
  laser: { '/': page(fixture('home-laser-en.html')) },
  cnc: { '/': page(CNC_HOME) },
  resinas: { '/': page(RESINAS_HOME) },
  restaurant: { '/': page(fixture('home-restaurant-es.html')) },
  news: { '/': page(fixture('home-news-es.html')) },
  broken: {},
  known: { '/': page(FAB_HOME('Taller Conocido')) },
  excluded: { '/': page(FAB_HOME('Dominio Excluido')) },
} satisfies Record<string, Record<string, FixturePage>>;
export type VendorSlug = keyof typeof VENDOR_SITES;

type Web = Awaited<ReturnType<typeof startFixtureWeb>>;
type Origins = Record<VendorSlug, string>;

const json = (value: unknown): FixturePage => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});
const xml = (body: string): FixturePage => ({
  contentType: 'application/xml; charset=utf-8',
  body: `<?xml version="1.0" encoding="UTF-8"?>${body}`,
});
const urlset = (locs: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const listing = (title: string, items: string, next = '') =>
  page(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body>
    <nav><a href="/">Inicio</a></nav><main><h1>${title}</h1><ul>${items}</ul>${next}</main>
    <footer><a href="https://www.facebook.com/directorio">Facebook</a></footer></body></html>`);

/** Every source endpoint the tests use, on the hub. */
function hubPages(o: Origins, hub: string): Record<string, FixturePage> {
  return {
    // A sitemap index whose first child is gzip (real gzip bytes, served as application/gzip)
    // listing vendor sites, and whose second lists the hub's own profile pages.
    '/sitemap_index.xml': xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>${hub}/sitemaps/proveedores.xml.gz</loc></sitemap>
      <sitemap><loc>${hub}/sitemaps/perfiles.xml</loc></sitemap></sitemapindex>`),
    '/sitemaps/proveedores.xml.gz': {
      contentType: 'application/gzip',
      body: gzipSync(
        `<?xml version="1.0" encoding="UTF-8"?>${urlset([
          `${o.bureau}/servicios?utm_source=sitemap`,
          `${o.laser}/`,
          `${o.known}/`,
          `${o.excluded}/`,
          `${hub}/acerca-de`,
        ])}`,
      ),
    },
    '/sitemaps/perfiles.xml': xml(urlset([`${hub}/proveedores/maquinados-del-norte`])),
    '/proveedores/maquinados-del-norte': page(`<html lang="es"><body><h1>Maquinados del Norte</h1>
      <p>Maquinado CNC en Monterrey.</p><a href="${o.cnc}/">Sitio web</a></body></html>`),

    // A directory of three pages: rel="next", then a "Siguiente" link.
    '/directorio': listing(
      'Directorio de fabricación digital',
      `<li><a href="${o.bureau}/">Prototipa3D</a> — impresión 3D en Guadalajara</li>
       <li><a href="${o.restaurant}/">Tacos El Güero</a> — restaurante</li>`,
      '<a rel="next" href="/directorio/2">2</a>',
    ),
    '/directorio/2': listing(
      'Directorio, página 2',
      `<li><a href="${o.laser}/">BrightBeam Laser Works</a> — laser cutting</li>
       <li><a href="${o.broken}/">Maquinados Rotos</a> — maquinado CNC en Saltillo</li>`,
      '<a href="/directorio/3">Siguiente</a>',
    ),
    '/directorio/3': listing(
      'Directorio, página 3',
      `<li><a href="${o.resinas}/">Resinas Puebla</a> — resinas y filamentos</li>`,
    ),

    // A SearXNG-like JSON API: /search?q=…&format=json.
    '/search': json({
      query: 'impresión 3D',
      results: [
        { url: `${o.bureau}/`, title: 'Prototipa3D', content: 'Impresión 3D en Guadalajara', engine: 'ddg' },
        { url: `${o.news}/2025/impresion-3d-jalisco`, title: 'Noticia', content: 'Impresión 3D en Jalisco' },
        { url: 'https://www.facebook.com/prototipa3d', title: 'Prototipa3D | Facebook', content: '' },
        { url: `${o.laser}/pricing`, title: 'BrightBeam pricing', content: 'Laser cutting prices' },
      ],
    }),

    // An association's member list, in Spanish field names for some members.
    '/asociacion/miembros.json': json({
      miembros: [
        { nombre: 'Prototipa3D', sitio_web: `${o.bureau}/`, ciudad: 'Guadalajara' },
        { name: 'Maquinados del Norte', website: `${o.cnc}/`, city: 'Monterrey' },
        { name: 'Tacos El Güero', website: `${o.restaurant}/` },
        { name: 'Diario de Occidente', url: `${o.news}/` },
        { name: 'Sin sitio web', city: 'Querétaro' },
      ],
    }),

    // A social network's profiles: a website field, and a link written in a bio.
    '/social/perfiles.json': json({
      profiles: [
        {
          name: 'BrightBeam',
          url: 'https://www.instagram.com/brightbeam',
          website: `${o.laser}/`,
          bio: 'Laser cutting',
        },
        { name: 'Resinas Puebla', bio: `Piezas en resina 👉 ${o.resinas}/galeria. ¡Pregunta!` },
      ],
    }),

    // A generic API: objects and a bare URL.
    '/api/proveedores.json': json({
      items: [
        { url: `${o.cnc}/`, title: 'Maquinados del Norte', description: 'Maquinado CNC' },
        `${o.resinas}/`,
      ],
    }),

    '/no-es-json': page('<html><body>Mantenimiento</body></html>'),
  };
}

/** Starts every vendor site and the hub; `domain(slug)` is what discovery stores for a site. */
export async function startDiscoveryWeb() {
  const sites = {} as Record<VendorSlug, Web>;
  for (const slug of Object.keys(VENDOR_SITES) as VendorSlug[]) {
    sites[slug] = await startFixtureWeb({ ...VENDOR_SITES[slug] });
  }
  const origins = Object.fromEntries(
    Object.entries(sites).map(([slug, web]) => [slug, web.origin]),
  ) as Origins;
  const hub = await startFixtureWeb({});
  Object.assign(hub.pages, hubPages(origins, hub.origin));
  return {
    sites,
    hub,
    origins,
    domain: (slug: VendorSlug) => new URL(origins[slug]).host,
    slugOfDomain: (domain: string) =>
      (Object.keys(origins) as VendorSlug[]).find((s) => new URL(origins[s]).host === domain),
    async close() {
      await Promise.all([hub.close(), ...Object.values(sites).map((s) => s.close())]);
    },
  };
}
export type DiscoveryWeb = Awaited<ReturnType<typeof startDiscoveryWeb>>;
