/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import es from '../apps/web/src/i18n/es-MX.json';
import anEn from '../apps/web/src/i18n/namespaces/analytics.en-US.json';
import anEs from '../apps/web/src/i18n/namespaces/analytics.es-MX.json';
import confEs from '../apps/web/src/i18n/namespaces/confidence.es-MX.json';
import evEs from '../apps/web/src/i18n/namespaces/evidence.es-MX.json';
import sharedEs from '../packages/shared/src/i18n/messages.es-MX.json';
import { apiLogin } from './support/auth.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { DEMO_VENDORS } from './support/demo-counts.ts';

// A 2×2 PNG, served as the screenshot of one observation (the demo data has no files).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNgYGD4z8DAwMDAwMDAAAAQAAH/0XUWAAAAAElFTkSuQmCC',
  'base64',
);

/** 'Showing X to Y of Z results': the total is a counted noun of the paging group. */
const showing = (
  paging: { showing: string; counts: { total: string; total_one: string } },
  from: number,
  to: number,
  total: number,
  locale: string,
) =>
  paging.showing
    .replace('{from}', from.toLocaleString(locale))
    .replace('{to}', to.toLocaleString(locale))
    .replace(
      '{total}',
      (total === 1 ? paging.counts.total_one : paging.counts.total).replace(
        '{count}',
        total.toLocaleString(locale),
      ),
    );

