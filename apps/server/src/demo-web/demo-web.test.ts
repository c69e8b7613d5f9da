import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFxRates } from '@preciofab/db/fx-rates-write';
import { waitFor } from '@preciofab/worker/testing/test-db';
import { createTestAppWithWorker, type TestAppWithWorker } from '../testing/test-app-with-worker.ts';
import { DEMO_SITES } from './demo-sites.ts';
import { startDemoWeb, type DemoWeb } from './demo-web.ts';
import { seedDemoWeb } from './seed-demo-web.ts';

describe('the demo web', () => {
  let web: DemoWeb;
  let t: TestAppWithWorker;

  beforeAll(async () => {
    web = await startDemoWeb(0);
    t = await createTestAppWithWorker();
  });
  afterAll(async () => {
    await t?.stopAll();
    await web?.close();
  });

  it('serves a search endpoint, a paginated directory and a gzipped sitemap index', async () => {
    const search = await (await fetch(`${web.hub}/search?q=impresion&format=json`)).json();
    expect((search as { results: { url: string }[] }).results.map((r) => r.url)).toEqual(
      expect.arrayContaining(DEMO_SITES.map((s) => `${web.origins[s.slug]}/`)),
    );
    const page1 = await (await fetch(`${web.hub}/directorio`)).text();
    expect(page1).toContain('rel="next"');
    const page2 = await (await fetch(`${web.hub}/directorio?page=2`)).text();
    expect(page2).not.toContain('rel="next"');
    const index = await (await fetch(`${web.hub}/sitemap.xml`)).text();
    const child = /<loc>([^<]+)<\/loc>/.exec(index)![1]!;
    const xml = gunzipSync(Buffer.from(await (await fetch(child)).arrayBuffer())).toString('utf8');
    for (const s of DEMO_SITES) expect(xml).toContain(`${web.origins[s.slug]}/`);
  });

  it('seeds its tracked vendors and sources once, and Run crawl reads their prices', async () => {
    await seedDemoWeb(t.db, web);
    await seedDemoWeb(t.db, web);
    const vendors = await t.db.query<{ name: string }>("select name from vendors where name like '%(demo)'");
    expect(vendors.rows.map((v) => v.name).sort()).toEqual(
      DEMO_SITES.filter((s) => s.tracked)
        .map((s) => s.name)
        .sort(),
    );
    const sources = await t.db.query<{ type: string }>('select type from discovery_sources order by type');
    expect(sources.rows.map((s) => s.type)).toEqual(['directory', 'search_engine', 'sitemap']);

    // The demo seed writes daily rates; here one peso colombiano rate stands for them.
    await t.db.transaction((tx) =>
      writeFxRates(tx, [{ currency: 'COP', effectiveDate: '2020-01-01', unitsPerUsd: '4000' }], {
        source: 'test',
        actorId: null,
      }),
    );
    const run = await t.call('POST', '/api/v1/crawl/run', {
      body: { type: 'all', force: true, parallel_workers: 4 },
    });
    const runId = run.json<{ run_id: string }>().run_id;
    await waitFor(
      async () => {
        const r = (await t.call('GET', `/api/v1/crawl/runs/${runId}`)).json<{ status: string }>();
        return r.status === 'completed';
      },
      { timeoutMs: 30_000 },
    );
    const prices = (await t.call('GET', '/api/v1/prices', { query: { limit: 100 } })).json<{
      data: {
        vendor_name: string;
        offer_name: string;
        price: number;
        currency: string;
        unit: string;
        price_usd: number | null;
        base_unit: string | null;
      }[];
    }>();
    const of = (name: string) =>
      prices.data
        .filter((p) => p.vendor_name === name)
        .map((p) => [p.offer_name, p.price, p.currency, p.unit])
        .sort();
    expect(of('Prototipos Lumbre (demo)')).toEqual([
      ['Impresión 3D FDM en PETG', 3.9, 'MXN', 'cm3'],
      ['Impresión 3D FDM en PLA', 3.2, 'MXN', 'cm3'],
      ['Impresión 3D SLA en resina estándar', 9.5, 'MXN', 'cm3'],
    ]);
    expect(of('Maquinados del Bajío (demo)')).toEqual([
      ['Fresado CNC en aluminio', 48, 'USD', 'hour'],
      ['Torneado CNC en acero', 52, 'USD', 'hour'],
    ]);
    // Bare `$` with dots between thousands on an es-CO page: pesos colombianos, in USD at the rate.
    expect(
      prices.data
        .filter((p) => p.vendor_name === 'Estudio Candelaria 3D (demo)')
        .map((p) => [p.offer_name, p.price, p.currency, p.price_usd, p.base_unit])
        .sort(),
    ).toEqual([
      ['Hora de impresión FDM', 18500, 'COP', 4.625, 'hour'],
      ['Impresión 3D FDM en PLA', 650, 'COP', 0.1625, 'cm3'],
      ['Impresión 3D SLA en resina estándar', 1900, 'COP', 0.475, 'cm3'],
    ]);
    const candelaria = await t.db.query<{ country_code: string; region: string }>(
      `select country_code, region from vendors where name = 'Estudio Candelaria 3D (demo)'`,
    );
    expect(candelaria.rows).toEqual([{ country_code: 'CO', region: 'LATAM' }]);
    // Its prices are drawn by a script: without a browser the page states none (the browser tests
    // render it in Chromium).
    expect(of('Corte Láser Pacífico (demo)')).toEqual([]);
  });
});
