import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fixture web for the crawl benchmark: `pages` vendor price pages spread over `hosts` local
 * servers on 127.0.0.{firstHost}, the next address, … (so per-host politeness does not make it a
 * one-lane road), in three formats. */
export async function startBenchWeb(pages: number, hosts: number, firstHost = 1) {
  if (hosts < 1 || firstHost < 1 || firstHost + hosts > 255)
    throw new Error('hosts: 127.0.0.1 to 127.0.0.254');
  const addresses = Array.from({ length: hosts }, (_, h) => `127.0.0.${firstHost + h}`);
  const servers: Server[] = [];
  const urls: string[] = [];
  const body = (n: number) => {
    const p = (base: number) => (base + (n % 97) / 100).toFixed(2);
    switch (n % 3) {
      case 0:
        return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Taller ${n}</title></head><body>
          <h1>Lista de precios, taller ${n}</h1><table><thead><tr><th>Servicio</th><th>Precio</th></tr></thead><tbody>
          <tr><td>Impresión 3D FDM en PLA taller ${n}</td><td>$${p(3)} MXN por cm³</td></tr>
          <tr><td>Impresión 3D SLA en resina taller ${n}</td><td>$${p(9)} MXN por cm³</td></tr>
          <tr><td>Fresado CNC en aluminio taller ${n}</td><td>$${p(650)} MXN por hora</td></tr>
          </tbody></table><p>Precios más IVA. Tel. (55) 1234 5678. © 2025</p></body></html>`;
      case 1:
        return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Láser ${n}</title>
          <script type="application/ld+json">${JSON.stringify({
            '@context': 'https://schema.org',
            '@graph': [1, 2, 3].map((k) => ({
              '@type': 'Product',
              name: `Corte láser ${k} mm taller ${n}`,
              offers: { '@type': 'Offer', priceCurrency: 'MXN', price: p(10 * k) },
            })),
          })}</script></head><body><h1>Corte láser ${n}</h1><p>Precios por pieza.</p></body></html>`;
      default:
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop ${n}</title></head><body>
          <h2>Materials</h2><ul>
          <li>PLA filament 1 kg shop ${n}: USD ${p(20)}</li>
          <li>PETG filament 1 kg shop ${n}: USD ${p(24)}</li>
          <li>Standard resin 1 L shop ${n}: USD ${p(45)}</li></ul><p>All prices plus tax. Free shipping over $50.</p></body></html>`;
    }
  };
  for (let h = 0; h < hosts; h++) {
    const server = createServer((req, res) => {
      const m = /^\/p(\d+)$/.exec(req.url ?? '');
      if (!m) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body(Number(m[1])));
    });
    // Each site on an address of its own (all of 127.0.0.0/8 is loopback): the polite fetcher
    // paces requests per host name, so sites on one address with several ports would be one host.
    await new Promise<void>((resolve) => server.listen(0, addresses[h], resolve));
    servers.push(server);
  }
  for (let n = 0; n < pages; n++) {
    const { address, port } = servers[n % hosts]!.address() as AddressInfo;
    urls.push(`http://${address}:${port}/p${n}`);
  }
  return {
    urls,
    addresses,
    close: () => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))),
  };
}