describe('analytics screen', () => {
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  let server: BrowserSession['server'];
  useBrowserSession({ width: 1280, height: 900 }, (session) => ({ page, consoleWatch, server } = session), {
    demo: true,
  });
  /** The demo's observations as the API counts them: the seed's count moves with the day it runs
   * (rates on business days, shops re-pricing when their currency moves), so it is read, not fixed. */
  let demoTotal = 0;
  const readDemoTotal = async () => {
    const token = await apiLogin(server.baseUrl);
    const res = await fetch(`${server.baseUrl}/api/v1/prices?limit=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    demoTotal = ((await res.json()) as { total: number }).total;
    expect(demoTotal).toBeGreaterThan(5000);
  };

  const rows = () => page.getByTestId('explorer-row');
  const pagingText = () => page.getByTestId('paging-text');
  const stat = (name: string) => page.locator(`[data-testid="analytics-stat"][data-stat="${name}"]`);
  const digits = async (name: string) =>
    Number(((await stat(name).locator('dd').textContent()) ?? '').replace(/\D/g, ''));
  const firstCells = (column: number) =>
    page.$$eval(
      '[data-testid="explorer-row"]',
      (trs, c) => trs.map((tr) => (tr.children[c] as HTMLElement).innerText.trim()),
      column,
    );
  const waitIdle = () =>
    page.waitForFunction(() => !document.querySelector('[data-testid="explorer-loading"]'));

  async function signIn() {
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(ADMIN.email);
    await page.getByLabel(es.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await page.getByRole('heading', { level: 1, name: es.dashboard.title }).waitFor();
  }

  it('shows the stat cards, sorts, pages, filters and switches views on the demo data', async () => {
    await signIn();
    await page.getByRole('navigation').getByRole('link', { name: es.nav.analytics }).click();
    await page.waitForURL('**/analytics');
    await page.getByRole('heading', { level: 1, name: anEs.title }).waitFor();

    // Stat cards: counts from the stats, technologies and confidence computed from the data.
    await page.waitForFunction(() => document.querySelectorAll('.analytics-stat .skeleton').length === 0);
    await readDemoTotal();
    expect(await digits('total_observations')).toBe(demoTotal);
    expect(await digits('active_vendors')).toBe(DEMO_VENDORS);
    const technologies = Number((await stat('technologies').locator('dd').textContent())?.match(/^\d+/)?.[0]);
    expect(technologies).toBeGreaterThanOrEqual(3);
    const average = stat('average_confidence').getByTestId('confidence-badge');
    expect(await average.textContent()).toMatch(/\d+\s?%/);

    // Its breakdown opens after a 300 ms hover; Escape closes it.
    await average.hover();
    const tooltip = page.getByTestId('confidence-tooltip');
    await tooltip.waitFor();
    for (const name of Object.values(confEs.components))
      await tooltip.getByText(name, { exact: true }).waitFor();
    await tooltip.locator('canvas').first().waitFor();
    expect(await average.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });

    // Table: 50 rows, newest first, paging text and edges.
    await rows().nth(49).waitFor();
    expect(await rows().count()).toBe(50);
    expect(await pagingText().textContent()).toBe(showing(anEs.paging, 1, 50, demoTotal, 'es-MX'));
    expect(await page.getByTestId('page-previous').isDisabled()).toBe(true);
    await page.getByTestId('page-next').click();
    await page.getByText(showing(anEs.paging, 51, 100, demoTotal, 'es-MX')).waitFor();
    expect(await page.getByTestId('page-previous').isDisabled()).toBe(false);
    await page.getByTestId('page-previous').click();
    await page.getByText(showing(anEs.paging, 1, 50, demoTotal, 'es-MX')).waitFor();

    // Sorting by price on the server: ascending, then descending, with aria-sort.
    const priceHeader = page.locator('th', { has: page.getByTestId('sort-price') });
    await page.getByTestId('sort-price').click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="ascending"] [data-testid="sort-price"]'),
    );
    await waitIdle();
    const number = (s: string) => Number(s.replace(/,/g, ''));
    const ascending = (await firstCells(1)).map(number);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    await page.getByTestId('sort-price').click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="descending"] [data-testid="sort-price"]'),
    );
    await waitIdle();
    const descending = (await firstCells(1)).map(number);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);
    expect(descending[0]).toBeGreaterThan(ascending[0]!);
    expect(await priceHeader.textContent()).toContain('▼');

    // Beside the observed price and its currency, the USD value per base unit, sortable too.
    await page.getByTestId('sort-price_usd').click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="ascending"] [data-testid="sort-price_usd"]'),
    );
    await waitIdle();
    const usd = (await firstCells(3))
      .filter((text) => text.startsWith('USD'))
      .map((text) => number(text.replace(/^USD\s/, '').split(' ')[0]!));
    expect(usd.length).toBeGreaterThan(0);
    expect([...usd].sort((a, b) => a - b)).toEqual(usd);

    // Technology filter: added as "technology equals sla", narrows the rows, then removed.
    await page.getByTestId('technology-filter').selectOption('sla');
    await page.getByTestId('active-filter').waitFor();
    expect(await page.getByTestId('active-filter').textContent()).toContain(anEs.operators.eq);
    await page.waitForFunction(
      (all) => !document.querySelector('[data-testid="paging-text"]')?.textContent?.includes(all),
      demoTotal.toLocaleString('es-MX'),
    );
    await waitIdle();
    // Catalogue values read in the UI language, not as stored ('sla').
    expect(new Set(await firstCells(4))).toEqual(new Set([sharedEs.reports.values.technology.sla]));
    await page
      .getByRole('button', { name: new RegExp(sharedEs.reports.values.technology.sla) })
      .filter({ hasText: anEs.filters.remove })
      .click();
    await page.getByText(anEs.filters.none).waitFor();
    await page.waitForFunction(
      (all) => document.querySelector('[data-testid="paging-text"]')?.textContent?.includes(all),
      demoTotal.toLocaleString('es-MX'),
    );

    // Currency filter: by ISO code ("currency equals MXN"), then removed.
    await page.getByTestId('currency-filter').selectOption('MXN');
    await page.getByTestId('active-filter').waitFor();
    expect(await page.getByTestId('active-filter').textContent()).toContain('MXN');
    await page.waitForFunction(
      (all) => !document.querySelector('[data-testid="paging-text"]')?.textContent?.includes(all),
      demoTotal.toLocaleString('es-MX'),
    );
    await waitIdle();
    expect(new Set(await firstCells(2))).toEqual(new Set(['MXN']));
    await page.getByRole('button', { name: /MXN/ }).filter({ hasText: anEs.filters.remove }).click();
    await page.getByText(anEs.filters.none).waitFor();

    // Every view renders: the pivot as a table, the others as a canvas.
    await page.getByTestId('view-pivot').click();
    await page.getByTestId('pivot-table').waitFor();
    expect(await page.getByTestId('dimension-select').inputValue()).toBe('technology');
    expect(await page.getByTestId('measure-select').inputValue()).toBe('price');
    expect(await page.getByTestId('aggregation-select').inputValue()).toBe('avg');
    for (const view of ['scatter', 'heatmap', 'boxplot']) {
      await page.getByTestId(`view-${view}`).click();
      await page.locator(`[data-testid="chart-${view}"] canvas`).first().waitFor();
    }
    await page.getByTestId('quick-insights').getByText(anEs.insights.observations, { exact: true }).waitFor();
    await page.getByTestId('view-table').click();
    await rows().first().waitFor();

    await page.screenshot({ path: '/tmp/analytics-table.png', fullPage: true });
    await page.getByTestId('view-boxplot').click();
    await page.locator('[data-testid="chart-boxplot"] canvas').first().waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/analytics-boxplot.png' });

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('opens the evidence of a row with its tabs, zoom and price history, and a row badge breakdown', async () => {
    await signIn();
    await page.goto('/analytics');
    await rows().first().waitFor();

    // Give the first observation a screenshot and a snapshot, served (behind the token) by the route.
    const auth: string[] = [];
    const evidenceRoute = /\/api\/v1\/observations\/[0-9a-f-]+(\/(screenshot|snapshot))?$/;
    await page.route(evidenceRoute, async (route) => {
      const url = route.request().url();
      if (url.endsWith('/screenshot')) {
        auth.push(route.request().headers().authorization ?? '');
        return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
      }
      if (url.endsWith('/snapshot'))
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Precio 2.50</p>' });
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = await response.json();
      body.source = {
        ...body.source,
        screenshot_url: `/api/v1/observations/${body.id}/screenshot`,
        html_snapshot_url: `/api/v1/observations/${body.id}/snapshot`,
        extraction_selectors: { price: '.price-box .amount' },
        extraction_confidence: { price: 0.93 },
      };
      return route.fulfill({ response, json: body });
    });

    // Row badge: the breakdown is fetched when the tooltip opens.
    const badge = rows().first().getByTestId('confidence-badge');
    await badge.hover();
    const tooltip = page.getByTestId('confidence-tooltip');
    await tooltip.getByText(confEs.components.fresh, { exact: true }).waitFor();
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });

    const vendor = (await rows().first().locator('td').first().innerText()).trim();
    await rows().first().locator('td').nth(2).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const title = (await dialog.getByRole('heading').first().textContent()) ?? '';
    expect(title).toMatch(new RegExp(`^${evEs.title.replace('{id}', '[0-9a-f]{8}')}$`));
    await dialog.getByText(vendor).first().waitFor();

    const tabs = dialog.getByRole('tab');
    expect(await tabs.count()).toBe(4);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    expect(await tabs.first().textContent()).toBe(evEs.tabs.screenshot);

    // Screenshot fetched with the bearer token; zoom 100 % by 25 within 50–200.
    await dialog.locator('img').waitFor();
    expect(auth[0]).toMatch(/^Bearer /);
    const level = dialog.getByTestId('zoom-level');
    expect((await level.textContent())?.replace(/\s/g, '')).toBe('100%');
    await dialog.getByTestId('zoom-in').click();
    expect((await level.textContent())?.replace(/\s/g, '')).toBe('125%');
    for (let i = 0; i < 3; i++) await dialog.getByTestId('zoom-out').click();
    expect((await level.textContent())?.replace(/\s/g, '')).toBe('50%');
    expect(await dialog.getByTestId('zoom-out').isDisabled()).toBe(true);
    await dialog.getByTestId('extracted-elements').getByText('.price-box .amount').waitFor();

    // Arrow keys move between tabs.
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await dialog.getByTestId('extracted-fields').getByText('93', { exact: false }).waitFor();

    await page.keyboard.press('ArrowRight');
    expect(await tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByTestId('extraction-steps').locator('li').count()).toBe(4);
    await dialog.getByText(evEs.extraction.steps.located.replace('{count}', '1')).waitFor();

    await page.keyboard.press('End');
    expect(await tabs.nth(3).getAttribute('aria-selected')).toBe('true');
    await dialog.getByText(evEs.vendor.reliability).waitFor();
    await dialog.locator('[data-testid="price-history-chart"] canvas').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/analytics-evidence.png' });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Without files: the not-available states.
    await page.unroute(evidenceRoute);
    await rows().nth(1).locator('td').nth(2).click();
    await dialog.getByText(evEs.screenshot.not_available_title).waitFor();
    await dialog.getByRole('tab', { name: evEs.tabs.raw }).click();
    await dialog.getByText(evEs.raw.not_available).waitFor();
    await page.keyboard.press('Escape');

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('shows Error loading data with the message when the search fails', async () => {
    await signIn();
    await page.route('**/api/v1/observations/search', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: '{"detail":"Filtro rechazado"}' }),
    );
    await page.goto('/analytics');
    const alert = page.getByRole('alert').filter({ hasText: anEs.explorer.error });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Filtro rechazado');
    // The chart views are their own requests over the same filters, with the same error card.
    await page.route('**/api/v1/observations/scatter', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: '{"detail":"Vista rechazada"}' }),
    );
    await page.getByTestId('view-scatter').click();
    const viewAlert = page.getByRole('alert').filter({ hasText: anEs.explorer.error });
    await viewAlert.filter({ hasText: 'Vista rechazada' }).waitFor();
  });

  it('computes the views over the whole demo set: every month in the pivot, the scatter says its sample', async () => {
    await signIn();
    const token = await apiLogin(server.baseUrl);
    const search = async (body: Record<string, unknown>) => {
      const res = await fetch(`${server.baseUrl}/api/v1/observations/search`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ limit: 1, ...body }),
      });
      return (await res.json()) as {
        total: number;
        data: { observed_at: string }[];
        aggregations: Record<string, { value: number }>;
      };
    };
    // Independently of the pivot: the first and last observation, and the search's count of each
    // month between them (UTC months).
    const first = (await search({ sort: { field: 'observed_at', order: 'asc' } })).data[0]!.observed_at;
    const last = (await search({ sort: { field: 'observed_at', order: 'desc' } })).data[0]!.observed_at;
    const months: { start: string; count: number }[] = [];
    for (let d = new Date(`${first.slice(0, 7)}-01T00:00:00Z`); d.toISOString() <= last;) {
      const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
      const { total } = await search({
        filters: [
          { field: 'observed_at', operator: 'gte', value: d.toISOString() },
          { field: 'observed_at', operator: 'lt', value: next.toISOString() },
        ],
      });
      if (total > 0) months.push({ start: d.toISOString(), count: total });
      d = next;
    }
    expect(months.length).toBeGreaterThan(6);

    await page.goto('/analytics');
    await rows().first().waitFor();
    if (demoTotal === 0) await readDemoTotal();
    await page.getByTestId('view-pivot').click();
    await page.getByTestId('pivot-table').waitFor();
    // The date last: only the count by month has months for rows.
    await page.getByTestId('measure-select').selectOption('confidence');
    await page.getByTestId('aggregation-select').selectOption('count');
    await page.getByTestId('dimension-select').selectOption('date');
    const pivotRows = page.getByTestId('pivot-row');
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="pivot-row"]').length === n &&
        /\d{4}/.test(document.querySelector('[data-testid="pivot-row"] th')?.textContent ?? ''),
      months.length,
    );
    await waitIdle();
    const cells = await pivotRows.evaluateAll((trs) =>
      trs.map((tr) => ({
        month: (tr.querySelector('th') as HTMLElement).innerText.trim(),
        observations: Number((tr.lastElementChild as HTMLElement).innerText.replace(/\D/g, '')),
      })),
    );
    expect(cells.map((c) => c.observations)).toEqual(months.map((m) => m.count));
    cells.forEach((c, i) => expect(c.month).toContain(months[i]!.start.slice(0, 4)));
    expect(await page.getByTestId('view-coverage').textContent()).toContain(
      demoTotal.toLocaleString('es-MX'),
    );

    // By technology: catalogue values in Spanish, none as stored.
    await page.getByTestId('dimension-select').selectOption('technology');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pivot-row"]').length < 13);
    await waitIdle();
    const labels = await pivotRows.evaluateAll((trs) =>
      trs.map((tr) => (tr.querySelector('th') as HTMLElement).innerText.trim()),
    );
    const spanish = new Set([...Object.values(sharedEs.reports.values.technology), anEs.not_specified]);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(labels.filter((l) => !spanish.has(l))).toEqual([]);

    // The scatter: a sample of the priced observations, and it says how large.
    const priced = (
      await search({ aggregations: [{ field: 'price_usd', type: 'count', alias: 'count_price_usd' }] })
    ).aggregations.count_price_usd!.value;
    expect(priced).toBeGreaterThan(2000);
    await page.getByTestId('measure-select').selectOption('price');
    await page.getByTestId('view-scatter').click();
    await page.locator('[data-testid="chart-scatter"] canvas').first().waitFor();
    const sample = anEs.coverage.sample
      .replace('{shown}', (2000).toLocaleString('es-MX'))
      .replace(
        '{measured}',
        anEs.coverage.counts.measured.replace('{count}', priced.toLocaleString('es-MX')),
      );
    await page.getByTestId('scatter-sample').filter({ hasText: sample }).waitFor();

    // The box plot and heatmap say what they cover too.
    await page.getByTestId('view-boxplot').click();
    await page.locator('[data-testid="chart-boxplot"] canvas').first().waitFor();
    await page.getByTestId('view-coverage').waitFor();
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('reads in English', async () => {
    await signIn();
    await page.goto('/analytics');
    await rows().first().waitFor();
    await page.getByTestId('language-toggle').click();
    await page.getByRole('heading', { level: 1, name: anEn.title }).waitFor();
    if (demoTotal === 0) await readDemoTotal();
    await page.getByText(showing(anEn.paging, 1, 50, demoTotal, 'en-US')).waitFor();
    await page.getByText(anEn.explorer.title).waitFor();
    await page.getByRole('button', { name: anEn.explorer.views.boxplot }).click();
    await page.locator('[data-testid="chart-boxplot"] canvas').first().waitFor();
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('passes axe in both themes: table, chart view, tooltip and evidence', async () => {
    await signIn();
    for (const theme of ['light', 'dark']) {
      await page.evaluate(`localStorage.setItem("preciofab.theme", "${theme}")`);
      await page.goto('/analytics');
      await rows().first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.analytics-stat .skeleton').length === 0);
      expect(await axeViolations(page), `${theme} table`).toEqual([]);

      await rows().first().getByTestId('confidence-badge').focus();
      await page
        .getByTestId('confidence-tooltip')
        .getByText(confEs.components.source, { exact: true })
        .waitFor();
      expect(await axeViolations(page), `${theme} tooltip`).toEqual([]);
      await page.keyboard.press('Escape');

      await rows().first().locator('td').nth(2).click();
      await page.getByRole('dialog').getByTestId('evidence-not-available').first().waitFor();
      expect(await axeViolations(page), `${theme} evidence`).toEqual([]);
      await page.getByRole('dialog').getByRole('tab', { name: evEs.tabs.vendor }).click();
      await page.locator('[data-testid="price-history-chart"] canvas').first().waitFor();
      expect(await axeViolations(page), `${theme} vendor tab`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByTestId('view-heatmap').click();
      await page.locator('[data-testid="chart-heatmap"] canvas').first().waitFor();
      expect(await axeViolations(page), `${theme} heatmap`).toEqual([]);
      if (theme === 'dark') {
        await page.waitForTimeout(500);
        await page.screenshot({ path: '/tmp/analytics-dark-heatmap.png', fullPage: true });
      }
    }
    expect(consoleWatch.cspViolations()).toEqual([]);
  });
});
