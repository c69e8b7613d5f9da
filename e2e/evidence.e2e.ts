/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import confEn from '../apps/web/src/i18n/namespaces/confidence.en-US.json';
import confEs from '../apps/web/src/i18n/namespaces/confidence.es-MX.json';
import evEn from '../apps/web/src/i18n/namespaces/evidence.en-US.json';
import evEs from '../apps/web/src/i18n/namespaces/evidence.es-MX.json';
import pricesEn from '../apps/web/src/i18n/namespaces/prices.en-US.json';
import pricesEs from '../apps/web/src/i18n/namespaces/prices.es-MX.json';
import { apiLogin, prepareContext } from './support/auth.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const TEXTS = {
  es: { ev: evEs, conf: confEs, prices: pricesEs, locale: 'es-MX' },
  en: { ev: evEn, conf: confEn, prices: pricesEn, locale: 'en-US' },
} as const;

const VENDOR = 'Taller de Evidencia (e2e)';

/** A vendor's price page as they come: its own styles, scripts, an inline handler, an image, a
 * `javascript:` link; and its catalogue as a JSON document. Served on 127.0.0.1 for the crawler. */
const PAGES: Record<string, { type: string; body: string }> = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
  '/precios': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Precios — ${VENDOR}</title>
<link rel="stylesheet" href="/estilo.css"><style>body { font-family: sans-serif; }</style>
<script>window.dataLayer = [];</script></head>
<body onload="document.body.dataset.listo = '1'">
<h1 style="color: teal">Lista de precios</h1><img src="/logo.png" alt="Logotipo">
<table><thead><tr><th>Servicio</th><th>Precio</th><th>Unidad</th></tr></thead><tbody>
<tr><td>Impresión 3D FDM en PLA</td><td>$3.20 MXN</td><td>por cm³</td></tr>
<tr><td>Impresión 3D SLA en resina estándar</td><td>$9.50 MXN</td><td>por cm³</td></tr>
</tbody></table><p><a href="javascript:void(0)" onclick="cotizar()">Cotizar</a></p>
<script src="/analitica.js"></script></body></html>`,
  },
  '/estilo.css': { type: 'text/css', body: 'h1 { font-size: 2rem; }' },
  '/analitica.js': { type: 'text/javascript', body: 'window.cotizar = () => {};' },
  '/catalogo.json': {
    type: 'application/json',
    body: JSON.stringify({
      products: [
        {
          title: 'Filamento PLA 1 kg',
          product_type: 'Filamento',
          variants: [{ title: 'Negro', price: '349.00' }],
        },
      ],
    }),
  },
};

function startSite(): Promise<Server> {
  const site = createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
    res.end(page?.body ?? 'not found');
  });
  return new Promise((resolve) => site.listen(0, '127.0.0.1', () => resolve(site)));
}

describe('evidence of crawled prices, and the average confidence', () => {
  let site: Server;
  let server: TestServer;
  let browser: Browser;
  let token: string;

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  beforeAll(async () => {
    site = await startSite();
    const { port } = site.address() as AddressInfo;
    // The demo server's crawler may reach the demo web and, with this, the page above.
    const allowed = process.env.CRAWLER_ALLOWED_HOSTS;
    process.env.CRAWLER_ALLOWED_HOSTS = `127.0.0.1:${port}`;
    server = await startServer({ demo: true }).finally(() => {
      if (allowed === undefined) delete process.env.CRAWLER_ALLOWED_HOSTS;
      else process.env.CRAWLER_ALLOWED_HOSTS = allowed;
    });
    browser = await launchBrowser();
    token = await apiLogin(server.baseUrl);

    // The vendor, its page and its JSON catalogue, crawled by the server's own crawler (Chromium).
    const vendor = await api<{ id: string }>('/api/v1/vendors', {
      name: VENDOR,
      type: 'bureau',
      website: `http://127.0.0.1:${port}/`,
      city: 'Guadalajara',
      capabilities: ['fdm_printing'],
    });
    for (const target of [
      { url: `http://127.0.0.1:${port}/precios`, category: 'additive_manufacturing' },
      { url: `http://127.0.0.1:${port}/catalogo.json`, category: 'materials', currency: 'MXN' },
    ]) {
      await api('/api/v1/crawl-targets', { vendor_id: vendor.id, ...target });
    }
    const { run_id } = await api<{ run_id: string }>('/api/v1/crawl/run', {
      type: 'vendor',
      vendor_id: vendor.id,
      force: true,
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const run = await api<{ status: string; observations_created: number; errors: unknown[] }>(
        `/api/v1/crawl/runs/${run_id}`,
      );
      if (run.status === 'completed' || run.status === 'failed') {
        expect(run, JSON.stringify(run.errors)).toMatchObject({
          status: 'completed',
          observations_created: 3,
        });
        break;
      }
      if (Date.now() > deadline) throw new Error(`the crawl is still ${run.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => site?.close(resolve));
  });

  async function open(language: 'es' | 'en', viewport: { width: number; height: number }) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
    await prepareContext(context, { token, language, visited: true });
    const page = await context.newPage();
    return { context, page, consoleWatch: watchConsole(page) };
  }

  /** Opens the evidence of the vendor's price of `offer` from the prices screen; without an offer,
   * of the newest price of another vendor (the demo dataset's samples). */
  async function openEvidence(page: Page, language: 'es' | 'en', offer: string | null) {
    await page.goto('/prices');
    if (offer) await page.getByLabel(TEXTS[language].prices.search_label).fill(VENDOR);
    const rows = page.getByTestId('price-row');
    const row = (offer ? rows.filter({ hasText: offer }) : rows.filter({ hasNotText: VENDOR })).first();
    await row.waitFor();
    await row.getByRole('button').first().click();
    const dialog = page.getByTestId('evidence-modal');
    await dialog.getByRole('tablist').waitFor();
    return dialog;
  }

  for (const [language, viewport] of [
    ['es', { width: 1440, height: 900 }],
    ['en', { width: 1920, height: 1080 }],
  ] as const) {
    it(`${language} · ${viewport.width} px: after Raw data the tabs keep their size and work, and the snapshot runs and loads nothing`, async () => {
      const { context, page, consoleWatch } = await open(language, viewport);
      try {
        const dialog = await openEvidence(page, language, 'Impresión 3D FDM en PLA');
        // The screenshot Chromium took of the page.
        await page.waitForFunction(() => {
          const img = document.querySelector('[data-testid="evidence-modal"] img') as HTMLImageElement | null;
          return !!img && img.complete && img.naturalWidth >= 1000;
        });
        const strip = dialog.getByRole('tablist');
        const height = async () => (await strip.boundingBox())!.height;
        const before = await height();
        expect(before).toBeGreaterThan(30);

        await dialog.getByTestId('evidence-tab-raw').click();
        const frame = dialog.locator('iframe');
        // The frame's document is laid out before anything is measured.
        await page
          .frameLocator('[data-testid="evidence-modal"] iframe')
          .getByText('Lista de precios')
          .waitFor();
        expect(await height()).toBe(before);

        // Every tab is reachable from there, by pointer.
        for (const tab of ['extraction', 'vendor', 'screenshot', 'raw'] as const) {
          await dialog.getByTestId(`evidence-tab-${tab}`).click({ timeout: 5_000 });
          expect(await dialog.getByTestId(`evidence-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
          expect(await height()).toBe(before);
        }

        // In its sandbox, the page as read, with what would run or load taken out.
        await frame.waitFor();
        expect(await frame.getAttribute('sandbox')).toBe('');
        const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
        expect(srcdoc).toContain('Impresión 3D SLA en resina estándar');
        expect(srcdoc).toContain('Cotizar');
        expect(srcdoc).not.toMatch(/<script|onload=|onclick=|javascript:|<link|<style|style=|src=/i);
        // Let the frame finish: a blocked script or a refused load would be logged by now.
        await page.waitForTimeout(500);
      } finally {
        await context.close();
      }
      expect(consoleWatch.errors.filter((e) => /blocked script|srcdoc/i.test(e))).toEqual([]);
      expect(consoleWatch.cspViolations()).toEqual([]);
      expect(consoleWatch.errors.filter((e) => /failed to load resource/i.test(e))).toEqual([]);
      expect(consoleWatch.uncaught()).toEqual([]);
    }, 60_000);
  }

  it('says why a price has no screenshot: read from a JSON document, or a sample of the demo data', async () => {
    for (const language of ['es', 'en'] as const) {
      const { ev } = TEXTS[language];
      const { context, page } = await open(language, { width: 1280, height: 900 });
      try {
        // Crawled off the vendor's JSON catalogue: nothing to photograph.
        let dialog = await openEvidence(page, language, 'Filamento PLA 1 kg');
        let missing = dialog.getByTestId('evidence-not-available');
        await missing.waitFor();
        expect(await missing.textContent()).toContain(ev.screenshot.missing.json_document);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // A price of the demo dataset: it names its crawl run, but no page was visited.
        dialog = await openEvidence(page, language, null);
        missing = dialog.getByTestId('evidence-not-available');
        await missing.waitFor();
        expect(await missing.textContent()).toContain(ev.screenshot.missing.demo_data);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("words the analytics card's confidence breakdown as an average over its observations", async () => {
    const summary = await api<{
      total_observations: number;
      confidence: {
        source_reliability: { factors: { vendor_observations: number } };
        temporal_relevance: { factors: { age_days: number } };
      };
    }>('/api/v1/stats/analytics');
    for (const language of ['es', 'en'] as const) {
      const { conf, locale } = TEXTS[language];
      const count = (text: string, n: number) => text.replace('{count}', n.toLocaleString(locale));
      const { context, page } = await open(language, { width: 1280, height: 900 });
      try {
        await page.goto('/analytics');
        const badge = page
          .locator('[data-testid="analytics-stat"][data-stat="average_confidence"]')
          .getByTestId('confidence-badge');
        await badge.focus();
        const tooltip = page.getByTestId('confidence-tooltip');
        await tooltip.getByTestId('confidence-aggregate').waitFor();
        expect(await tooltip.getByTestId('confidence-aggregate').textContent()).toBe(
          count(conf.aggregate.summary, summary.total_observations),
        );
        const { vendor_observations } = summary.confidence.source_reliability.factors;
        const { age_days } = summary.confidence.temporal_relevance.factors;
        expect(vendor_observations).toBeGreaterThan(1);
        expect(age_days).toBeGreaterThan(1);
        const notes = await tooltip.locator('.confidence-breakdown__note').allTextContents();
        expect(notes).toContain(count(conf.aggregate.notes.source, vendor_observations));
        expect(notes).toContain(count(conf.aggregate.notes.fresh, age_days));
        // Not one observation's wording ("75 observations from this vendor", "173 days old").
        expect(notes).not.toContain(count(conf.notes.source, vendor_observations));
        expect(notes).not.toContain(count(conf.notes.fresh, age_days));
      } finally {
        await context.close();
      }
    }
  }, 60_000);
});
