/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import serverEn from '../packages/shared/src/i18n/messages.en-US.json';
import serverEs from '../packages/shared/src/i18n/messages.es-MX.json';
import { CATALOGUES } from '../apps/web/src/testing/catalogues.ts';
import benchEn from '../apps/web/src/i18n/namespaces/benchmarks.en-US.json';
import bench from '../apps/web/src/i18n/namespaces/benchmarks.es-MX.json';
import crawlRun from '../apps/web/src/i18n/namespaces/crawl_run.es-MX.json';
import targets from '../apps/web/src/i18n/namespaces/crawl_targets.es-MX.json';
import targetsEn from '../apps/web/src/i18n/namespaces/crawl_targets.en-US.json';
import es from '../apps/web/src/i18n/es-MX.json';
import { ADMIN } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';
import { DEMO_TARGETS } from './support/demo-counts.ts';

// The catalogues the console renders (core plus namespaces), so a missing namespace fails here.
expect(CATALOGUES.es).toHaveProperty('crawl_targets.title', targets.title);

describe('operations screens (dashboard, crawl targets, benchmarks) on the demo database', () => {
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  useBrowserSession({ width: 1280, height: 900 }, (session) => ({ page, consoleWatch } = session), {
    demo: true,
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  async function signIn() {
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(ADMIN.email);
    await page.getByLabel(es.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await heading(es.dashboard.title).waitFor();
  }

  function expectCleanConsole() {
    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  }

  it('dashboard: buttons, first-visit welcome card, live pipeline link and the run-crawl modal', async () => {
    await signIn();

    // The welcome card shows on the first visit, with its pipe-separated features.
    const welcome = page.getByTestId('welcome-card');
    await welcome.waitFor();
    expect(await welcome.textContent()).toContain(' | ');
    await page.getByTestId('welcome-dismiss').click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await heading(es.dashboard.title).waitFor();
    await page.getByTestId('stat-card').nth(7).waitFor();
    expect(await welcome.count()).toBe(0);

    // The pipeline link connects (its state is exposed as data-state).
    await page.locator('[data-testid="pipeline-panel"][data-state="connected"]').waitFor({ timeout: 15_000 });

    // Run crawl: a vendor crawl needs a vendor, a category crawl a category (DECISIONS.md).
    const dialog = page.getByRole('dialog', { name: crawlRun.title });
    await page.getByTestId('run-crawl').click();
    await dialog.waitFor();
    await dialog.getByLabel(crawlRun.types.vendor).check();
    await dialog.getByTestId('run-crawl-submit').click();
    await dialog.getByText(serverEs.validation.vendor_required).waitFor();
    expect(await dialog.getByLabel(crawlRun.vendor, { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await dialog.getByLabel(crawlRun.types.category).check();
    await dialog.getByTestId('run-crawl-submit').click();
    await dialog.getByText(serverEs.validation.category_required).waitFor();

    await dialog.getByLabel(crawlRun.types.vendor).check();
    const vendorSelect = dialog.getByLabel(crawlRun.vendor, { exact: true });
    await page.waitForFunction(() => document.querySelectorAll('select[name="vendor_id"] option').length > 1);
    await vendorSelect.selectOption({ index: 1 });
    await dialog.getByLabel(crawlRun.workers).fill('11');
    await dialog.getByTestId('run-crawl-submit').click();
    await dialog.getByText(serverEs.validation.parallel_workers_range).waitFor();
    await dialog.getByLabel(crawlRun.workers).fill('2');
    await dialog.getByTestId('run-crawl-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // The queued crawl reports its stages on the panel.
    await page.getByTestId('pipeline-run').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/ops-dashboard.png', fullPage: true });

    // View reports goes to /reports.
    await page.getByTestId('view-reports').click();
    await page.waitForURL('**/reports');
    expectCleanConsole();
  });

  it('crawl targets: list, validated create, pause and delete', async () => {
    await signIn();
    await page.goto('/crawl-targets');
    await heading(targets.title).waitFor();
    const rows = page.getByTestId('target-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(DEMO_TARGETS);
    expect(await page.getByText(targets.help.title).isVisible()).toBe(true);
    // Priority 8+ is red; the frequency reads in days.
    const firstPriority = rows.first().getByTestId('priority-badge');
    expect(await firstPriority.getAttribute('data-tone')).toBe('danger');
    expect(await rows.first().textContent()).toMatch(/\d(\.\d+)? días?|1 día/);
    // A failing target says why in Spanish; the technical detail is on hover.
    const reasons = await page
      .getByTestId('target-error')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent, detail: el.getAttribute('title') })));
    expect(reasons.length).toBeGreaterThan(0);
    for (const { text, detail } of reasons) {
      expect([targets.errors.http_status, targets.errors.timeout]).toContain(text);
      expect(detail).toMatch(/503|10000 ms/);
    }

    const dialog = page.getByRole('dialog', { name: targets.form.title });
    await page.getByTestId('add-target').click();
    await dialog.waitFor();
    await dialog.getByTestId('target-submit').click();
    await dialog.getByText(serverEs.validation.vendor_required).waitFor();
    await dialog.getByText(serverEs.validation.url_invalid).waitFor();
    expect(await dialog.getByLabel(targets.form.url).getAttribute('aria-invalid')).toBe('true');
    // Defaults of spec §4.
    expect(await dialog.getByLabel(targets.form.frequency).inputValue()).toBe('24');
    expect(await dialog.getByLabel(targets.form.priority).inputValue()).toBe('5');
    expect(await dialog.getByLabel(targets.form.active).isChecked()).toBe(true);

    await page.waitForFunction(() => document.querySelectorAll('select[name="vendor_id"] option').length > 1);
    await dialog.getByLabel(targets.form.vendor).selectOption({ index: 1 });
    await dialog.getByLabel(targets.form.url).fill('no es una url');
    await dialog.getByLabel(targets.form.priority).fill('12');
    await dialog.getByTestId('target-submit').click();
    await dialog.getByText(serverEs.validation.url_invalid).waitFor();
    await dialog.getByText(serverEs.validation.priority_range).waitFor();

    const url = 'https://e2e-ops.example.mx/precios/impresion-3d';
    await dialog.getByLabel(targets.form.url).fill(url);
    await dialog.getByLabel(targets.form.priority).fill('9');
    await dialog.getByLabel(targets.form.frequency).selectOption('168');
    await dialog.getByTestId('target-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator(`[data-testid="target-row"][data-url="${url}"]`);
    await row.waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="target-row"]').length === n,
      DEMO_TARGETS + 1,
    );
    expect(await row.getByTestId('priority-badge').getAttribute('data-tone')).toBe('danger');
    expect(await row.textContent()).toContain('7 días');
    expect(await row.getByTestId('status-badge').getAttribute('data-active')).toBe('true');

    // Edit: a lower priority turns the badge neutral; the vendor stays.
    await row.getByTestId('edit-target').click();
    const edit = page.getByRole('dialog', { name: targets.form.edit_title });
    expect(await edit.getByLabel(targets.form.priority).inputValue()).toBe('9');
    expect(await edit.getByLabel(targets.form.vendor).isDisabled()).toBe(true);
    await edit.getByLabel(targets.form.priority).fill('3');
    await edit.getByTestId('target-submit').click();
    await edit.waitFor({ state: 'detached' });
    await row.locator('[data-testid="priority-badge"][data-tone="neutral"]').waitFor();

    // Pause, then resume.
    await row.getByTestId('toggle-target').click();
    await row.locator('[data-testid="status-badge"][data-active="false"]').waitFor();
    await row.getByTestId('toggle-target').click();
    await row.locator('[data-testid="status-badge"][data-active="true"]').waitFor();
    await page.screenshot({ path: '/tmp/ops-crawl-targets.png' });

    // Delete, with a confirmation.
    await row.getByTestId('delete-target').click();
    const confirm = page.getByRole('dialog', { name: targets.delete.title });
    await confirm.getByTestId('confirm-delete').click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(DEMO_TARGETS);

    // Once in English: the validation messages follow the language.
    await page.getByTestId('language-toggle').click();
    await heading(targetsEn.title).waitFor();
    await page.getByTestId('add-target').click();
    const dialogEn = page.getByRole('dialog', { name: targetsEn.form.title });
    await dialogEn.getByTestId('target-submit').click();
    await dialogEn.getByText(serverEn.validation.vendor_required).waitFor();
    await dialogEn.getByText(serverEn.validation.url_invalid).waitFor();
    expectCleanConsole();
  });

  it('benchmarks: filters change the cards, calculate dialog validates and queues', async () => {
    await signIn();
    await page.goto('/benchmarks');
    await heading(bench.title).waitFor();
    expect(await page.getByTestId('filter-category').inputValue()).toBe('additive_manufacturing');
    expect(await page.getByTestId('filter-region').inputValue()).toBe('CDMX');
    expect(await page.getByTestId('filter-window').inputValue()).toBe('30');

    const loaded = (filters: string) =>
      page.locator(`[data-testid="benchmark-list"][data-filters="${filters}"][data-loaded="true"]`).waitFor();
    const cardTexts = () => page.getByTestId('benchmark-card').allTextContents();
    await loaded('additive_manufacturing|CDMX|30');
    await page.getByTestId('benchmark-card').first().waitFor();
    const printing = await cardTexts();
    expect(printing.length).toBeGreaterThan(0);
    // Five USD tiles, the median emphasised.
    const first = page.getByTestId('benchmark-card').first();
    expect(await first.getByTestId('price_p50').textContent()).toMatch(/USD|\$/);
    expect(await first.locator('.benchmark-tile--median').count()).toBe(1);
    await page.screenshot({ path: '/tmp/ops-benchmarks.png', fullPage: true });

    await page.getByTestId('filter-category').selectOption('cnc_machining');
    await loaded('cnc_machining|CDMX|30');
    const machining = await cardTexts();
    expect(machining).not.toEqual(printing);

    await page.getByTestId('filter-region').selectOption('Global');
    await page.getByTestId('filter-window').selectOption('365');
    await loaded('cnc_machining|Global|365');

    // Calculate: the spec's minimum-observations message, then a queued calculation.
    const dialog = page.getByRole('dialog', { name: bench.dialog.title });
    await page.getByTestId('open-calculate').click();
    await dialog.waitFor();
    expect(await dialog.getByLabel(bench.dialog.min_observations).inputValue()).toBe('3');
    expect(await dialog.getByLabel(bench.dialog.time_window).inputValue()).toBe('30');
    await dialog.getByLabel(bench.dialog.min_observations).fill('0');
    await dialog.getByTestId('calculate-submit').click();
    await dialog.getByText(serverEs.validation.min_observations_min).waitFor();
    await dialog.getByLabel(bench.dialog.min_observations).fill('3');
    await dialog.getByLabel(bench.dialog.category).selectOption('additive_manufacturing');
    await dialog.getByLabel(bench.dialog.region).selectOption('CDMX');
    await dialog.getByTestId('calculate-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // In English: the same validation message, in English.
    await page.getByTestId('language-toggle').click();
    await heading(benchEn.title).waitFor();
    await page.getByTestId('open-calculate').click();
    const dialogEn = page.getByRole('dialog', { name: benchEn.dialog.title });
    await dialogEn.getByLabel(benchEn.dialog.min_observations).fill('0');
    await dialogEn.getByTestId('calculate-submit').click();
    await dialogEn.getByText(serverEn.validation.min_observations_min).waitFor();
    expectCleanConsole();
  });

  it('hides run crawl, target management and calculate from viewers', async () => {
    await signIn();
    const viewer = { email: 'viewer-ops@example.com', password: 'viewer-Pass-2026' };
    const status = await page.evaluate(async (user) => {
      const token = localStorage.getItem('preciofab.auth_token');
      const response = await fetch('/api/v1/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...user, name: 'Ops Viewer', role: 'viewer' }),
      });
      return response.status;
    }, viewer);
    expect(status).toBe(201);
    await page.evaluate(() => localStorage.removeItem('preciofab.auth_token'));
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(viewer.email);
    await page.getByLabel(es.login.password).fill(viewer.password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await heading(es.dashboard.title).waitFor();
    await page.getByTestId('view-reports').waitFor();
    expect(await page.getByTestId('run-crawl').count()).toBe(0);

    await page.goto('/crawl-targets');
    await page.getByTestId('target-row').first().waitFor();
    expect(await page.getByTestId('add-target').count()).toBe(0);
    expect(await page.getByTestId('toggle-target').count()).toBe(0);
    expect(await page.getByTestId('delete-target').count()).toBe(0);

    await page.goto('/benchmarks');
    await page.getByTestId('benchmark-card').first().waitFor();
    expect(await page.getByTestId('open-calculate').count()).toBe(0);
    expectCleanConsole();
  });

  it('shows the spec texts when benchmark calculation is missing and targets cannot load', async () => {
    await signIn();
    await page.route('**/api/v1/benchmarks/calculate', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"detail":"Not found","errors":[]}',
      }),
    );
    await page.goto('/benchmarks');
    await page.getByTestId('open-calculate').click();
    const dialog = page.getByRole('dialog', { name: bench.dialog.title });
    await dialog.getByTestId('calculate-submit').click();
    await dialog.getByText(bench.dialog.not_implemented).waitFor();

    await page.route('**/api/v1/targets?*', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"detail":"bad","errors":[]}' }),
    );
    await page.goto('/crawl-targets');
    await page.getByTestId('targets-error').getByText(targets.load_error.title).waitFor();
    expect(await page.getByTestId('targets-error').locator('li').count()).toBe(3);
  });
});
