/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import alertsEn from '../apps/web/src/i18n/namespaces/alerts.en-US.json';
import alertsEs from '../apps/web/src/i18n/namespaces/alerts.es-MX.json';
import { apiLogin, prepareContext } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { untranslated, visibleTexts } from './support/untranslated.ts';

/** Where the screenshots go for a person to look at (not compared by the test). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const VENDOR = 'Taller Alertas (e2e)';
const OFFER = 'Impresión FDM en PETG';
const RULE = 'PETG cambia de precio';

describe('alerts: a rule, a price change, the live bell and the notifications page', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let vendorId: string;

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
  const postPrice = (price: number) =>
    api('/api/v1/prices', {
      vendor_id: vendorId,
      service_name: OFFER,
      category: 'additive_manufacturing',
      price,
      currency: 'MXN',
      unit: 'cm3',
    });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiLogin(server.baseUrl);
    vendorId = (
      await api<{ id: string }>('/api/v1/vendors', {
        name: VENDOR,
        type: 'bureau',
        website: 'https://alertas.example.mx/',
        city: 'Monterrey',
        capabilities: ['fdm_printing'],
      })
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(
    language: 'es' | 'en',
    theme: 'light' | 'dark' = 'light',
  ): Promise<{ page: Page; errors: () => string[] }> {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    await prepareContext(context, { token, language, theme, visited: true });
    const page = await context.newPage();
    const watch = watchConsole(page);
    return { page, errors: () => watch.uncaught() };
  }

  const bellUnread = (page: Page) => page.getByTestId('notification-bell').getAttribute('data-unread');
  const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

  it('creates a rule, hears of the change live, reads it and marks all read (es-MX)', async () => {
    const { page, errors } = await open('es');
    await page.goto('/alerts');
    await page.getByRole('heading', { name: alertsEs.rules.title }).waitFor();
    await page.getByTestId('add-rule').first().click();
    const form = page.getByTestId('rule-form');
    await form.getByLabel(alertsEs.form.name).fill(RULE);
    // Price change is the default kind: 10 %, narrowed to the vendor.
    await form.getByLabel(alertsEs.form.change_percent).fill('10');
    await form.getByLabel(alertsEs.form.vendor).selectOption({ label: VENDOR });
    await page.screenshot({ path: `${SHOTS}/alerts-rule-form-es.png` });
    await page.getByTestId('rule-submit').click();
    const row = page.getByTestId('rule-row').filter({ hasText: RULE });
    await row.waitFor();
    expect(plain(await row.textContent())).toContain(`Proveedor: ${VENDOR}`);
    expect(await bellUnread(page)).toBe('0');
    expect(untranslated(await visibleTexts(page), [VENDOR, RULE, 'admin'])).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/alerts-rules-es.png` });

    // The same offer read twice through the API: 100 then 118 MXN per cm³ (+18 %).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await postPrice(100);
    await postPrice(118);
    // The socket says so: the bell rises with no reload.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '1',
      undefined,
      { timeout: 30_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.getByTestId('bell-count').textContent()).toBe('1');
    // The rule's row counts its alert too, still without a reload.
    await row.getByText(alertsEs.rules.alert_count_one).waitFor();
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
      alertsEs.bell.label_one,
    );

    const sentence = `El precio de «${OFFER}» de ${VENDOR} pasó de MXN 100.00 a MXN 118.00 por cm³ (+18%).`;
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('bell-panel');
    await panel.getByTestId('notification-sentence').waitFor();
    expect(plain(await panel.getByTestId('notification-sentence').textContent())).toBe(
      `${alertsEs.notifications.unread}: ${sentence}`,
    );
    await page.screenshot({ path: `${SHOTS}/alerts-bell-es.png` });
    await panel.getByTestId('bell-see-all').click();

    await page.waitForURL('**/notifications');
    const item = page.getByTestId('notification').first();
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    expect(plain(await item.getByTestId('notification-sentence').textContent())).toBe(
      `${alertsEs.notifications.unread}: ${sentence}`,
    );
    expect(plain(await item.textContent())).toContain(alertsEs.notifications.rule.replace('{name}', RULE));
    expect(untranslated(await visibleTexts(page), [VENDOR, OFFER, RULE])).toEqual([]);
    // The rule's "created" toast gone first: the toaster's own list is not what is checked here.
    await page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'), undefined, {
      timeout: 15_000,
    });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/alerts-notifications-es.png`, fullPage: true });

    // The evidence of the change: the new reading's evidence dialog.
    await item.getByTestId('notification-evidence').click();
    await page.getByTestId('evidence-modal').getByText(`${VENDOR} · ${OFFER}`).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('evidence-modal').waitFor({ state: 'detached' });
    // Opening the evidence read it.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '0',
    );

    // A second change, then "mark all read" from the page.
    await postPrice(90);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '1',
      undefined,
      { timeout: 30_000 },
    );
    await page.getByTestId('notification').nth(1).waitFor();
    await page.getByTestId('mark-all-read').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '0',
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="notification"][data-unread]').length === 0,
    );
    expect(await page.getByTestId('bell-count').count()).toBe(0);
    await page.getByTestId('filter-unread').click();
    await page.getByText(alertsEs.notifications.empty_unread_title).waitFor();
    expect(errors()).toEqual([]);
    await page.context().close();
  });

  it('reads the same notifications in English (dark theme)', async () => {
    const { page, errors } = await open('en', 'dark');
    await page.goto('/notifications');
    await page.getByRole('heading', { name: alertsEn.notifications.title }).waitFor();
    const sentences = page.getByTestId('notification-sentence');
    await sentences.nth(1).waitFor();
    expect((await sentences.allTextContents()).map(plain)).toEqual([
      `The price of “${OFFER}” from ${VENDOR} went from MXN 118.00 to MXN 90.00 per cm³ (-23.7%).`,
      `The price of “${OFFER}” from ${VENDOR} went from MXN 100.00 to MXN 118.00 per cm³ (+18%).`,
    ]);
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
      alertsEn.bell.label_none,
    );
    await page.screenshot({ path: `${SHOTS}/alerts-notifications-en.png`, fullPage: true });

    await page.goto('/alerts');
    await page.getByTestId('rule-row').first().waitFor();
    expect(plain(await page.getByTestId('rule-row').first().textContent())).toContain(
      alertsEn.rules.alert_count.replace('{count}', '2'),
    );
    await page.getByTestId('edit-rule').first().click();
    await page.getByTestId('rule-form').waitFor();
    await page.screenshot({ path: `${SHOTS}/alerts-rule-form-en.png` });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.context().close();
  });

  it('fits a 375 px window: rules, the rule form, notifications and the bell panel', async () => {
    const { page, errors } = await open('es');
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto('/alerts');
    await page.getByTestId('rule-row').first().waitFor();
    expect(await overflow()).toBe(0);
    await page.getByTestId('edit-rule').first().click();
    await page.getByTestId('rule-form').waitFor();
    expect(await overflow()).toBe(0);
    // Nothing in the dialog is wider than the dialog (a fieldset grows to its content by default).
    expect(
      await page
        .getByTestId('rule-form')
        .evaluate((form) =>
          [...form.querySelectorAll('input, select, fieldset')]
            .filter((el) => el.getBoundingClientRect().right > form.getBoundingClientRect().right + 0.5)
            .map((el) => `${el.tagName} ${el.id}`),
        ),
    ).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/alerts-rule-form-375-es.png` });
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    await page.getByTestId('notification').first().waitFor();
    expect(await overflow()).toBe(0);
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('bell-panel');
    await panel.getByTestId('notification').first().waitFor();
    const box = await panel.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await page.screenshot({ path: `${SHOTS}/alerts-bell-375-es.png` });
    expect(errors()).toEqual([]);
    await page.context().close();
  });

  it('shows a viewer the rules read-only', async () => {
    const viewer = { email: 'lectora-alertas@example.com', password: 'e2e-Viewer-Pass16' };
    await api('/api/v1/users', { ...viewer, name: 'Lectora', role: 'viewer' });
    const viewerToken = await apiLogin(server.baseUrl, viewer);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1366, height: 900 },
    });
    await prepareContext(context, { token: viewerToken, language: 'es', visited: true });
    const page = await context.newPage();
    await page.goto('/alerts');
    await page.getByTestId('rule-row').first().waitFor();
    expect(await page.getByText(alertsEs.rules.read_only).count()).toBe(1);
    expect(await page.getByTestId('add-rule').count()).toBe(0);
    expect(await page.getByTestId('edit-rule').count()).toBe(0);
    expect(await page.getByTestId('delete-rule').count()).toBe(0);
    await context.close();
  });
});
