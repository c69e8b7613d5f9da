import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureWeb } from '@preciofab/worker/testing/fixture-web';
import { waitFor } from '@preciofab/worker/testing/test-db';
import { createTestAppWithWorker, type TestAppWithWorker } from '../testing/test-app-with-worker.ts';

/** A vendor's price page as a careful person would read it: three offers with their units and tax
 * states, plus everything that is not a price (phone, postal code, year, a free-shipping threshold,
 * instalments, a struck-out old price). */
const PRICE_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Taller Fab Norte — Precios</title></head>
<body>
  <header>Llámanos al (81) 8123 4567 · C.P. 64000, Monterrey</header>
  <h1>Precios 2025</h1>
  <table>
    <thead><tr><th>Servicio</th><th>Precio</th><th>Unidad</th></tr></thead>
    <tbody>
      <tr><td>Impresión 3D FDM en PETG</td><td>$4.20 MXN</td><td>por cm³</td></tr>
      <tr><td>Maquinado CNC en aluminio</td><td>USD 55.00</td><td>/hora</td></tr>
      <tr><td>Corte láser de acrílico</td><td>$14.50</td><td>por minuto</td></tr>
    </tbody>
  </table>
  <p>Precios más IVA.</p>
  <p>Antes <del>$5.00</del>. Envío gratis en compras mayores a $1,500. Hasta 12x $33.25 sin intereses.</p>
</body></html>`;

/** A page whose bare `$` nothing decides: no code, no country in its language, a loopback address. */
const UNDECIDED_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Láser Sur — Precios</title></head>
<body><h1>Precios</h1><ul><li>Corte láser de MDF 3 mm: $14.50 por minuto</li></ul></body></html>`;

