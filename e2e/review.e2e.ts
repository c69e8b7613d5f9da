/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reviewEn from '../apps/web/src/i18n/namespaces/review.en-US.json';
import reviewEs from '../apps/web/src/i18n/namespaces/review.es-MX.json';
import { apiLogin, prepareContext } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { untranslated, visibleTexts } from './support/untranslated.ts';

const VENDOR = 'Taller en Revisión (e2e)';
const VIEWER = { email: 'revisora@example.com', password: 'viewer-Pass-2026', name: 'Revisora E2E' };
const SHOTS = '/work/main/.scratch';

/** A new vendor's price page: its first crawl is held for review (a new vendor's first offers). */
const PAGES: Record<string, { type: string; body: string }> = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
  '/precios': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Precios — ${VENDOR}</title></head>
<body><h1>Lista de precios</h1>
<table><thead><tr><th>Servicio</th><th>Precio</th><th>Unidad</th></tr></thead><tbody>
<tr><td>Impresión 3D FDM en PLA</td><td>$3.20 MXN</td><td>por cm³</td></tr>
<tr><td>Impresión 3D SLA en resina estándar</td><td>$9.50 MXN</td><td>por cm³</td></tr>
<tr><td>Impresión 3D SLS en nylon</td><td>$14.00 MXN</td><td>por cm³</td></tr>
</tbody></table></body></html>`,
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

type ReviewList = {
  total: number;
  data: Array<{ id: string; status: string; reasons: Array<{ code: string }> }>;
};

describe('the review queue (demo database and a freshly crawled vendor)', () => {
  let site: Server;
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let vendorId: string;

  const api = async <T>(path: string, body?: unknown, auth = token): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const pendingOfVendor = () => api<ReviewList>(`/api/v1/reviews?vendor_id=${vendorId}`);
  /** How many of the vendor's prices wait, once the first test has decided two. */
  let left = 0;

  async function crawl() {
    const { run_id } = await api<{ run_id: string }>('/api/v1/crawl/run', {
      type: 'vendor',
      vendor_id: vendorId,
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
        return;
      }
      if (Date.now() > deadline) throw new Error(`the crawl is still ${run.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  beforeAll(async () => {
    site = await startSite();
    const { port } = site.address() as AddressInfo;
    const allowed = process.env.CRAWLER_ALLOWED_HOSTS;
    process.env.CRAWLER_ALLOWED_HOSTS = `127.0.0.1:${port}`;
    server = await startServer({ demo: true }).finally(() => {
      if (allowed === undefined) delete process.env.CRAWLER_ALLOWED_HOSTS;
      else process.env.CRAWLER_ALLOWED_HOSTS = allowed;
    });
    browser = await launchBrowser();
    token = await apiLogin(server.baseUrl);
    await api('/api/v1/users', { ...VIEWER, role: 'viewer' });

    const vendor = await api<{ id: string }>('/api/v1/vendors', {
      name: VENDOR,
      type: 'bureau',
      website: `http://127.0.0.1:${port}/`,
      city: 'Monterrey',
      capabilities: ['fdm_printing'],
    });
    vendorId = vendor.id;
    await api('/api/v1/crawl-targets', {
      vendor_id: vendor.id,
      url: `http://127.0.0.1:${port}/precios`,
      category: 'additive_manufacturing',
    });
    // The first crawl holds the vendor's first price (a new vendor); the second, after the page
    // tripled its prices, holds each offer's jump.
    await crawl();
    PAGES['/precios']!.body = PAGES['/precios']!.body.replace('$3.20', '$9.90')
      .replace('$9.50', '$29.00')
      .replace('$14.00', '$45.00');
    await crawl();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => site?.close(resolve));
  });

  async function open(language: 'es' | 'en', user?: { email: string; password: string }) {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    const session = user
      ? await apiLogin(server.baseUrl, { email: user.email, password: user.password })
      : token;
    await prepareContext(context, { token: session, language, visited: true });
    const page = await context.newPage();
    return { page, context, consoleWatch: watchConsole(page) };
  }

  const rows = (page: Page) => page.getByTestId('review-row');
  const shownTotal = async (page: Page) =>
    Number(await page.getByTestId('review-total').getAttribute('data-count'));
  const waitForRows = (page: Page, n: number) =>
    page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="review-row"]').length === count,
      n,
    );

  it('holds the new vendor’s first prices, shows why with the evidence, approves one and corrects one', async () => {
    const held = await pendingOfVendor();
    const codes = held.data.flatMap((item) => item.reasons.map((r) => r.code));
    expect(codes.filter((code) => code === 'new_vendor')).toHaveLength(1);
    expect(codes.filter((code) => code === 'price_jump')).toHaveLength(3);
    const n = held.total;
    expect(n).toBe(4);
    const queueBefore = (await api<ReviewList>('/api/v1/reviews?limit=1')).total;

    const { page, context, consoleWatch } = await open('es');
    // The side navigation leads to the queue.
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: reviewEs.nav }).click();
    await page.getByRole('heading', { level: 1, name: reviewEs.title }).waitFor();
    expect(await shownTotal(page)).toBe(queueBefore);

    // Filtered to the vendor: its held prices, each saying why.
    await page.getByTestId('filter-vendor').selectOption(vendorId);
    await waitForRows(page, n);
    expect(await shownTotal(page)).toBe(n);
    expect(new URL(page.url()).searchParams.get('vendor')).toBe(vendorId);
    const reasons = (await page.getByTestId('review-reasons').allTextContents()).join(' ');
    expect(reasons).toContain(reviewEs.reasons.new_vendor);
    expect(reasons).toContain(reviewEs.reasons.price_jump);
    expect(reasons).toMatch(/De MXN\s3\.20 a MXN\s9\.90 \(\+209\.4\s?%; el límite es 50\s?%\)/);
    await page.screenshot({ path: `${SHOTS}/review-queue-es.png`, fullPage: true });
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(untranslated(await visibleTexts(page), [VENDOR, 'PLA', 'SLA', 'SLS', 'FDM', 'MXN'])).toEqual([]);

    // The evidence: the saved page with the price marked, the selectors, the currency, the history.
    const rowReasons = await rows(page).first().getByTestId('review-reasons').textContent();
    await rows(page).first().getByTestId('review-open').click();
    const detail = page.getByTestId('review-detail');
    await detail.getByTestId('review-reading').waitFor();
    expect(await detail.getByTestId('review-reasons').textContent()).toBe(rowReasons);
    await detail.getByTestId('review-snapshot').waitFor();
    const frame = page.frameLocator('[data-testid="review-snapshot"]');
    expect(await frame.locator('h1').textContent()).toBe('Lista de precios');
    // The price's selector found its cell: the cell reads as marked, the rest of the page does not.
    expect(await detail.getByTestId('snapshot-highlighted').textContent()).toBe(
      reviewEs.detail.snapshot.highlighted.replace('{fields}', 'Precio'),
    );
    const marks = frame.locator('mark[data-review-field="price"]');
    expect(await marks.count()).toBe(1);
    expect(await marks.textContent()).toMatch(/^\$\d+\.\d{2} MXN$/);
    await page.screenshot({ path: `${SHOTS}/review-detail-es.png` });
    // The crawler's Chromium took a screenshot of the page: it shows, fetched with the token.
    await detail.getByTestId('evidence-tab-screenshot').click();
    await detail.getByTestId('review-screenshot').waitFor();
    expect(
      await detail.getByTestId('review-screenshot').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await detail.getByTestId('evidence-tab-fields').click();
    await detail.getByTestId('review-selectors').waitFor();
    await detail.getByTestId('evidence-tab-currency').click();
    expect(await detail.getByTestId('review-currency').textContent()).toContain('MXN');
    await detail.getByTestId('evidence-tab-history').click();
    await detail.getByTestId('review-history').waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Approve the first: it leaves the queue and the count drops.
    const approvedId = await rows(page).first().getAttribute('data-id');
    await rows(page).first().getByTestId('review-approve').click();
    await waitForRows(page, n - 1);
    expect(await shownTotal(page)).toBe(n - 1);

    // Correct the next one: a new price, the currency pinned on the target.
    const correctedId = await rows(page).first().getAttribute('data-id');
    await rows(page).first().getByTestId('review-correct').click();
    const form = page.getByTestId('correct-form');
    await form.getByLabel(reviewEs.correct.price).fill('4.1');
    await form.getByLabel(reviewEs.correct.tax_state).selectOption('excluded');
    await form.getByLabel(reviewEs.correct.note).fill('El precio de la tabla no incluía IVA');
    await form.getByLabel(new RegExp(reviewEs.correct.pin_currency)).check();
    await form.getByTestId('correct-submit').click();
    await form.waitFor({ state: 'detached' });
    await waitForRows(page, n - 2);
    expect(await shownTotal(page)).toBe(n - 2);
    left = n - 2;

    // The server kept both decisions, and the original reading beside the correction.
    const approved = await api<{ status: string }>(`/api/v1/reviews/${approvedId}`);
    expect(approved.status).toBe('approved');
    const corrected = await api<{
      status: string;
      observation: { price: number };
      decisions: Array<{ action: string; note: string | null; after: Record<string, unknown> | null }>;
    }>(`/api/v1/reviews/${correctedId}`);
    expect(corrected.status).toBe('corrected');
    expect(corrected.observation.price).not.toBe(4.1);
    expect(corrected.decisions.at(-1)).toMatchObject({
      action: 'correct',
      note: 'El precio de la tabla no incluía IVA',
      after: expect.objectContaining({ price: 4.1 }),
    });

    // The decided ones show under their status.
    await page.getByTestId('filter-status').selectOption('corrected');
    await waitForRows(page, 1);
    expect(await rows(page).first().getAttribute('data-id')).toBe(correctedId);
    await rows(page).first().getByTestId('review-open').click();
    const decisions = page.getByTestId('review-decisions');
    expect(await decisions.textContent()).toContain('El precio de la tabla no incluía IVA');
    expect(await decisions.textContent()).toContain(reviewEs.detail.actions.correct);
    expect(await page.getByTestId('detail-approve').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The dashboard says the queue's new size and leads to it.
    await page.goto('/');
    const card = page.getByTestId('review-queue-card');
    await card.waitFor();
    expect(Number(await card.getAttribute('data-count'))).toBe(queueBefore - 2);
    await card.screenshot({ path: `${SHOTS}/review-dashboard-card-es.png` });
    await card.getByTestId('open-review').click();
    await page.waitForURL('**/review');
    expect(await shownTotal(page)).toBe(queueBefore - 2);
    expect(consoleWatch.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('says on the benchmark cards how many await review, and lets an admin change the rules', async () => {
    // The first region whose 3D-printing benchmarks (30 days) have held observations, per the API.
    type Listed = { data: Array<{ awaiting_review?: number }> };
    let region: string | null = null;
    let awaiting: number[] = [];
    for (const candidate of ['CDMX', 'Mexico', 'LATAM', 'Global']) {
      const listed = await api<Listed>(
        `/api/v1/benchmarks?category=additive_manufacturing&region=${candidate}&time_window=30`,
      );
      awaiting = listed.data.map((b) => b.awaiting_review ?? 0).filter((n) => n > 0);
      if (awaiting.length > 0) {
        region = candidate;
        break;
      }
    }
    expect(region, 'a benchmark group with held observations').not.toBeNull();

    const { page, context, consoleWatch } = await open('es');
    await page.goto('/benchmarks');
    await page.getByTestId('benchmark-card').first().waitFor();
    await page.getByTestId('filter-region').selectOption(region!);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="benchmark-awaiting-review"]').length === n,
      awaiting.length,
    );
    const badges = await page.getByTestId('benchmark-awaiting-review').allTextContents();
    expect(badges.sort()).toEqual(
      awaiting
        .map((n) =>
          n === 1
            ? reviewEs.benchmark.awaiting_one
            : reviewEs.benchmark.awaiting.replace('{count}', String(n)),
        )
        .sort(),
    );
    await page.getByTestId('benchmark-awaiting-review').first().click();
    await page.waitForURL('**/review?category=additive_manufacturing');
    await page.getByTestId('review-row').first().waitFor();

    // The review rules in /settings: an admin raises the jump limit; the server keeps it.
    await page.goto('/settings');
    const rules = page.getByTestId('review-rules-form');
    await rules.getByLabel(reviewEs.settings.price_jump_percent).fill('80');
    await rules.getByTestId('review-rules-save').click();
    await page.getByText(reviewEs.settings.saved).waitFor();
    expect(await api<{ price_jump_percent: number }>('/api/v1/review-settings')).toMatchObject({
      price_jump_percent: 80,
    });
    await page.getByTestId('review-rules-card').screenshot({ path: `${SHOTS}/review-settings-es.png` });
    expect(consoleWatch.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('reads in English, and a viewer sees the queue without any decision', async () => {
    const { page, context } = await open('en');
    await page.goto(`/review?vendor=${vendorId}`);
    await page.getByRole('heading', { level: 1, name: reviewEn.title }).waitFor();
    await waitForRows(page, left);
    expect(await page.getByTestId('review-total').textContent()).toBe(`${left} waiting`);
    await page.screenshot({ path: `${SHOTS}/review-queue-en.png`, fullPage: true });
    // On a phone the table scrolls inside its card; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.screenshot({ path: `${SHOTS}/review-queue-en-375.png`, fullPage: true });
    await context.close();

    const viewer = await open('es', VIEWER);
    await viewer.page.goto(`/review?vendor=${vendorId}`);
    await waitForRows(viewer.page, left);
    await viewer.page.getByText(reviewEs.read_only).waitFor();
    expect(await viewer.page.getByTestId('review-approve').count()).toBe(0);
    expect(await viewer.page.getByTestId('review-correct').count()).toBe(0);
    expect(await viewer.page.getByTestId('review-reject').count()).toBe(0);
    expect(await viewer.page.getByRole('checkbox').count()).toBe(0);
    await viewer.page.getByTestId('review-open').first().click();
    await viewer.page.getByTestId('review-reading').waitFor();
    expect(await viewer.page.getByTestId('detail-approve').count()).toBe(0);
    await viewer.page.screenshot({ path: `${SHOTS}/review-viewer-es.png` });
    await viewer.context.close();
  }, 60_000);
});
