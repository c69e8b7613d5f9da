/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, prepareContext } from './support/auth.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

/** A phone, a tablet and a desktop window. */
const WIDTHS = [375, 768, 1440] as const;
/** Below this the side navigation is an overlay (spec: sidebar breakpoint 1024 px). */
const DESKTOP = 1024;

type Opener = { name: string; open: (page: Page) => Promise<void> };

/** Clicks the first enabled element with this test id (a table's first row, a report ready). */
const byTestId = (testId: string) => async (page: Page) => {
  await page.locator(`[data-testid="${testId}"]:not([disabled])`).first().click();
};
/** A dialog opened from another tab of the screen: the tab first. */
const onTab = (tab: string, testId: string) => async (page: Page) => {
  await page.getByTestId(`tab-${tab}`).click();
  await byTestId(testId)(page);
};

/**
 * Every route of the console (apps/web/src/app/router.tsx) and every dialog its screen opens for an
 * administrator on the demo database: add, edit, import, export, delete and reject confirmations,
 * evidence (on its screenshot and raw-data tabs), run crawl, calculate, create report, preview,
 * exchange-rate history. The login screen is checked signed out.
 */
const SCREENS: { path: string; dialogs: Opener[] }[] = [
  { path: '/', dialogs: [{ name: 'run crawl', open: byTestId('run-crawl') }] },
  {
    path: '/vendors',
    dialogs: [
      { name: 'add vendor', open: byTestId('add-vendor') },
      { name: 'import vendors', open: byTestId('import-vendors') },
      { name: 'export', open: byTestId('export-trigger') },
      { name: 'edit vendor', open: byTestId('vendor-edit') },
      { name: 'delete vendor', open: byTestId('vendor-delete') },
    ],
  },
  {
    path: '/prices',
    dialogs: [
      { name: 'add price', open: byTestId('add-price') },
      { name: 'export', open: byTestId('export-trigger') },
      {
        name: 'evidence',
        open: async (page) => {
          await page.getByTestId('price-row').first().getByRole('button').first().click();
          await page.getByTestId('evidence-tab-screenshot').waitFor();
        },
      },
      {
        name: 'evidence, raw data',
        open: async (page) => {
          await page.getByTestId('price-row').first().getByRole('button').first().click();
          await page.getByTestId('evidence-tab-raw').click();
          await page
            .getByTestId('extracted-fields')
            .or(page.getByTestId('evidence-not-available'))
            .first()
            .waitFor();
        },
      },
    ],
  },
  {
    path: '/benchmarks',
    dialogs: [
      { name: 'calculate', open: byTestId('open-calculate') },
      { name: 'export', open: byTestId('export-trigger') },
    ],
  },
  {
    path: '/discovery',
    dialogs: [
      { name: 'set up source', open: byTestId('setup-source') },
      { name: 'reject candidate', open: onTab('candidates', 'candidate-reject') },
      { name: 'edit source', open: onTab('sources', 'source-edit') },
      { name: 'delete source', open: onTab('sources', 'source-delete') },
    ],
  },
  {
    path: '/crawl-targets',
    dialogs: [
      { name: 'add target', open: byTestId('add-target') },
      { name: 'edit target', open: byTestId('edit-target') },
      { name: 'delete target', open: byTestId('delete-target') },
    ],
  },
  { path: '/analytics', dialogs: [] },
  {
    path: '/reports',
    dialogs: [
      { name: 'create report', open: byTestId('create-report') },
      { name: 'preview report', open: byTestId('report-preview') },
      { name: 'export', open: byTestId('export-trigger') },
    ],
  },
  {
    path: '/settings',
    dialogs: [
      { name: 'add user', open: byTestId('add-user') },
      { name: 'exchange-rate history', open: byTestId('fx-history') },
    ],
  },
  { path: '/profile', dialogs: [] },
  { path: '/debug', dialogs: [] },
  { path: '/toaster-test', dialogs: [] },
  { path: '/welcome-debug', dialogs: [] },
  { path: '/no-such-page', dialogs: [] },
];

/**
 * What does not fit the window, measured in the page: the document wider than the window; an open
 * dialog (or its body) wider than the window or running off it; a button of a table row that cannot
 * be reached. A table's buttons count as reachable when they are in view, or, on a phone or a
 * tablet, when the table's own box scrolls sideways to them; on a desktop window they are in view
 * without scrolling anything sideways.
 */
