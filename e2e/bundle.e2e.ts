import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_GROUPS } from '../apps/web/src/i18n/parts/groups.ts';
import { CATALOGUES, MESSAGES } from '../apps/web/src/testing/catalogues.ts';
import { prepareContext } from './support/auth.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';
import {
  INITIAL_JS_BUDGET,
  chunkModules,
  measurePageJs,
  scriptsFetchedOnReturn,
} from './support/initial-js.ts';
import { ADMIN, REPO_ROOT, startServer, type TestServer } from './support/server.ts';
import { visibleTexts } from './support/untranslated.ts';

/** Code no first screen needs: charts and exports load when one is shown or chosen. */
const HEAVY_LIBRARY = /node_modules\/(echarts|zrender|exceljs|pdfkit|jspdf|jspdf-autotable|html2canvas)\//;
/** Code of the signed-in area: every feature but sign-in, and the layout around the screens. */
const SIGNED_IN_CODE = /^apps\/web\/src\/(features\/(?!auth\/)|app\/layout\/app-shell\.tsx$)/;
/** A catalogue file of the console: the core (es-MX.json, as JSON or as text) or a namespace. */
const CATALOGUE_FILE = /^apps\/web\/src\/i18n\/(?:namespaces\/)?[\w.-]+\.json(?:\?raw)?$/;

/** The namespace files' names (namespaces/<name>.<locale>.json). */
const NAMESPACES = [
  ...new Set(
    readdirSync(join(REPO_ROOT, 'apps/web/src/i18n/namespaces')).map((file) => file.split('.')[0] ?? ''),
  ),
];

