import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import serverEs from '../packages/shared/src/i18n/messages.es-MX.json';
import en from '../apps/web/src/i18n/en-US.json';
import es from '../apps/web/src/i18n/es-MX.json';
import { ADMIN, type TestServer } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';

// For a look after a run; the README's pictures come from `npm run screenshots` (demo data).
const SCREENSHOT = join(tmpdir(), 'preciofab-e2e-dashboard.png');

describe('sign-in and dashboard', () => {
  let server: TestServer;
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  useBrowserSession({ width: 1440, height: 900 }, (session) => ({ server, page, consoleWatch } = session));

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  async function signIn(password: string = ADMIN.password) {
    await page.getByLabel(es.login.email).fill(ADMIN.email);
    await page.getByLabel(es.login.password).fill(password);
    await page.getByRole('button', { name: es.login.submit }).click();
  }

  it('redirects to the Spanish login, signs in, shows the dashboard and remembers English', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    await heading(es.login.title).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    expect(await page.getByLabel(es.login.email).isVisible()).toBe(true);
    expect(await page.getByLabel(es.login.password).isVisible()).toBe(true);

    await signIn();
    await page.waitForURL(`${server.baseUrl}/`);
    await heading(es.dashboard.title).waitFor();

    const cards = page.getByTestId('stat-card');
    await cards.nth(7).waitFor();
    expect(await cards.count()).toBe(8);
    const values = (await page.locator('.stat-card__value').allTextContents()).map((text) => text.trim());
    expect(values.slice(0, 7)).toEqual(Array.from({ length: 7 }, () => expect.stringMatching(/^\d[\d,]*$/)));
    // A fresh database has never calculated benchmarks.
    expect(values[7]).toBe(es.common.never);
    // Within the stat cards: the side navigation may carry the same word.
    expect(await cards.getByText(es.dashboard.stats.total_vendors, { exact: true }).isVisible()).toBe(true);

    // The health card fills in from GET /health (three resource bars), not the failure text.
    await page.getByTestId('system-health').getByRole('meter').nth(2).waitFor();
    expect(await page.getByTestId('system-health').textContent()).not.toContain(es.health.unable_to_fetch);

    // The header shows the signed-in user.
    await page.getByTestId('user-name').waitFor();

    await page.getByTestId('language-toggle').click();
    await heading(en.dashboard.title).waitFor();
    await page
      .getByTestId('stat-card')
      .getByText(en.dashboard.stats.total_vendors, { exact: true })
      .waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await page.evaluate('localStorage.getItem("preciofab.language")')).toBe('en');

    await page.reload();
    await heading(en.dashboard.title).waitFor();
    await page.getByTestId('stat-card').nth(7).waitFor();
    await page.getByTestId('system-health').getByRole('meter').nth(2).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await page.getByText(en.health.title, { exact: true }).isVisible()).toBe(true);

    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('shows required-field messages and the server detail for a wrong password', async () => {
    await page.goto('/login');
    await heading(es.login.title).waitFor();

    await page.getByRole('button', { name: es.login.submit }).click();
    await page.getByText(serverEs.validation.required).nth(1).waitFor();
    expect(await page.getByText(serverEs.validation.required).count()).toBe(2);

    await signIn('not-the-password');
    await page.getByRole('alert').filter({ hasText: serverEs.errors.invalid_credentials }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate('localStorage.getItem("preciofab.auth_token")')).toBeNull();

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('migrates the legacy language key, shows a bilingual not-found page and logs out', async () => {
    await page.goto('/login');
    await page.evaluate('localStorage.setItem("language", "en")');
    await page.reload();
    await heading(en.login.title).waitFor();
    expect(await page.evaluate('localStorage.getItem("language")')).toBeNull();
    expect(await page.evaluate('localStorage.getItem("preciofab.language")')).toBe('en');

    await page.getByLabel(en.login.email).fill(ADMIN.email);
    await page.getByLabel(en.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: en.login.submit }).click();
    await heading(en.dashboard.title).waitFor();

    await page.goto('/no-such-page');
    await heading(en.not_found.title).waitFor();
    await page.getByTestId('language-toggle').click();
    await heading(es.not_found.title).waitFor();

    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await heading(es.login.title).waitFor();
    expect(await page.evaluate('localStorage.getItem("preciofab.auth_token")')).toBeNull();

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('shows the dashboard error card and "Unable to fetch" when the calls fail, and recovers on Refresh', async () => {
    await page.goto('/login');
    await signIn();
    await heading(es.dashboard.title).waitFor();

    // Fail both calls on a fresh load; the queries retry 3 times (1 s, 2 s, 4 s) before giving up.
    await page.route('**/api/v1/stats/dashboard', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.route('**/health', (route) => route.abort());
    await page.reload();
    await page.getByText(es.dashboard.load_error).waitFor({ timeout: 20_000 });
    await page.getByTestId('system-health').getByText(es.health.unable_to_fetch).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('stat-card').count()).toBe(0);

    await page.unroute('**/api/v1/stats/dashboard');
    await page.getByRole('button', { name: es.common.refresh }).click();
    await page.getByTestId('stat-card').nth(7).waitFor();
    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('cycles the theme auto → light → dark and applies it before the first paint', async () => {
    await page.goto('/login');
    const toggle = page.getByTestId('theme-toggle');
    expect(await toggle.getAttribute('data-theme-preference')).toBe('auto');
    await toggle.click();
    expect(await toggle.getAttribute('data-theme-preference')).toBe('light');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate('localStorage.getItem("preciofab.theme")')).toBe('dark');

    // theme-init.js runs before the bundle: the theme is set even with scripts' modules blocked.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(consoleWatch.cspViolations()).toEqual([]);
  });
});
