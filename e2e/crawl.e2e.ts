/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import es from '../apps/web/src/i18n/es-MX.json';
import runEs from '../apps/web/src/i18n/namespaces/crawl_run.es-MX.json';
import targetsEs from '../apps/web/src/i18n/namespaces/crawl_targets.es-MX.json';
import evEs from '../apps/web/src/i18n/namespaces/evidence.es-MX.json';
import pipelineEs from '../apps/web/src/i18n/namespaces/pipeline.es-MX.json';
import pricesEs from '../apps/web/src/i18n/namespaces/prices.es-MX.json';
import { apiLogin } from './support/auth.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';

/** The crawler in the real server, against the demo web on 127.0.0.1: a page whose prices are drawn
 * by its own script is rendered in Chromium, and the evidence shows what was read. */
describe('Run crawl on the demo web', () => {
  let session: BrowserSession;
  useBrowserSession({ width: 1280, height: 900 }, (s) => (session = s), { demo: true });

  async function signIn(page: Page) {
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(ADMIN.email);
    await page.getByLabel(es.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await page.getByRole('heading', { level: 1, name: es.dashboard.title }).waitFor();
  }

  it('crawls a script-drawn price page from the console and shows its prices with a screenshot and snapshot', async () => {
    const { page, server } = session;
    const token = await apiLogin(server.baseUrl);
    const api = async <T>(path: string): Promise<T> =>
      (await (
        await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as T;
    const vendors = await api<{ data: { id: string; name: string }[] }>(
      '/api/v1/vendors?search=Pac%C3%ADfico&limit=100',
    );
    const vendor = vendors.data.find((v) => v.name === 'Corte Láser Pacífico (demo)')!;
    expect(vendor).toBeDefined();

    await signIn(page);
    await page.getByTestId('run-crawl').click();
    const modal = page.getByRole('dialog', { name: runEs.title });
    await modal.getByLabel(runEs.types.vendor).check();
    await modal.getByLabel(runEs.vendor, { exact: true }).selectOption(vendor.id);
    await modal.getByLabel(runEs.force).check();
    const started = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/crawl/run') && r.request().method() === 'POST',
    );
    await modal.getByTestId('run-crawl-submit').click();
    const runId = ((await (await started).json()) as { run_id: string }).run_id;
    await modal.waitFor({ state: 'detached' });

    // The live panel follows the run to the end: its completion message, not any job's 100 % (the
    // demo's seeded reports are generated at start, and their progress shows in the same panel).
    await page
      .locator('[data-testid="pipeline-panel"] [data-testid="pipeline-run"][data-status="completed"]')
      .getByText(/^Rastreo completado: .*, 2 observaciones nuevas$/)
      .waitFor({ timeout: 60_000 });
    // Only the stages a crawl runs: no benchmark calculation or export generation marked done.
    const steps = await page
      .locator('[data-testid="pipeline-run"][data-status="completed"] .pipeline-steps__item')
      .allInnerTexts();
    expect(steps).toHaveLength(4);
    expect(steps.join('\n')).not.toContain(pipelineEs.stages.benchmark_calculation);
    expect(steps.join('\n')).not.toContain(pipelineEs.stages.export_generation);
    const run = await api<{ status: string; observations_created: number }>(`/api/v1/crawl/runs/${runId}`);
    expect(run).toMatchObject({ status: 'completed', observations_created: 2 });

    await page.goto('/prices');
    await page.getByLabel(pricesEs.search_label).fill('Pacífico (demo)');
    const rows = page.getByTestId('price-row');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="price-row"]').length === 2);
    const texts = (await rows.allInnerTexts()).join('\n');
    expect(texts).toContain('Corte láser CO2 en acrílico');
    expect(texts).toContain('Grabado láser en MDF');
    expect(texts).toMatch(/14\.00/);
    expect(texts).toMatch(/11\.50/);

    await rows.filter({ hasText: 'Corte láser CO2 en acrílico' }).getByRole('button').first().click();
    const dialog = page.getByTestId('evidence-modal');
    await dialog.waitFor();
    // The screenshot Chromium took of the rendered page, fetched with the token.
    const image = dialog.locator('img');
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="evidence-modal"] img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth >= 1000;
    });
    // Why the price is in pesos: the page's language says Mexico (its `$` carries no code).
    await page.getByRole('tab', { name: evEs.tabs.extraction }).click();
    const currency = dialog.getByTestId('currency-evidence');
    expect(await currency.textContent()).toBe(`MXN · ${es.currency_basis.page_locale}`);
    expect(await currency.getAttribute('title')).toBe('lang es-MX');
    // The snapshot is the rendered page, shown in a sandboxed frame.
    await page.getByRole('tab', { name: evEs.tabs.raw }).click();
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('Grabado láser en MDF');
    await page.screenshot({ path: '/tmp/crawl-evidence.png' });
    expect(session.consoleWatch.cspViolations()).toEqual([]);
    expect(session.consoleWatch.uncaught()).toEqual([]);
  }, 180_000);

  it('tests a demo page from the target form before saving: offers with why their currency, and an undecided $ the target decides', async () => {
    const { page, server } = session;
    const token = await apiLogin(server.baseUrl);
    const get = async <T>(path: string): Promise<T> =>
      (await (
        await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as T;
    const vendors = await get<{ data: { id: string; name: string }[] }>(
      '/api/v1/vendors?search=Lumbre&limit=100',
    );
    const vendor = vendors.data.find((v) => v.name === 'Prototipos Lumbre (demo)')!;
    const targets = await get<{ data: { url: string }[] }>(`/api/v1/targets?vendor_id=${vendor.id}`);
    const lumbre = targets.data[0]!.url;
    expect(lumbre).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/precios$/);
    const origin = new URL(lumbre).origin;

    await signIn(page);
    await page.goto('/crawl-targets');
    await page.getByTestId('add-target').click();
    const dialog = page.getByRole('dialog', { name: targetsEs.form.title });
    await dialog.getByLabel(targetsEs.form.url).fill(`${origin}/precios`);
    await dialog.getByTestId('target-test').click();
    const preview = dialog.getByTestId('target-preview');
    await preview.waitFor({ timeout: 30_000 });
    const offers = dialog.getByTestId('preview-offer');
    const rows = async () =>
      (
        await offers.evaluateAll((els) =>
          els.map((el) => [...el.querySelectorAll('td')].map((td) => td.textContent ?? '')),
        )
      ).map((cells) => [cells[0], cells[2], cells[3]]);
    expect(await rows()).toEqual([
      ['Impresión 3D FDM en PLA', 'MXN', es.currency_basis.code],
      ['Impresión 3D FDM en PETG', 'MXN', es.currency_basis.code],
      ['Impresión 3D SLA en resina estándar', 'MXN', es.currency_basis.code],
    ]);
    expect(await dialog.getByTestId('preview-undecided').count()).toBe(0);

    // A page whose `$` nothing decides: each price says so, until the target's currency does.
    await dialog.getByLabel(targetsEs.form.url).fill(`${origin}/acabados`);
    await dialog.getByTestId('target-test').click();
    await dialog.getByTestId('preview-undecided').first().waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('preview-undecided').count()).toBe(2);
    expect(await dialog.getByTestId('preview-undecided').first().textContent()).toContain(
      targetsEs.preview.undecided_warning,
    );
    await dialog.getByLabel(targetsEs.form.currency).selectOption('MXN');
    await dialog.getByTestId('target-test').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="preview-undecided"]').length === 0,
    );
    await offers.first().waitFor();
    expect(await rows()).toEqual([
      ['Lijado y primer por pieza', 'MXN', es.currency_basis.target],
      ['Pintura automotriz por pieza', 'MXN', es.currency_basis.target],
    ]);
    await page.screenshot({ path: '/tmp/target-preview.png' });
    expect(session.consoleWatch.uncaught()).toEqual([]);
  });
});
