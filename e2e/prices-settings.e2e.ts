/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import serverEn from '../packages/shared/src/i18n/messages.en-US.json';
import serverEs from '../packages/shared/src/i18n/messages.es-MX.json';
import en from '../apps/web/src/i18n/en-US.json';
import es from '../apps/web/src/i18n/es-MX.json';
import pricesEn from '../apps/web/src/i18n/namespaces/prices.en-US.json';
import pricesEs from '../apps/web/src/i18n/namespaces/prices.es-MX.json';
import profileEn from '../apps/web/src/i18n/namespaces/profile.en-US.json';
import profileEs from '../apps/web/src/i18n/namespaces/profile.es-MX.json';
import settingsEs from '../apps/web/src/i18n/namespaces/settings.es-MX.json';
import { ADMIN, type TestServer } from './support/server.ts';
import { apiLogin } from './support/auth.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';
import { axeViolations } from './support/axe.ts';

/** A test drives many screens in a busy shared machine: more than vitest's default minute. */
const TEST_TIMEOUT_MS = 180_000;

const VIEWER = { email: 'vera.viewer@example.com', name: 'Vera Visor', password: 'viewer-pass-2026' };

describe('prices, settings and profile on the demo database', () => {
  let server: TestServer;
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  useBrowserSession({ width: 1280, height: 900 }, (session) => ({ server, page, consoleWatch } = session), {
    demo: true,
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const rows = () => page.getByTestId('price-row');
  const priceDialog = () => page.getByRole('dialog', { name: pricesEs.form.title });
  const rowCount = () => page.evaluate(() => document.querySelectorAll('[data-testid="price-row"]').length);

  async function signIn(email: string, password: string, texts: typeof es.login = es.login) {
    await page.goto('/login');
    await page.getByLabel(texts.email).fill(email);
    await page.getByLabel(texts.password).fill(password);
    await page.getByRole('button', { name: texts.submit }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }

  /** WCAG 2 A/AA problems inside the screen's main area (the layout is checked elsewhere). */

  async function signOut() {
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
  }

  it(
    'lists prices, filters them, shows the four views and adds a price',
    async () => {
      await signIn(ADMIN.email, ADMIN.password);
      await page.getByRole('navigation').getByRole('link', { name: es.nav.prices }).click();
      await heading(pricesEs.title).waitFor();
      await page.getByText(pricesEs.info.title).waitFor();

      // One page of 100, then 'load more' follows the cursor.
      await rows().nth(99).waitFor();
      expect(await rowCount()).toBe(100);
      expect(await page.getByTestId('prices-total').textContent()).toMatch(/\d/);
      await page.getByTestId('prices-load-more').click();
      await rows().nth(199).waitFor();

      // Beside each observed price, its USD value per base unit ("USD 0.0523 / cm³") or why none.
      const usdCells = page.locator('[data-testid="price-row"] [data-testid="usd-value"]');
      expect(await usdCells.count()).toBe(200);
      const converted = await usdCells.evaluateAll((cells) =>
        cells.filter((c) => c.getAttribute('data-status') === 'converted').map((c) => c.textContent ?? ''),
      );
      expect(converted.length).toBeGreaterThan(0);
      for (const text of converted) expect(text).toMatch(/^USD\s[\d,.]+( \/ \S+)?$/);

      // Sorted by USD per base unit on the server: cheapest first, dearest first, then newest first.
      const usdValues = () =>
        page.$$eval('[data-testid="price-row"] [data-testid="usd-value"][data-status="converted"]', (cells) =>
          cells.map((c) =>
            Number(
              (c.textContent ?? '')
                .replace(/^USD\s/, '')
                .split(' ')[0]!
                .replace(/,/g, ''),
            ),
          ),
        );
      const sortedBy = (state: string) =>
        page.waitForFunction(
          (s) => document.querySelector(`th[aria-sort="${s}"] [data-testid="prices-sort-usd"]`),
          state,
        );
      await page.getByTestId('prices-sort-usd').click();
      await page.waitForURL(/sort=price_usd_asc/);
      await sortedBy('ascending');
      await page.waitForFunction(() => !document.querySelector('.prices-card[aria-busy="true"]'));
      const cheapest = await usdValues();
      expect(cheapest.length).toBeGreaterThan(10);
      expect([...cheapest].sort((a, b) => a - b)).toEqual(cheapest);
      await page.getByTestId('prices-sort-usd').click();
      await page.waitForURL(/sort=price_usd_desc/);
      await sortedBy('descending');
      await page.waitForFunction(() => !document.querySelector('.prices-card[aria-busy="true"]'));
      const dearest = await usdValues();
      expect([...dearest].sort((a, b) => b - a)).toEqual(dearest);
      expect(dearest[0]).toBeGreaterThan(cheapest[0]!);
      await page.getByTestId('prices-sort-usd').click();
      await page.waitForURL((url) => !url.search.includes('sort='));
      await page.waitForFunction(() =>
        document.querySelector('th[aria-sort="descending"] [data-testid="prices-sort-observed"]'),
      );
      await rows().nth(99).waitFor();

      // A row click opens that observation's evidence (titled with the first 8 characters of its id).
      const firstId = await rows().first().getAttribute('data-id');
      await rows().first().click();
      expect(await page.locator('.prices-page').getAttribute('data-evidence-id')).toBe(firstId);
      const evidence = page.getByTestId('evidence-modal');
      await evidence.waitFor();
      expect(await page.getByRole('dialog').getByRole('heading').first().textContent()).toContain(
        (firstId ?? '').slice(0, 8),
      );
      await page.keyboard.press('Escape');
      await evidence.waitFor({ state: 'detached' });

      // Search (debounced) by the first row's vendor: every row then names it.
      const vendor = ((await rows().first().locator('.prices-table__vendor').textContent()) ?? '').trim();
      await page.getByTestId('price-search').fill(vendor);
      await page.waitForFunction((name) => {
        const found = [...document.querySelectorAll('[data-testid="price-row"]')];
        return found.length > 0 && found.length < 200 && found.every((r) => r.textContent?.includes(name));
      }, vendor);
      await page.getByTestId('price-search').fill('');
      await rows().nth(99).waitFor();

      // Every view renders a chart on the real rows.
      for (const view of ['timeline', 'heatmap', 'scatter'] as const) {
        await page.getByTestId(`view-${view}`).click();
        const chart = page.locator(`[data-testid="price-chart-${view}"][data-ready="true"]`);
        await chart.locator('canvas').first().waitFor();
        expect(await page.getByTestId(`view-${view}`).getAttribute('aria-pressed')).toBe('true');
        // Computed by the server over every price matching the filters, and it says so.
        await page.getByTestId('price-chart-coverage').waitFor();
        if (view === 'heatmap') {
          await page.waitForTimeout(1500); // let the chart's entry animation finish
          await page.screenshot({ path: '/tmp/prices-settings-heatmap.png', fullPage: true });
          expect(await axeViolations(page, 'main')).toEqual([]);
        }
      }
      // One offer's history from the server.
      await page.getByTestId('view-timeline').click();
      await page.getByTestId('timeline-offer').selectOption({ index: 1 });
      await page.locator('[data-testid="price-chart-timeline"][data-ready="true"] canvas').first().waitFor();
      await page.getByTestId('view-table').click();
      await rows().first().waitFor();

      // Empty submit: the spec §5 messages under their fields.
      await page.getByTestId('add-price').click();
      await priceDialog().waitFor();
      await priceDialog().getByTestId('price-submit').click();
      await priceDialog().getByText(serverEs.validation.vendor_required).waitFor();
      await priceDialog().getByText(serverEs.validation.service_name_required).waitFor();
      await priceDialog().getByText(serverEs.validation.price_positive).waitFor();
      expect(
        await priceDialog()
          .getByLabel(pricesEs.form.service_name, { exact: true })
          .getAttribute('aria-invalid'),
      ).toBe('true');
      await priceDialog().getByLabel(pricesEs.form.valid_until, { exact: true }).fill('2020-01-01');
      await priceDialog().getByTestId('price-submit').click();
      await priceDialog().getByText(serverEs.validation.valid_until_past).waitFor();
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

      // The category decides subcategory, unit and material.
      await priceDialog().getByLabel(pricesEs.form.category, { exact: true }).selectOption('cnc_machining');
      expect(await priceDialog().getByLabel(pricesEs.form.subcategory, { exact: true }).inputValue()).toBe(
        'Milling',
      );
      expect(await priceDialog().getByLabel(pricesEs.form.unit, { exact: true }).inputValue()).toBe('hour');
      expect(await priceDialog().getByLabel(pricesEs.form.material, { exact: true }).inputValue()).toBe(
        'Aluminum',
      );

      // The currencies of the Americas and the euro, named in the UI language, MXN first and chosen.
      const currencySelect = priceDialog().getByLabel(pricesEs.form.currency, { exact: true });
      expect(await currencySelect.inputValue()).toBe('MXN');
      const currencyLabels = await currencySelect.locator('option').allTextContents();
      expect(currencyLabels.slice(0, 2)).toEqual(['MXN · peso mexicano', 'USD · dólar estadounidense']);
      expect(currencyLabels).toEqual(expect.arrayContaining(['CLP · peso chileno', 'COP · peso colombiano']));

      await priceDialog().getByLabel(pricesEs.form.vendor, { exact: true }).selectOption({ index: 1 });
      await priceDialog()
        .getByLabel(pricesEs.form.service_name, { exact: true })
        .fill('Fresado E2E de prueba');
      await priceDialog().getByLabel(pricesEs.form.price, { exact: true }).fill('845.50');
      await priceDialog().getByLabel(pricesEs.form.currency, { exact: true }).selectOption('USD');
      await priceDialog().getByLabel(pricesEs.form.valid_until, { exact: true }).fill('');
      await priceDialog().getByLabel(pricesEs.form.lead_time_days, { exact: true }).fill('5');
      await priceDialog().getByTestId('price-submit').click();
      await priceDialog().waitFor({ state: 'detached' });

      await page.getByTestId('price-search').fill('Fresado E2E');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="price-row"]').length === 1);
      const created = (await rows().first().textContent()) ?? '';
      expect(created).toContain('Fresado E2E de prueba');
      expect(created).toMatch(/845\.50/);
      expect(created).toContain(pricesEs.units.hour);
      await page.getByTestId('price-search').fill('');
      await rows().nth(99).waitFor();

      // The currency filter offers the loaded rows' currencies (the new USD price among them);
      // picking one narrows the rows.
      const options = await page.getByTestId('price-currency').locator('option').allTextContents();
      expect(options[0]).toBe(pricesEs.all_currencies);
      expect(options).toEqual(expect.arrayContaining(['MXN', 'USD']));
      await page.getByTestId('price-currency').selectOption('USD');
      await page.waitForFunction(() => {
        const found = [...document.querySelectorAll('[data-testid="price-row"]')];
        return found.length > 0 && found.every((r) => r.getAttribute('data-currency') === 'USD');
      });
      expect(await rows().first().textContent()).toContain('Fresado E2E de prueba');
      await page.getByTestId('price-currency').selectOption('');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="price-row"]')].some(
          (r) => r.getAttribute('data-currency') !== 'USD',
        ),
      );
      await page.screenshot({ path: '/tmp/prices-settings-table.png' });
      expect(await axeViolations(page, 'main')).toEqual([]);

      // Dark theme, and a 375 px phone: the table scrolls inside its card, the page does not.
      await page.evaluate('localStorage.setItem("preciofab.theme", "dark")');
      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      await rows().nth(99).waitFor();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await axeViolations(page, 'main')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: '/tmp/prices-settings-375-dark.png' });

      expect(consoleWatch.cspViolations()).toEqual([]);
      expect(consoleWatch.uncaught()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lets an admin set a rate and add a viewer, who sees no admin parts',
    async () => {
      await signIn(ADMIN.email, ADMIN.password);
      await page.goto('/settings');
      await heading(settingsEs.title).waitFor();
      await page.getByTestId('fx-row').first().waitFor();
      await page.getByTestId('crawler-card').getByText(settingsEs.crawler.config_note).waitFor();

      // The rates in force today, one row per currency.
      const inForce = await page
        .getByTestId('fx-row')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-currency')));
      expect(inForce).toEqual(expect.arrayContaining(['MXN', 'USD']));
      expect(new Set(inForce).size).toBe(inForce.length);

      // A price in a currency with no rate yet: not convertible, and it says why.
      const token = await apiLogin(server.baseUrl);
      const vendors = (await (
        await fetch(`${server.baseUrl}/api/v1/vendors?limit=1`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { id: string }[] };
      const created = await fetch(`${server.baseUrl}/api/v1/prices`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          vendor_id: vendors.data[0]!.id,
          service_name: 'Impresión FDM en guaraníes',
          category: 'additive_manufacturing',
          price: 4500,
          currency: 'PYG',
          unit: 'cm3',
        }),
      });
      expect(created.status).toBe(201);
      // Only on a later page of the list, but the address picks its currency all the same.
      await page.goto('/prices?currency=PYG');
      await page.waitForFunction(() => {
        const found = [...document.querySelectorAll('[data-testid="price-row"]')];
        return found.length === 1 && found[0]!.getAttribute('data-currency') === 'PYG';
      });
      expect(await page.getByTestId('price-currency').inputValue()).toBe('PYG');
      const pygRow = rows().first();
      expect(await pygRow.textContent()).toMatch(/PYG\s4,500(?!\.)/);
      const noRate = pygRow.getByTestId('usd-value');
      expect(await noRate.getAttribute('data-status')).toBe('no_rate');
      expect(await noRate.textContent()).toContain(es.usd.no_rate);
      expect(await noRate.getAttribute('title')).toMatch(/^No hay tipo de cambio de PYG vigente el /);

      // Settings: a rate for any currency. A zero is refused with the contract's message.
      await page.goto('/settings');
      await heading(settingsEs.title).waitFor();
      await page.getByTestId('fx-row').first().waitFor();
      const form = page.getByTestId('fx-form');
      expect(await form.getByTestId('fx-currency').inputValue()).toBe('MXN');
      await form.getByTestId('fx-currency').selectOption('PYG');
      await form.getByTestId('fx-units').fill('0');
      await form.getByTestId('fx-submit').click();
      await form.getByText(serverEs.validation.fx_rate_positive).waitFor();
      // In force from before the price's date, so the price converts with it.
      const priceDay = '2000-01-01';
      await form.getByLabel(settingsEs.fx.effective_date).fill(priceDay);
      await form.getByTestId('fx-units').fill('7300.5');
      await form.getByTestId('fx-submit').click();
      const pyg = page.getByTestId('fx-row').and(page.locator('[data-currency="PYG"]'));
      await pyg.filter({ hasText: '7,300.5' }).waitFor();
      expect(await pyg.locator('time').first().getAttribute('datetime')).toBe(priceDay);

      // Editing prefills the rate and saves it on its own date.
      await pyg.getByTestId('fx-edit').click();
      await form.getByRole('heading', { name: /PYG/ }).waitFor();
      expect(await form.getByTestId('fx-units').inputValue()).toBe('7300.5');
      expect(await form.getByLabel(settingsEs.fx.effective_date).inputValue()).toBe(priceDay);
      await form.getByTestId('fx-units').fill('7250');
      await form.getByTestId('fx-submit').click();
      await pyg.filter({ hasText: '7,250' }).waitFor();

      // A currency's history, a page at a time.
      await page
        .getByTestId('fx-row')
        .and(page.locator('[data-currency="MXN"]'))
        .getByTestId('fx-history')
        .click();
      const history = page.getByTestId('fx-history-dialog');
      await history.getByTestId('fx-history-row').first().waitFor();
      const historyRows = await history.getByTestId('fx-history-row').count();
      expect(historyRows).toBeGreaterThan(0);
      expect(historyRows).toBeLessThanOrEqual(20);
      expect(await history.getByTestId('fx-history-range').textContent()).toMatch(
        /^Tipos de cambio 1 a \d+ de [\d,]+$/,
      );
      if (await history.getByTestId('fx-history-next').isEnabled()) {
        await history.getByTestId('fx-history-next').click();
        await history.getByText(/^Tipos de cambio 21 a /).waitFor();
      }
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });

      // The price converts now that its currency has a rate.
      await page.goto('/prices?currency=PYG');
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="price-row"] [data-testid="usd-value"]')
            ?.getAttribute('data-status') === 'converted',
      );
      expect(await rows().first().getByTestId('usd-value').textContent()).toMatch(/^USD\s[\d.]+ \/ cm³$/);
      await page.goto('/settings');
      await page.getByTestId('fx-row').first().waitFor();

      // Import a CSV history: what it wrote, then a file it refuses with its line numbers.
      const importer = page.getByTestId('fx-import');
      await importer.getByTestId('fx-import-submit').click();
      await importer.getByText(settingsEs.fx.import.problems.no_file).waitFor();
      await importer.getByTestId('fx-import-file').setInputFiles({
        name: 'rates.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'date,currency,units_per_usd\n2001-01-02,UYU,12.5\n2001-02-01,UYU,12.7\n2001-01-02,BOB,6.4\n',
        ),
      });
      await importer.getByTestId('fx-import-format').selectOption('rates');
      await importer.getByTestId('fx-import-submit').click();
      await importer.getByTestId('fx-import-summary').waitFor({ timeout: 30_000 });
      expect(await importer.getByTestId('fx-import-summary').textContent()).toMatch(
        /^3 tipos de cambio importados de 2 monedas; \d+ precios? convertidos?\.$/,
      );
      await importer.getByTestId('fx-import-file').setInputFiles({
        name: 'broken.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('date,currency,units_per_usd\n2001-01-02,UYU,12.5\nnot-a-date,UYU,x\n'),
      });
      await importer.getByTestId('fx-import-submit').click();
      await importer.getByTestId('fx-import-errors').waitFor({ timeout: 30_000 });
      expect(await importer.getByTestId('fx-import-errors').textContent()).toMatch(/Línea 3: /);

      // A new user: validation first, then a viewer that appears in the list.
      const users = page.getByTestId('users-card');
      await users.getByTestId('add-user').click();
      const dialog = page.getByRole('dialog', { name: settingsEs.users.form_title });
      await dialog.getByTestId('user-submit').click();
      await dialog.getByText(serverEs.validation.email_invalid).waitFor();
      await dialog.getByText(serverEs.validation.name_required).waitFor();
      await dialog.getByText(serverEs.validation.password_min).waitFor();
      await dialog.getByLabel(settingsEs.users.name).fill(VIEWER.name);
      await dialog.getByLabel(settingsEs.users.email).fill(VIEWER.email);
      await dialog.getByLabel(settingsEs.users.password).fill(VIEWER.password);
      await dialog.getByLabel(settingsEs.users.role).selectOption('viewer');
      await dialog.getByTestId('user-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await users.getByTestId('user-row').filter({ hasText: VIEWER.email }).waitFor();
      await page.screenshot({ path: '/tmp/prices-settings-settings.png', fullPage: true });
      expect(await axeViolations(page, 'main')).toEqual([]);

      await signOut();
      await signIn(VIEWER.email, VIEWER.password);
      await page.goto('/settings');
      await page.getByTestId('fx-row').first().waitFor();
      await page.getByTestId('crawler-card').waitFor();
      expect(await page.getByTestId('fx-form').count()).toBe(0);
      expect(await page.getByTestId('fx-import').count()).toBe(0);
      expect(await page.getByTestId('fx-edit').count()).toBe(0);
      await page.getByTestId('fx-history').first().waitFor();
      expect(await page.getByTestId('users-card').count()).toBe(0);
      await page.goto('/prices');
      await rows().first().waitFor();
      expect(await page.getByTestId('add-price').count()).toBe(0);

      expect(consoleWatch.cspViolations()).toEqual([]);
      expect(consoleWatch.uncaught()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'changes the password in English, signs in with it, and switches theme',
    async () => {
      // A user of its own, made through the API, so this test does not lean on the others.
      const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const user = {
        email: 'olga.operadora@example.com',
        name: 'Olga Operadora',
        password: 'first-pass-2026',
      };
      const made = await fetch(`${server.baseUrl}/api/v1/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...user, role: 'operator' }),
      });
      expect(made.status).toBe(201);

      await signIn(user.email, user.password);
      await page.goto('/profile');
      await heading(profileEs.title).waitFor();
      await page.getByTestId('profile-account').getByText(user.email).waitFor();
      await page.getByTestId('profile-account').getByText(es.roles.operator, { exact: true }).waitFor();

      // The language radios reflect and change the language.
      expect(await page.getByRole('radio', { name: profileEs.preferences.languages.es }).isChecked()).toBe(
        true,
      );
      await page.getByRole('radio', { name: profileEs.preferences.languages.en }).check();
      await heading(profileEn.title).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en-US');

      // Theme radios.
      await page.getByRole('radio', { name: en.theme.dark }).check();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.getByRole('radio', { name: en.theme.light }).check();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      expect(await page.getByRole('radio', { name: en.theme.light }).isChecked()).toBe(true);

      // Password: contract messages, the confirmation, a wrong current password from the server.
      const form = page.getByTestId('password-form');
      await form.getByTestId('password-submit').click();
      await form.getByText(serverEn.validation.required).waitFor();
      await form.getByText(serverEn.validation.password_min).waitFor();
      await form.getByLabel(profileEn.password.current).fill('not-my-password');
      await form.getByLabel(profileEn.password.new, { exact: true }).fill('second-pass-2026');
      await form.getByLabel(profileEn.password.confirm).fill('second-pass-2027');
      await form.getByTestId('password-submit').click();
      await form.getByText(profileEn.password.mismatch).waitFor();
      await form.getByLabel(profileEn.password.confirm).fill('second-pass-2026');
      await form.getByTestId('password-submit').click();
      await form.getByText(serverEn.errors.invalid_credentials).waitFor();
      expect(await form.getByLabel(profileEn.password.current).getAttribute('aria-invalid')).toBe('true');
      await form.getByLabel(profileEn.password.current).fill(user.password);
      await form.getByTestId('password-submit').click();
      await page.waitForFunction(
        () => (document.querySelector('input[name="new_password"]') as HTMLInputElement | null)?.value === '',
      );
      await page.screenshot({ path: '/tmp/prices-settings-profile.png', fullPage: true });

      // The add-price form speaks English too.
      await page.goto('/prices');
      await heading(pricesEn.title).waitFor();
      await page.getByTestId('add-price').click();
      const dialog = page.getByRole('dialog', { name: pricesEn.form.title });
      await dialog.getByTestId('price-submit').click();
      await dialog.getByText(serverEn.validation.vendor_required).waitFor();
      await dialog.getByText(serverEn.validation.price_positive).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await signOut();
      await signIn(user.email, 'second-pass-2026', en.login);
      await page.goto('/profile');
      await heading(profileEn.title).waitFor();

      expect(consoleWatch.cspViolations()).toEqual([]);
      expect(consoleWatch.uncaught()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows the guide when there is no price and the error card when the list fails',
    async () => {
      await signIn(ADMIN.email, ADMIN.password);
      const empty = JSON.stringify({ data: [], total: 0, limit: 100, offset: 0 });
      await page.route('**/api/v1/prices?*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: empty }),
      );
      await page.goto('/prices');
      const guide = page.getByTestId('prices-empty');
      await guide.getByText(pricesEs.empty.title).waitFor();
      await guide.getByText(pricesEs.empty.steps.target).waitFor();
      await guide.getByRole('button', { name: pricesEs.add }).waitFor();
      await guide.getByRole('link', { name: pricesEs.empty.go_targets }).click();
      await page.waitForURL('**/crawl-targets');

      await page.unroute('**/api/v1/prices?*');
      await page.route('**/api/v1/prices?*', (route) => route.fulfill({ status: 404, body: '{}' }));
      await page.goto('/prices');
      await page.getByTestId('prices-error').getByText(pricesEs.load_error.title).waitFor();
      await page.getByRole('button', { name: es.common.try_again }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});
