import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@preciofab/db/testing/test-db';
import { installSocketTripwire, startServer, type LocalServer } from '@preciofab/fetch/test-servers';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PRICE_LIST = `<!doctype html><html lang="es-MX"><head><title>Precios</title></head><body>
  <h1>Lista de precios</h1>
  <table>
    <tr><td>Impresión 3D FDM en PLA</td><td>MXN 2.50 por cm³ más IVA</td></tr>
    <tr><td>Fresado CNC en aluminio</td><td>MXN 650.00 por hora</td></tr>
  </table></body></html>`;
/** Only `$`, on a host that names no country: pesos or dollars, nothing says. */
const BARE_DOLLARS =
  '<!doctype html><html><body><table><tr><td>Filament PLA 1 kg</td><td>$19.99</td></tr>' +
  '<tr><td>Filament PETG 1 kg</td><td>$24.99</td></tr></table></body></html>';
const NO_PRICES =
  '<!doctype html><html lang="es"><body><h1>Nosotros</h1><p>Somos un taller de fabricación digital.</p></body></html>';
const LONG_LIST = `<!doctype html><html lang="es-MX"><body><table>${Array.from(
  { length: 120 },
  (_, i) => `<tr><td>Pieza torneada modelo ${i + 1}</td><td>MXN ${i + 10}.00 por pieza</td></tr>`,
).join('')}</table></body></html>`;

/** Held answers of /slow, released by the test. */
const release: (() => void)[] = [];

function site(req: IncomingMessage, res: ServerResponse) {
  const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  switch (req.url) {
    case '/precios':
      return html(PRICE_LIST);
    case '/dolares':
      return html(BARE_DOLLARS);
    case '/nosotros':
      return html(NO_PRICES);
    case '/catalogo':
      return html(LONG_LIST);
    case '/drop':
      return void req.socket.destroy();
    case '/slow':
      return void release.push(() => html(PRICE_LIST));
    default: // robots.txt too: no rules
      return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

let web: LocalServer;
let t: TestApp;
let tripwire: ReturnType<typeof installSocketTripwire>;
beforeAll(async () => {
  web = await startServer(site);
  t = await createTestApp({ CRAWLER_ALLOWED_HOSTS: '127.0.0.1', CRAWLER_MIN_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
  await web.close();
});
// No test may reach past this machine, whatever the code under test does.
beforeEach(() => {
  tripwire = installSocketTripwire();
});
afterEach(() => tripwire.restore());

const preview = (body: unknown, token = t.users.operator.token) =>
  t.call('POST', '/api/v1/crawl-targets/preview', { token, body });

describe('previewing a crawl target', () => {
  it("lists the page's offers with their currency and its evidence, saving nothing", async () => {
    const url = `${web.origin}/precios`;
    const res = await preview({ url, category: 'additive_manufacturing', currency: 'MXN' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ url, final_url: url, truncated: false });
    expect(['product', 'list', 'article']).toContain(body.page_kind);
    expect(body.ms).toBeGreaterThanOrEqual(0);
    expect(body.offers.map((o: { price: string; currency: string }) => [o.price, o.currency])).toEqual([
      ['2.5', 'MXN'],
      ['650', 'MXN'],
    ]);
    expect(body.offers[0]).toMatchObject({
      unit: 'cm3',
      includes_tax: false,
      quantity: 1,
      price_is_minimum: false,
      currency_evidence: { basis: expect.any(String), detail: expect.any(String) },
    });
    const stored = await t.db.query('select 1 from crawl_targets union all select 1 from price_observations');
    expect(stored.rows).toEqual([]);
  });

  it("reports a bare `$` as undecided, and the target's currency decides it", async () => {
    const url = `${web.origin}/dolares`;
    const undecided = (await preview({ url })).json();
    expect(undecided.offers.map((o: { price: string }) => o.price)).toEqual(['19.99', '24.99']);
    for (const offer of undecided.offers) {
      expect(offer).toMatchObject({ currency: null, currency_evidence: { basis: 'none', mark: '$' } });
    }
    const decided = (await preview({ url, currency: 'USD' })).json();
    for (const offer of decided.offers) {
      expect(offer).toMatchObject({ currency: 'USD', currency_evidence: { basis: 'target', mark: '$' } });
    }
  });

  it('answers an empty list for a page without prices', async () => {
    const res = await preview({ url: `${web.origin}/nosotros` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ offers: [], truncated: false });
  });

  it('lists at most 100 offers, and says when there were more', async () => {
    const res = await preview({ url: `${web.origin}/catalogo` });
    expect(res.statusCode).toBe(200);
    expect(res.json().offers).toHaveLength(100);
    expect(res.json().truncated).toBe(true);
  });

  it("answers 422 with the fetcher's code when the page cannot be had", async () => {
    const closed = await startServer(site);
    await closed.close();
    const unreachable = await preview({ url: `${closed.origin}/precios` });
    expect(unreachable.statusCode).toBe(422);
    // A site whose robots.txt cannot be reached counts as disallowing everything (RFC 9309
    // §2.3.1.4), so an unreachable host is refused before its page is asked for, and the code says
    // the file could not be read (the site disallowed nothing).
    expect(unreachable.json()).toEqual({
      detail: 'The page could not be read',
      errors: [{ field: 'url', message: 'The page could not be read', code: 'robots_unreachable' }],
    });
    const dropped = await preview({ url: `${web.origin}/drop` });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors[0].code).toBe('network');
    const missing = await preview({ url: `${web.origin}/no-existe` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].code).toBe('http_status');
  });

  it('refuses a private address unless the crawler may reach it, without connecting', async () => {
    const strict = await createTestApp();
    try {
      const before = web.connections();
      const res = await strict.call('POST', '/api/v1/crawl-targets/preview', {
        token: strict.users.operator.token,
        body: { url: `${web.origin}/precios` },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'url', code: 'refused_address' });
      expect(web.connections()).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('answers 400 on the field for a bad URL, currency or selector', async () => {
    const fields = async (body: unknown) =>
      (await preview(body)).json().errors.map((e: { field: string }) => e.field);
    expect(await fields({ url: 'not a url' })).toEqual(['url']);
    expect(await fields({ url: 'ftp://files.example.mx/' })).toEqual(['url']);
    expect(await fields({ url: `${web.origin}/precios`, currency: 'usd' })).toEqual(['currency']);
    expect(await fields({ url: `${web.origin}/precios`, selectors: { colour: 'x' } })).toEqual([
      'selectors.colour',
    ]);
    const bad = await preview({ url: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'url', message: 'Please enter a valid URL', code: 'custom' },
    ]);
  });

  it('is for operators and admins: viewers get 403, no token 401', async () => {
    const body = { url: `${web.origin}/precios` };
    expect((await preview(body, t.users.viewer.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/crawl-targets/preview', { token: null, body })).statusCode).toBe(
      401,
    );
    expect((await preview(body, t.users.admin.token)).statusCode).toBe(200);
  });

  it('runs one preview per user at a time', async () => {
    const slow = preview({ url: `${web.origin}/slow` }, t.users.admin.token);
    await waitFor(() => release.length === 1, { what: 'the slow page to be asked for' });
    const second = await preview({ url: `${web.origin}/precios` }, t.users.admin.token);
    expect(second.statusCode).toBe(429);
    expect(second.json().detail).toBe('A page test is already running; wait for it to finish');
    release.shift()?.();
    expect((await slow).statusCode).toBe(200);
    expect((await preview({ url: `${web.origin}/nosotros` }, t.users.admin.token)).statusCode).toBe(200);
  });
});
