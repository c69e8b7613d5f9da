/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import serverEs from '../packages/shared/src/i18n/messages.es-MX.json';
import en from '../apps/web/src/i18n/en-US.json';
import es from '../apps/web/src/i18n/es-MX.json';
import { ADMIN } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';

// For a look after a run; the README's pictures come from `npm run screenshots` (demo data).
const SCREENSHOT = join(tmpdir(), 'preciofab-e2e-vendors.png');

describe('vendors screen', () => {
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  useBrowserSession({ width: 1280, height: 900 }, (session) => ({ page, consoleWatch } = session));

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const dialog = () => page.getByRole('dialog', { name: es.vendors.form.title });
  const rows = () => page.getByTestId('vendor-row');

  async function addVendor(values: {
    name: string;
    website: string;
    city: string;
    type: string;
    cap: string;
  }) {
    await page.getByTestId('add-vendor').click();
    await dialog().waitFor();
    await dialog().getByLabel(es.vendors.form.name).fill(values.name);
    await dialog().getByLabel(es.vendors.form.type).selectOption(values.type);
    await dialog().getByLabel(es.vendors.form.website).fill(values.website);
    await dialog().getByLabel(es.vendors.form.city).fill(values.city);
    await dialog().getByLabel(values.cap).check();
    await dialog().getByTestId('vendor-submit').click();
    await dialog().waitFor({ state: 'detached' });
    await page
      .getByTestId('toast')
      .filter({ hasText: es.vendors.form.created.replace('{name}', values.name) })
      .waitFor();
  }

  it('lists, validates, adds, searches and filters vendors', async () => {
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(ADMIN.email);
    await page.getByLabel(es.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await heading(es.dashboard.title).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: es.nav.vendors }).click();
    await page.waitForURL('**/vendors');
    await heading(es.vendors.title).waitFor();

    // A fresh database: the empty state offers to add a vendor.
    await page.getByText(es.vendors.empty.title).waitFor();
    expect(await page.getByTestId('vendors-total').textContent()).toContain('0');

    // Empty submit: the spec §5 messages under their fields, marked invalid.
    const opener = page.getByTestId('add-vendor');
    await opener.click();
    await dialog().waitFor();
    expect(await dialog().getAttribute('aria-modal')).toBe('true');
    await dialog().getByTestId('vendor-submit').click();
    await dialog().getByText(serverEs.validation.vendor_name_required).waitFor();
    await dialog().getByText(serverEs.validation.capability_required).waitFor();
    expect(await dialog().getByLabel(es.vendors.form.name).getAttribute('aria-invalid')).toBe('true');

    await dialog().getByLabel(es.vendors.form.website).fill('not a url');
    await dialog().getByLabel(es.vendors.form.email).fill('bad email@x');
    await dialog().getByTestId('vendor-submit').click();
    await dialog().getByText(serverEs.validation.url_invalid).waitFor();
    await dialog().getByText(serverEs.validation.email_invalid).waitFor();

    // Escape closes the dialog and focus goes back to the opener.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await addVendor({
      name: 'Impresiones Norte',
      website: 'https://impresiones-norte.mx',
      city: 'Monterrey',
      type: 'bureau',
      cap: es.vendors.capabilities.fdm_printing,
    });
    await rows().first().waitFor();
    expect(await rows().first().textContent()).toContain('Impresiones Norte');
    // The country named from its code in the reader's language, accent included.
    expect(await rows().first().textContent()).toContain('Monterrey, México');
    const trust = rows().first().getByTestId('trust-badge');
    expect(await trust.textContent()).toMatch(/\d+\s?%/);
    const link = rows().first().getByRole('link');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    await addVendor({
      name: 'Laser Maker Space',
      website: 'https://lasermaker.mx',
      city: 'Guadalajara',
      type: 'makerspace',
      cap: es.vendors.capabilities.laser_cutting,
    });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="vendor-row"]').length === 2);

    // A duplicate website lands under the website field (server 409).
    await page.getByTestId('add-vendor').click();
    await dialog().getByLabel(es.vendors.form.name).fill('Copia');
    await dialog().getByLabel(es.vendors.form.website).fill('https://lasermaker.mx');
    await dialog().getByLabel(es.vendors.capabilities.cnc_milling).check();
    await dialog().getByTestId('vendor-submit').click();
    await dialog().getByText(serverEs.errors.vendor_duplicate).waitFor();
    await dialog().getByRole('button', { name: es.vendors.form.close }).click();
    await dialog().waitFor({ state: 'detached' });

    // Search (debounced) and the type filter narrow the table.
    await page.getByTestId('vendor-search').fill('Norte');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="vendor-row"]').length === 1);
    expect(await rows().first().textContent()).toContain('Impresiones Norte');
    await page.getByTestId('vendor-search').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="vendor-row"]').length === 2);

    await page.getByTestId('vendor-type-filter').selectOption('makerspace');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="vendor-row"]').length === 1);
    expect(await rows().first().textContent()).toContain('Laser Maker Space');
    await page.getByTestId('vendor-type-filter').selectOption('freelancer');
    await page.getByText(es.vendors.no_results.title).waitFor();
    await page.getByRole('button', { name: es.vendors.no_results.clear }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="vendor-row"]').length === 2);

    await page.evaluate('localStorage.setItem("preciofab.theme", "light")');
    await page.reload();
    await rows().nth(1).waitFor();
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByTestId('language-toggle').click();
    await heading(en.vendors.title).waitFor();
    await page.getByText(en.vendors.legend_title, { exact: true }).waitFor();

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });

  it('shows the load-error card when the list cannot be fetched', async () => {
    await page.goto('/login');
    await page.getByLabel(es.login.email).fill(ADMIN.email);
    await page.getByLabel(es.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: es.login.submit }).click();
    await heading(es.dashboard.title).waitFor();
    await page.route('**/api/v1/vendors?*', (route) => route.fulfill({ status: 404, body: '{}' }));
    await page.goto('/vendors');
    await page.getByTestId('vendors-error').getByText(es.vendors.load_error.title).waitFor();
    await page.getByRole('button', { name: es.common.try_again }).waitFor();
  });
});