type Tree = { readonly [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}
const KEYS = new Set(leaves(CATALOGUES.es).map(([key]) => key));
/** Catalogue keys within texts, where a text that failed to load would show its key. */
const keysIn = (texts: readonly string[]) =>
  texts
    .flatMap((text) => text.match(/[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+/g) ?? [])
    .filter((token) => KEYS.has(token));

/** Texts of the signed-in screens in Spanish that no text shown before sign-in holds and that a
 * script holds as they are: one found in a catalogue chunk fetched by /login means the signed-in
 * texts came along. */
function signedInOnlyTexts(): string[] {
  const boot = (key: string) => BOOT_GROUPS.includes(key.split('.')[0] ?? '');
  const bootTexts = leaves(CATALOGUES.es).flatMap(([key, text]) => (boot(key) ? [text] : []));
  return leaves(CATALOGUES.es)
    .filter(([key, text]) => !boot(key) && !bootTexts.some((bootText) => bootText.includes(text)))
    .map(([, text]) => text)
    .filter((text) => text.length >= 12 && !/[`$\\'"\n]/.test(text));
}

describe('JavaScript as the browser receives it', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('showing / signed in transfers at most 170 KB of JavaScript, compressed, and no chart or export library', async () => {
    const measured = await measurePageJs(browser, server.baseUrl, 'dashboard');
    expect(measured.scripts.length).toBeGreaterThan(0);
    expect(measured.transferred).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    // Every script worth compressing arrives as brotli.
    expect(measured.scripts.filter((s) => s.raw >= 1024 && s.encoding !== 'br').map((s) => s.file)).toEqual(
      [],
    );
    const modules = chunkModules();
    const heavy = measured.scripts.flatMap((s) =>
      (modules[s.file.slice(1)] ?? []).filter((id) => HEAVY_LIBRARY.test(id)),
    );
    expect(heavy).toEqual([]);
  });

  it("/login fetches the shell, the texts and its form: no screen's code, no layout of the signed-in area", async () => {
    const measured = await measurePageJs(browser, server.baseUrl, 'login');
    const modules = chunkModules();
    const assets = measured.scripts.filter((s) => s.file.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    for (const script of assets) expect(modules[script.file.slice(1)], script.file).toBeDefined();
    const foreign = assets.flatMap((s) =>
      (modules[s.file.slice(1)] ?? []).filter((id) => SIGNED_IN_CODE.test(id) || HEAVY_LIBRARY.test(id)),
    );
    expect(foreign).toEqual([]);
  });

  it('/login fetches the texts shown before sign-in, in its language only; signed in, the rest; a switch, the other language, with no key ever on screen', async () => {
    const modules = chunkModules();
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    await prepareContext(context, { language: 'es', theme: 'light', visited: true });
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.set(path, response.text());
    });
    const catalogueFiles = () =>
      [...new Set([...scripts.keys()].flatMap((path) => modules[path.slice(1)] ?? []))]
        .filter((id) => CATALOGUE_FILE.test(id))
        .sort();
    const heading = (p: Page, name: string) => p.getByRole('heading', { level: 1, name });
    const es = MESSAGES.es;
    const en = MESSAGES.en;
    try {
      await page.goto('/login');
      await heading(page, es.login.title).waitFor();
      await page.waitForLoadState('networkidle');

      // Before sign-in: the core texts and the namespaces of the boot groups, in Spanish only.
      expect(catalogueFiles()).toEqual(
        [
          'apps/web/src/i18n/es-MX.json',
          ...BOOT_GROUPS.filter((group) => NAMESPACES.includes(group)).map(
            (group) => `apps/web/src/i18n/namespaces/${group}.es-MX.json`,
          ),
        ].sort(),
      );
      // Of the core, only the groups shown before sign-in: no text of a signed-in screen.
      const catalogueBodies = await Promise.all(
        [...scripts]
          .filter(([path]) => (modules[path.slice(1)] ?? []).some((id) => CATALOGUE_FILE.test(id)))
          .map(([, body]) => body),
      );
      expect(catalogueBodies.some((body) => body.includes(es.login.title))).toBe(true);
      const signedInTexts = signedInOnlyTexts();
      expect(signedInTexts.length).toBeGreaterThan(500);
      expect(signedInTexts.filter((text) => catalogueBodies.some((body) => body.includes(text)))).toEqual([]);
      expect(keysIn(await visibleTexts(page))).toEqual([]);

      // Signed in: every other Spanish text, and still no English one.
      await page.getByLabel(es.login.email).fill(ADMIN.email);
      await page.getByLabel(es.login.password).fill(ADMIN.password);
      await page.getByRole('button', { name: es.login.submit }).click();
      await heading(page, es.dashboard.title).waitFor();
      await page.getByTestId('stat-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(catalogueFiles()).toEqual(
        [
          'apps/web/src/i18n/es-MX.json',
          'apps/web/src/i18n/es-MX.json?raw',
          ...NAMESPACES.map((name) => `apps/web/src/i18n/namespaces/${name}.es-MX.json`),
        ].sort(),
      );

      // A switch to English fetches its texts first (slowed here, so a render before they arrive
      // would show), keeping the Spanish screen meanwhile, then shows it whole in English.
      const english = new Set(
        Object.entries(modules)
          .filter(([, ids]) => ids.some((id) => CATALOGUE_FILE.test(id) && id.includes('en-US')))
          .map(([file]) => `/${file}`),
      );
      await page.route(
        (url) => english.has(url.pathname),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        },
      );
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenTexts: string[] }).seenTexts = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === 'characterData') seen.push(record.target.textContent ?? '');
            else if (record.type === 'attributes' && record.target instanceof Element)
              seen.push(record.target.getAttribute(record.attributeName ?? '') ?? '');
            else for (const node of record.addedNodes) seen.push(node.textContent ?? '');
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['aria-label', 'title', 'placeholder', 'alt'],
        });
      });
      await page.getByTestId('language-toggle').click();
      await page.waitForTimeout(500);
      expect(await heading(page, es.dashboard.title).isVisible()).toBe(true);
      expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
      await heading(page, en.dashboard.title).waitFor();
      await page
        .getByTestId('stat-card')
        .getByText(en.dashboard.stats.total_vendors, { exact: true })
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getAttribute('html', 'lang')).toBe('en-US');

      const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
      expect(seen.some((text) => text.includes(en.dashboard.title))).toBe(true);
      expect(keysIn(seen)).toEqual([]);
      expect(keysIn(await visibleTexts(page))).toEqual([]);
      expect(catalogueFiles().filter((id) => id.includes('en-US'))).toEqual(
        [
          'apps/web/src/i18n/en-US.json',
          'apps/web/src/i18n/en-US.json?raw',
          ...NAMESPACES.map((name) => `apps/web/src/i18n/namespaces/${name}.en-US.json`),
        ].sort(),
      );
      expect(consoleWatch.uncaught()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a return visit to / takes every hashed script from the cache, asking the server for none', async () => {
    const fetched = await scriptsFetchedOnReturn(browser, server.baseUrl);
    expect(fetched.filter((path) => path.startsWith('/assets/'))).toEqual([]);
  });
});