function measure(desktop: boolean): string[] {
  const problems: string[] = [];
  const viewport = document.documentElement.clientWidth;
  const overflow = document.documentElement.scrollWidth - viewport;
  if (overflow > 1) problems.push(`the page is ${overflow}px wider than the window`);

  const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].pop();
  if (dialog) {
    const box = dialog.getBoundingClientRect();
    if (box.left < -0.5 || box.right > viewport + 0.5) {
      problems.push(
        `the dialog spans ${Math.round(box.left)}..${Math.round(box.right)}px of a ${viewport}px window`,
      );
    }
    for (const el of [dialog, ...dialog.querySelectorAll<HTMLElement>('.modal__body, .modal__form')]) {
      const sideways = el.scrollWidth - el.clientWidth;
      if (sideways > 1) problems.push(`the dialog's ${el.className} scrolls ${sideways}px sideways`);
    }
  }

  /** The boxes that clip `el` sideways (overflow other than visible), innermost first. */
  const clippers = (el: HTMLElement) => {
    const boxes: HTMLElement[] = [];
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') boxes.push(a);
    }
    return boxes;
  };
  /** Whether `el` shows in full sideways: inside the window and every box that clips it. */
  const inView = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    return (
      r.left >= -1 &&
      r.right <= viewport + 1 &&
      clippers(el).every((box) => {
        const c = box.getBoundingClientRect();
        return r.left >= c.left - 1 && r.right <= c.right + 1;
      })
    );
  };
  /** The innermost box that scrolls sideways and holds `el` beyond its edge, when that box itself
   * is in view: scrolling it brings `el` in. */
  const scrollsInto = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    const box = clippers(el).find((b) => {
      const c = b.getBoundingClientRect();
      return r.left < c.left - 1 || r.right > c.right + 1;
    });
    if (!box || !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return false;
    return box.scrollWidth > box.clientWidth && inView(box);
  };
  const root = dialog ?? document.querySelector('main') ?? document.body;
  for (const row of [...root.querySelectorAll('table tbody tr')].slice(0, 2)) {
    for (const button of row.querySelectorAll<HTMLElement>('button, a[href]')) {
      const r = button.getBoundingClientRect();
      if ((r.width === 0 && r.height === 0) || inView(button)) continue;
      if (!desktop && scrollsInto(button)) continue;
      const name = (button.textContent || button.getAttribute('aria-label') || button.tagName).trim();
      problems.push(
        `the table button "${name.slice(0, 40)}" is out of reach (${Math.round(r.left)}..${Math.round(r.right)}px)`,
      );
    }
  }
  return problems;
}

/** Lets a resize reach React (media queries) and the layout settle. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function waitForData(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, null, { timeout: 15_000 })
    .catch(() => undefined);
}

describe('every screen and dialog fits 375, 768 and 1440 px windows, in both languages', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer({ demo: true });
    browser = await launchBrowser();
    token = await apiLogin(server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const language of ['es', 'en'] as const) {
    it(`${language}: no screen or dialog is wider than the window, and tables' buttons are reachable`, async () => {
      const started = Date.now();
      const problems: string[] = [];
      const check = async (page: Page, where: string, width: number) => {
        for (const problem of await page.evaluate(measure, width >= DESKTOP)) {
          problems.push(`${where} @ ${width}px: ${problem}`);
        }
      };

      // Signed out: the login screen.
      const guest = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1440, height: 900 },
      });
      await prepareContext(guest, { language, visited: true });
      const login = await guest.newPage();
      await login.goto('/login');
      await login.getByRole('heading', { level: 1 }).first().waitFor();
      for (const width of WIDTHS) {
        await login.setViewportSize({ width, height: 900 });
        await settle(login);
        await check(login, '/login', width);
      }
      await guest.close();

      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1440, height: 900 },
      });
      await prepareContext(context, { token, language, visited: true });
      const page = await context.newPage();
      // Everything here is on one machine: what takes longer than this is stuck.
      page.setDefaultTimeout(10_000);
      const consoleWatch = watchConsole(page);
      try {
        for (const screen of SCREENS) {
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.goto(screen.path);
          await waitForData(page);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            await settle(page);
            await check(page, screen.path, width);
            if (screen.path === '/' && width < DESKTOP) {
              // The side navigation, an overlay below 1024 px.
              await page.getByTestId('menu-toggle').click();
              await settle(page);
              await check(page, 'navigation', width);
              await page.keyboard.press('Escape');
            }
            for (const dialog of screen.dialogs) {
              const where = `${screen.path} ${dialog.name} dialog`;
              try {
                await dialog.open(page);
                await page.getByRole('dialog').last().waitFor();
                await settle(page);
                await check(page, where, width);
              } catch (error) {
                // A dialog that cannot be opened or used is a finding too; the others still run.
                const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
                problems.push(`${where} @ ${width}px: could not be used (${message})`);
              }
              if (await page.getByRole('dialog').count()) {
                await page.keyboard.press('Escape');
                await page.getByRole('dialog').waitFor({ state: 'detached' });
              }
            }
          }
        }
      } finally {
        await context.close();
      }
      process.stdout.write(`layout (${language}): ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      expect(problems).toEqual([]);
      expect(consoleWatch.uncaught()).toEqual([]);
    }, 300_000);
  }
});
