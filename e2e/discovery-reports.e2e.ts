/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import { readFile } from 'node:fs/promises';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import serverEn from '../packages/shared/src/i18n/messages.en-US.json';
import serverEs from '../packages/shared/src/i18n/messages.es-MX.json';
import esCore from '../apps/web/src/i18n/es-MX.json';
import enDiscovery from '../apps/web/src/i18n/namespaces/discovery.en-US.json';
import esDiscovery from '../apps/web/src/i18n/namespaces/discovery.es-MX.json';
import enReports from '../apps/web/src/i18n/namespaces/reports.en-US.json';
import esReports from '../apps/web/src/i18n/namespaces/reports.es-MX.json';
import { DEMO_SITES } from '../apps/server/src/demo-web/demo-sites.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';
import { axeViolations } from './support/axe.ts';

const es = { ...esCore, discovery: esDiscovery, reports: esReports };
const en = { discovery: enDiscovery, reports: enReports };
const VIEWER = { email: 'lectora@example.com', password: 'viewer-Pass-2026', name: 'Lectora E2E' };

describe('discovery and reports screens (demo database)', () => {
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  useBrowserSession({ width: 1280, height: 900 }, (session) => ({ page, consoleWatch } = session), {
    demo: true,
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const dialog = () => page.getByRole('dialog');
  const candidates = () => page.getByTestId('candidate-card');
  const sources = () => page.getByTestId('source-card');
  const reports = () => page.getByTestId('report-card');
  const countOf = async (testId: string) => Number((await page.getByTestId(testId).textContent())?.trim());
  const waitForCount = (locatorTestId: string, count: number) =>
    page.waitForFunction(([id, n]) => document.querySelectorAll(`[data-testid="${id}"]`).length === n, [
      locatorTestId,
      count,
    ] as const);

  async function signIn(email: string, password: string) {
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(email);
    await page.getByLabel(es.login.password).fill(password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await heading(es.dashboard.title).waitFor();
  }

  async function expectVisibleFields(form: Locator, visible: string[], hidden: string[]) {
    for (const label of visible) expect(await form.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    for (const label of hidden) expect(await form.getByLabel(label, { exact: true }).count()).toBe(0);
  }

  it('reviews candidates, runs a source and sets up a new one', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await page.getByRole('navigation').getByRole('link', { name: es.nav.discovery }).click();
    await page.waitForURL('**/discovery');
    await heading(es.discovery.title).waitFor();

    // Candidates tab: the count is the API total, one card per pending candidate.
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBe(2);
    expect(await page.getByTestId('tab-candidates').getAttribute('aria-selected')).toBe('true');
    await candidates().first().waitFor();
    const total = await countOf('tab-candidates-count');
    expect(total).toBeGreaterThan(3);
    expect(await candidates().count()).toBe(Math.min(total, 50));
    await page.screenshot({ path: '/tmp/discovery-reports-candidates.png' });
    const first = candidates().first();
    expect(await first.getByTestId('candidate-confidence').textContent()).toMatch(/\d+\s?%/);
    const link = first.getByRole('link').first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');

    // Approve, reject (reason prefilled with 'no relevante') and not relevant: each leaves the list.
    const titleOf = async (card: Locator) => (await card.getByRole('heading').textContent())?.trim() ?? '';
    const approved = await titleOf(first);
    await first.getByTestId('candidate-approve').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="candidate-card"]').length === n,
      total - 1,
    );
    expect(await countOf('tab-candidates-count')).toBe(total - 1);
    expect(await candidates().getByRole('heading', { name: approved, exact: true }).count()).toBe(0);

    await candidates().first().getByTestId('candidate-reject').click();
    await dialog().waitFor();
    expect(await dialog().getByLabel(es.discovery.reject.reason).inputValue()).toBe(
      es.discovery.reject.default_reason,
    );
    await dialog().getByTestId('reject-confirm').click();
    await dialog().waitFor({ state: 'detached' });
    await waitForCount('candidate-card', total - 2);
    expect(await countOf('tab-candidates-count')).toBe(total - 2);

    await candidates().first().getByTestId('candidate-not-relevant').click();
    await waitForCount('candidate-card', total - 3);
    expect(await countOf('tab-candidates-count')).toBe(total - 3);

    // Keyboard: the arrow key moves to the Sources tab.
    await page.getByTestId('tab-candidates').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('tab-sources').getAttribute('aria-selected')).toBe('true');
    await sources().first().waitFor();
    const sourceTotal = await countOf('tab-sources-count');
    expect(await sources().count()).toBe(sourceTotal);

    // An inactive source cannot run; an active one queues a run that ends with a new last-run time.
    const inactive = sources().filter({ hasText: es.discovery.sources.inactive });
    expect(await inactive.first().getByTestId('source-run').isDisabled()).toBe(true);
    // The demo web's directory (on 127.0.0.1): a run that really reads a paginated directory.
    const activeName = 'Directorio de la web demo';
    expect(await sources().filter({ hasText: activeName }).getByTestId('source-run').isDisabled()).toBe(
      false,
    );
    const card = sources().filter({ has: page.getByRole('heading', { name: activeName, exact: true }) });
    const lastRunBefore = await card.getByTestId('source-last-run').textContent();
    await card.getByTestId('source-run').click();
    await page.waitForFunction(
      ([name, before]) => {
        const el = [...document.querySelectorAll('[data-testid="source-card"]')].find(
          (c) => c.querySelector('h2')?.textContent === name,
        );
        const status = el?.getAttribute('data-status');
        const lastRun = el?.querySelector('[data-testid="source-last-run"]')?.textContent;
        return status !== 'queued' && status !== 'running' && lastRun !== before;
      },
      [activeName, lastRunBefore] as const,
      { timeout: 30_000 },
    );
    // It found the demo web's two untracked vendors (the three tracked ones are vendors already),
    // and its card says so.
    expect(await card.getAttribute('data-status')).toBe('idle');
    await card.getByTestId('source-run-found').waitFor();
    expect(await card.getByTestId('source-run-found').textContent()).toBe(
      es.discovery.sources.run_found.replace('{count}', '2'),
    );
    const found = await page.evaluate(async () => {
      const token = localStorage.getItem('preciofab.auth_token');
      const res = await fetch('/api/v1/discovery/candidates?status=pending&limit=100', {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: { title: string | null; domain: string }[] };
      return body.data.filter((c) => c.domain.startsWith('127.0.0.1:')).map((c) => c.title);
    });
    // The demo web's vendor sites among them: exactly its two untracked ones. (The seeded sources
    // are paused: no other run added candidates while the demo started.)
    const siteNames = new Set(DEMO_SITES.map((s) => s.name));
    expect(found.filter((title) => title !== null && siteNames.has(title)).sort()).toEqual([
      'Andes Fab Lab (demo)',
      'Filamentos Norte (demo)',
    ]);
    // Its card shows what the site said and the price page approval will track.
    await page.reload();
    await page.getByTestId('tab-candidates').click();
    const filamentos = candidates().filter({
      has: page.getByRole('heading', { name: 'Filamentos Norte (demo)', exact: true }),
    });
    await filamentos.waitFor();
    expect(await filamentos.getByTestId('candidate-price-page').getAttribute('href')).toMatch(/\/tienda$/);
    expect(await filamentos.getByTestId('candidate-profile').textContent()).toContain('Monterrey');
    await page.getByTestId('tab-sources').click();
    await sources().first().waitFor();

    // The setup modal: fields per type and the spec §5 messages.
    await page.getByTestId('setup-source').click();
    const form = page.getByTestId('source-form');
    await form.waitFor();
    const f = es.discovery.form;
    const field = (label: string) => form.getByLabel(label, { exact: true });
    expect(await field(f.keywords).inputValue()).toBe(f.default_keywords);
    expect(await field(f.region).inputValue()).toBe('Mexico');
    expect(await field(f.language).inputValue()).toBe('es');
    expect(await field(f.schedule).inputValue()).toBe('daily');
    await expectVisibleFields(form, [f.search_query, f.keywords, f.region, f.language], [f.directory_url]);
    await form.getByTestId('source-submit').click();
    await form.getByText(serverEs.validation.source_name_required).waitFor();
    await form.getByText(serverEs.validation.search_query_required).waitFor();
    expect(await field(f.name).getAttribute('aria-invalid')).toBe('true');

    const type = field(f.type);
    const cases = [
      ['directory', [f.directory_url, f.keywords], [f.search_query, f.region], 'directory_url_required'],
      ['association', [f.api_endpoint, f.region], [f.keywords, f.language], 'api_endpoint_required'],
      ['sitemap', [f.sitemap_url, f.keywords], [f.region, f.api_endpoint], 'sitemap_url_required'],
      ['social_media', [f.api_endpoint, f.keywords, f.region], [f.language], 'api_endpoint_required'],
      ['api', [f.api_endpoint], [f.keywords, f.region, f.language], 'api_endpoint_required'],
    ] as const;
    for (const [value, visible, hidden, message] of cases) {
      await type.selectOption(value);
      await expectVisibleFields(form, [...visible], [...hidden]);
      await form.getByTestId('source-submit').click();
      await form.getByText(serverEs.validation[message]).waitFor();
    }

    await type.selectOption('directory');
    await field(f.name).fill('Directorio de talleres e2e');
    await field(f.directory_url).fill('https://talleres.example.mx/directorio');
    await field(f.keywords).fill(' corte láser , , CNC ');
    await field(f.schedule).selectOption('weekly');
    await form.getByTestId('source-submit').click();
    await form.waitFor({ state: 'detached' });
    await sources().filter({ hasText: 'Directorio de talleres e2e' }).waitFor();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="tab-sources-count"]')?.textContent?.trim() === String(n),
      sourceTotal + 1,
    );

    // Admins edit, deactivate and delete a source.
    const created = () => sources().filter({ hasText: 'Directorio de talleres e2e' });
    await created().getByTestId('source-edit').click();
    await form.waitFor();
    expect(await field(f.type).isDisabled()).toBe(true);
    expect(await field(f.directory_url).inputValue()).toBe('https://talleres.example.mx/directorio');
    expect(await field(f.keywords).inputValue()).toBe('corte láser, CNC');
    expect(await field(f.schedule).inputValue()).toBe('weekly');
    await field(f.name).fill('Directorio de talleres e2e (editado)');
    await form.getByTestId('source-submit').click();
    await form.waitFor({ state: 'detached' });
    await created().filter({ hasText: '(editado)' }).waitFor();
    await created().getByTestId('source-toggle').click();
    await created().getByText(es.discovery.sources.inactive, { exact: true }).waitFor();
    expect(await created().getByTestId('source-run').isDisabled()).toBe(true);
    await created().getByTestId('source-toggle').click();
    await created().getByText(es.discovery.sources.active, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/discovery-reports-discovery.png', fullPage: true });
    await created().getByTestId('source-delete').click();
    await dialog().getByTestId('delete-confirm').click();
    await dialog().waitFor({ state: 'detached' });
    await created().waitFor({ state: 'detached' });
    expect(await countOf('tab-sources-count')).toBe(sourceTotal);

    // Once in English: the modal's texts and the spec §5 messages follow the language.
    await page.getByTestId('language-toggle').click();
    await heading(en.discovery.title).waitFor();
    await page.getByTestId('setup-source').click();
    await form.waitFor();
    expect(await field(en.discovery.form.keywords).inputValue()).toBe(en.discovery.form.default_keywords);
    await field(en.discovery.form.type).selectOption('sitemap');
    await form.getByTestId('source-submit').click();
    await form.getByText(serverEn.validation.source_name_required).waitFor();
    await form.getByText(serverEn.validation.sitemap_url_required).waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  }, 120_000);

  it('filters, downloads, previews and creates reports', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await page.getByRole('navigation').getByRole('link', { name: es.nav.reports }).click();
    await page.waitForURL('**/reports');
    await heading(es.reports.title).waitFor();
    await reports().first().waitFor();
    const total = await reports().count();
    expect(total).toBe(7);
    expect(await countOf('report-filter-all-count')).toBe(total);

    // The type tabs; discovery reports show only under All.
    for (const [filter, n] of [
      ['pricing', 2],
      ['vendor', 2],
      ['benchmark', 2],
      ['all', 7],
    ] as const) {
      await page.getByTestId(`report-filter-${filter}`).click();
      await waitForCount('report-card', n);
      if (filter !== 'all') {
        const types = await reports().evaluateAll((cards) => cards.map((c) => c.getAttribute('data-type')));
        expect(new Set(types)).toEqual(new Set([filter]));
      }
    }
    expect(await page.locator('[data-testid="report-card"][data-type="discovery"]').count()).toBe(1);

    // The worker renders the queued demo reports; the list polls until all are ready.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="report-card"]')].every(
          (c) => c.getAttribute('data-status') === 'ready',
        ),
      undefined,
      { timeout: 90_000 },
    );
    expect(await reports().first().getByTestId('report-size').textContent()).toMatch(
      /\d+(\.\d)?\s(B|KB|MB)$/,
    );

    // Downloads are the real files, named by the server.
    const downloadOf = async (format: 'csv' | 'xlsx' | 'pdf') => {
      const card = page.locator(`[data-testid="report-card"][data-format="${format}"]`).first();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByTestId('report-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
      const path = await download.path();
      return readFile(path);
    };
    const csv = await downloadOf('csv');
    expect(csv.length).toBeGreaterThan(0);
    expect(csv.toString('utf8')).toMatch(/,|;/);
    const xlsx = await downloadOf('xlsx');
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    const pdf = await downloadOf('pdf');
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Preview: the real first rows as a table.
    await page.getByTestId('report-filter-vendor').click();
    await waitForCount('report-card', 2);
    await reports().first().getByTestId('report-preview').click();
    await dialog().waitFor();
    await dialog().getByTestId('preview-row').first().waitFor();
    expect(await dialog().getByRole('columnheader').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('report-filter-all').click();

    // A new report: an invalid cron is refused with its message, then it is queued and listed.
    await page.getByTestId('create-report').click();
    const form = page.getByTestId('report-form');
    await form.getByLabel(es.reports.form.name).fill('Proveedores e2e');
    await form.getByLabel(es.reports.form.type).selectOption('vendor');
    await form.getByLabel(es.reports.form.format).selectOption('csv');
    await form.getByLabel(es.reports.form.schedule).fill('cada lunes');
    await form.getByTestId('report-submit').click();
    await form.getByText(serverEs.validation.cron_invalid).waitFor();
    await form.getByLabel(es.reports.form.schedule).fill('');
    await form.getByTestId('report-submit').click();
    await form.waitFor({ state: 'detached' });
    await waitForCount('report-card', 8);
    await reports().filter({ hasText: 'Proveedores e2e' }).waitFor();

    await page.screenshot({ path: '/tmp/discovery-reports-reports.png', fullPage: true });
    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  }, 150_000);

  it('shows a viewer no setup, decision or write buttons, in English', async () => {
    const login = await page.request.post('/api/v1/auth/login', { data: ADMIN });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const created = await page.request.post('/api/v1/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...VIEWER, role: 'viewer', language: 'en' },
    });
    expect(created.status()).toBe(201);

    await signIn(VIEWER.email, VIEWER.password);
    await page.getByTestId('language-toggle').click();
    await page.goto('/discovery');
    await heading(en.discovery.title).waitFor();
    await candidates().first().waitFor();
    await page.getByText(en.discovery.admin_note, { exact: false }).first().waitFor();
    expect(await page.getByTestId('setup-source').count()).toBe(0);
    expect(await page.getByTestId('candidate-approve').count()).toBe(0);
    expect(await page.getByTestId('candidate-reject').count()).toBe(0);
    await page.getByTestId('tab-sources').click();
    await sources().first().waitFor();
    expect(await page.getByTestId('source-run').count()).toBe(0);
    expect(await page.getByTestId('source-edit').count()).toBe(0);

    await page.goto('/reports');
    await heading(en.reports.title).waitFor();
    await reports().first().waitFor();
    expect(await page.getByTestId('create-report').count()).toBe(0);
    expect(await page.getByTestId('report-regenerate').count()).toBe(0);
    expect(await page.getByTestId('report-download').count()).toBeGreaterThan(0);

    // 375 px wide: the cards stack and stay usable.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: '/tmp/discovery-reports-mobile.png', fullPage: false });

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('shows the empty states and the load errors', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    const empty = (route: Route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":[],"total":0}' });
    await page.route('**/api/v1/discovery/candidates?*', empty);
    await page.route('**/api/v1/discovery/sources', empty);
    await page.route('**/api/v1/reports', empty);

    await page.goto('/discovery');
    await page.getByText(es.discovery.empty.candidates_title).waitFor();
    expect(
      await page
        .getByRole('link', { name: es.discovery.empty.add_manually, exact: true })
        .getAttribute('href'),
    ).toBe('/vendors');
    await page.getByRole('button', { name: es.discovery.empty.view_sources }).click();
    await page.getByText(es.discovery.empty.sources_title).waitFor();
    await page.getByRole('button', { name: es.discovery.empty.setup_source }).waitFor();
    await page.getByRole('button', { name: es.discovery.empty.back_to_candidates }).click();
    await page.getByText(es.discovery.empty.candidates_title).waitFor();

    await page.goto('/reports');
    await page.getByTestId('reports-empty').waitFor();
    for (const type of ['pricing', 'vendor', 'benchmark', 'discovery'] as const) {
      await page.getByText(es.reports.empty.types[type]).waitFor();
    }
    expect(
      await page.getByRole('link', { name: es.reports.empty.home, exact: true }).getAttribute('href'),
    ).toBe('/');

    await page.unrouteAll();
    const missing = (route: Route) => route.fulfill({ status: 404, body: '{}' });
    await page.route('**/api/v1/discovery/candidates?*', missing);
    await page.route('**/api/v1/discovery/sources', missing);
    await page.route('**/api/v1/reports', missing);
    await page.goto('/discovery');
    await page.getByTestId('candidates-error').getByText(es.discovery.load_error.candidates).waitFor();
    await page.getByTestId('tab-sources').click();
    await page.getByTestId('sources-error').getByText(es.discovery.load_error.sources).waitFor();
    await page.goto('/reports');
    await page.getByTestId('reports-error').getByText(es.reports.load_error.title).waitFor();
    await page.getByRole('button', { name: es.reports.load_error.try_again }).waitFor();
    expect(consoleWatch.uncaught()).toEqual([]);
  }, 60_000);

  it('passes axe in both themes: candidates, sources, setup modal, reports and preview', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    for (const theme of ['light', 'dark']) {
      await page.evaluate(`localStorage.setItem("preciofab.theme", "${theme}")`);
      await page.goto('/discovery');
      await candidates().first().waitFor();
      expect(await axeViolations(page), `${theme} candidates`).toEqual([]);
      await page.getByTestId('tab-sources').click();
      await sources().first().waitFor();
      expect(await axeViolations(page), `${theme} sources`).toEqual([]);
      await page.getByTestId('setup-source').click();
      await page.getByTestId('source-form').getByTestId('source-submit').click();
      await page.getByText(serverEs.validation.source_name_required).waitFor();
      expect(await axeViolations(page), `${theme} setup modal`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/reports');
      await reports().first().waitFor();
      expect(await axeViolations(page), `${theme} reports`).toEqual([]);
      await page
        .locator('[data-testid="report-card"][data-status="ready"]')
        .first()
        .getByTestId('report-preview')
        .click();
      await dialog().getByTestId('preview-row').first().waitFor();
      expect(await axeViolations(page), `${theme} preview`).toEqual([]);
      await page.keyboard.press('Escape');
    }
    expect(consoleWatch.uncaught()).toEqual([]);
  }, 120_000);
});