describe('crawl contract: vendor, loopback target, run, prices (CRAWLER_ALLOWED_HOSTS=127.0.0.1)', () => {
  let t: TestAppWithWorker;
  let web: Awaited<ReturnType<typeof startFixtureWeb>>;

  beforeAll(async () => {
    web = await startFixtureWeb({
      '/precios': { body: PRICE_PAGE },
      '/sin-moneda': { body: UNDECIDED_PAGE },
    });
    t = await createTestAppWithWorker();
  });
  afterAll(async () => {
    await t?.stopAll();
    await web?.close();
  });

  it('yields the offers the page states, with their evidence, and nothing else', async () => {
    const operator = t.users.operator.token;
    const vendor = await t.call('POST', '/api/v1/vendors', {
      token: operator,
      body: { name: 'Taller Fab Norte', type: 'bureau', city: 'Monterrey', capabilities: ['fdm_printing'] },
    });
    expect(vendor.statusCode).toBe(201);
    const vendorId = vendor.json<{ id: string }>().id;
    const target = await t.call('POST', '/api/v1/crawl-targets', {
      token: operator,
      body: { vendor_id: vendorId, url: `${web.origin}/precios`, category: 'additive_manufacturing' },
    });
    expect(target.statusCode).toBe(201);

    const run = await t.call('POST', '/api/v1/crawl/run', {
      token: operator,
      body: { type: 'vendor', vendor_id: vendorId, force: true, parallel_workers: 4 },
    });
    expect(run.statusCode).toBeLessThan(300);
    const runId = run.json<{ run_id: string }>().run_id;
    const finished = await waitFor(async () => {
      const r = (await t.call('GET', `/api/v1/crawl/runs/${runId}`)).json<{ status: string }>();
      return r.status === 'completed' || r.status === 'failed' ? r : undefined;
    });
    expect(finished.status).toBe('completed');

    const prices = (await t.call('GET', '/api/v1/prices', { query: { vendor_id: vendorId } })).json<{
      data: Record<string, unknown>[];
      total: number;
    }>();
    const offers = prices.data
      .map((p) => ({
        offer_name: p.offer_name,
        price: p.price,
        currency: p.currency,
        unit: p.unit,
        includes_tax: p.includes_tax,
        category: p.category,
        technology: p.technology,
        material: p.material,
        url: p.url,
      }))
      .sort((a, b) => Number(a.price) - Number(b.price));
    expect(offers).toEqual([
      {
        offer_name: 'Impresión 3D FDM en PETG',
        price: 4.2,
        currency: 'MXN',
        unit: 'cm3',
        includes_tax: false,
        category: 'additive_manufacturing',
        technology: 'fdm',
        material: 'petg',
        url: `${web.origin}/precios`,
      },
      {
        offer_name: 'Corte láser de acrílico',
        price: 14.5,
        currency: 'MXN',
        unit: 'minute',
        includes_tax: false,
        category: 'laser_cutting',
        technology: 'laser',
        material: 'acrylic',
        url: `${web.origin}/precios`,
      },
      {
        offer_name: 'Maquinado CNC en aluminio',
        price: 55,
        currency: 'USD',
        unit: 'hour',
        includes_tax: false,
        category: 'cnc_machining',
        technology: 'cnc',
        material: 'metal',
        url: `${web.origin}/precios`,
      },
    ]);

    // Evidence: the snapshot behind the sign-in, served so that no script in it can run.
    const id = prices.data[0]!.id as string;
    const detail = (await t.call('GET', `/api/v1/observations/${id}`)).json<{
      source: {
        html_snapshot_url: string;
        source_url: string;
        crawl_run_id: string;
        extraction_selectors: Record<string, string>;
        extraction_confidence: Record<string, number>;
      };
    }>();
    expect(detail.source).toMatchObject({ source_url: `${web.origin}/precios`, crawl_run_id: runId });
    expect(Object.keys(detail.source.extraction_selectors)).toEqual(expect.arrayContaining(['price']));
    expect(detail.source.extraction_confidence.price).toBeGreaterThan(0);
    const snapshot = await t.call('GET', detail.source.html_snapshot_url, { token: t.users.viewer.token });
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(snapshot.body).toContain('Taller Fab Norte');
    expect((await t.call('GET', detail.source.html_snapshot_url, { token: null })).statusCode).toBe(401);
    const shot = await t.call('GET', `/api/v1/observations/${id}/screenshot`);
    expect(shot.statusCode).toBe(404);
  });

  it('never stores a price whose currency the page leaves undecided, says why, and stores it once the target says', async () => {
    const operator = t.users.operator.token;
    const vendorId = (
      await t.call('POST', '/api/v1/vendors', {
        token: operator,
        body: { name: 'Láser Sur', type: 'bureau', city: 'Mérida', capabilities: ['laser_cutting'] },
      })
    ).json<{ id: string }>().id;
    const targetId = (
      await t.call('POST', '/api/v1/crawl-targets', {
        token: operator,
        body: { vendor_id: vendorId, url: `${web.origin}/sin-moneda`, category: 'laser_cutting' },
      })
    ).json<{ id: string }>().id;
    const crawl = async () => {
      const runId = (
        await t.call('POST', '/api/v1/crawl/run', {
          token: operator,
          body: { type: 'vendor', vendor_id: vendorId, force: true, parallel_workers: 1 },
        })
      ).json<{ run_id: string }>().run_id;
      const done = await waitFor(async () => {
        const r = (await t.call('GET', `/api/v1/crawl/runs/${runId}`)).json<{ status: string }>();
        return r.status === 'completed' || r.status === 'failed' ? r : undefined;
      });
      expect(done.status).toBe('completed');
      const prices = (await t.call('GET', '/api/v1/prices', { query: { vendor_id: vendorId } })).json<{
        data: { price: number; currency: string }[];
      }>().data;
      const target = (await t.call('GET', `/api/v1/crawl-targets/${targetId}`)).json<{
        last_status: string;
        last_error_code: string | null;
        last_error: string | null;
      }>();
      return { prices, target };
    };

    const first = await crawl();
    expect(first.prices).toEqual([]);
    expect(first.target).toMatchObject({ last_status: 'empty', last_error_code: 'currency_uncertain' });
    expect(first.target.last_error).toMatch(/\$/);

    const set = await t.call('PATCH', `/api/v1/crawl-targets/${targetId}`, {
      token: operator,
      body: { currency: 'MXN' },
    });
    expect(set.statusCode).toBe(200);
    const second = await crawl();
    expect(second.prices.map((p) => [p.price, p.currency])).toEqual([[14.5, 'MXN']]);
    expect(second.target).toMatchObject({ last_status: 'ok', last_error_code: null });
  });
});
