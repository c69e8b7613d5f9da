import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { DEMO_NEWS, DEMO_SITES, type DemoPage } from './demo-sites.ts';

export type DemoWeb = {
  /** Each fictional site's origin, by slug. */
  origins: Record<string, string>;
  /** The discovery hub: a SearXNG-like search, a paginated directory and a gzipped sitemap. */
  hub: string;
  /** `127.0.0.1:<port>` of every server it runs (sites, news, hub): the demo crawler's allow-list. */
  hosts: string[];
  close(): Promise<void>;
};

function serve(pages: (path: string, query: URLSearchParams) => DemoPage | undefined, port: number) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const page = pages(url.pathname, url.searchParams);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('no encontrado');
      return;
    }
    res.writeHead(200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8' }).end(page.body);
  });
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const xml = (body: string): DemoPage => ({
  contentType: 'application/xml; charset=utf-8',
  body: `<?xml version="1.0" encoding="UTF-8"?>${body}`,
});

function hubPages(origins: Record<string, string>, news: string, hub: string) {
  const sites = DEMO_SITES.map((s) => ({ ...s, origin: origins[s.slug]! }));
  const directory = (page: number) => {
    const perPage = 3;
    const slice = sites.slice((page - 1) * perPage, page * perPage);
    const next =
      page * perPage < sites.length
        ? `<a rel="next" href="/directorio?page=${page + 1}">Siguiente »</a>`
        : '';
    return {
      body: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Directorio de fabricación digital (demo)</title></head><body>
        <h1>Directorio de fabricación digital — página ${page}</h1><ul>
        ${slice.map((s) => `<li><a href="${s.origin}/">${s.name}</a> — ${s.city}, ${s.state}</li>`).join('')}
        </ul>${next}</body></html>`,
    };
  };
  const sitemapChild = gzipSync(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sites
      .map((s) => `<url><loc>${s.origin}/</loc></url>`)
      .join('')}</urlset>`,
  );
  return (path: string, query: URLSearchParams): DemoPage | undefined => {
    if (path === '/robots.txt') return { contentType: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
    if (path === '/search' && query.get('format') === 'json') {
      return {
        contentType: 'application/json',
        body: JSON.stringify({
          query: query.get('q') ?? '',
          results: [
            ...sites.map((s) => ({
              url: `${s.origin}/`,
              title: s.name,
              content: `${s.city}, ${s.state}`,
              engine: 'demo',
            })),
            {
              url: `${news}/`,
              title: 'Noticias del Puerto (demo)',
              content: 'Deportes y noticias locales',
              engine: 'demo',
            },
          ],
        }),
      };
    }
    if (path === '/directorio') return directory(Math.max(1, Number(query.get('page') ?? '1') || 1));
    if (path === '/sitemap.xml') {
      return xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${hub}/sitemap-proveedores.xml.gz</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/sitemap-proveedores.xml.gz')
      return { contentType: 'application/gzip', body: sitemapChild };
    return undefined;
  };
}

/** Starts the demo web on 127.0.0.1, on consecutive ports from `basePort` (0: any free ports, for
 * tests). Fixed ports keep the seeded targets' URLs valid from one `npm run demo` to the next. */
export async function startDemoWeb(basePort: number): Promise<DemoWeb> {
  const servers: Server[] = [];
  const origins: Record<string, string> = {};
  const port = (i: number) => (basePort === 0 ? 0 : basePort + i);
  const originOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  try {
    for (const [i, site] of DEMO_SITES.entries()) {
      const server = await serve((path) => site.pages[path], port(i));
      servers.push(server);
      origins[site.slug] = originOf(server);
    }
    const newsServer = await serve((path) => DEMO_NEWS[path], port(DEMO_SITES.length));
    servers.push(newsServer);
    // The hub's pages name its own origin (the sitemap index), known once it listens.
    let hubHandler: ReturnType<typeof hubPages> | null = null;
    const hubServer = await serve((path, query) => hubHandler?.(path, query), port(DEMO_SITES.length + 1));
    servers.push(hubServer);
    const hubOrigin = originOf(hubServer);
    hubHandler = hubPages(origins, originOf(newsServer), hubOrigin);
    return {
      origins,
      hub: hubOrigin,
      hosts: servers.map((s) => new URL(originOf(s)).host),
      close: async () => {
        await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      },
    };
  } catch (err) {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    throw err;
  }
}
