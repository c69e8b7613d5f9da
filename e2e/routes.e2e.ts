/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/testing/catalogues.ts';
import { seriousViolations } from './support/axe.ts';
import { apiLogin, prepareContext } from './support/auth.ts';
import { CONSOLE_ROUTES } from './support/console-routes.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

/** Both languages, both themes and both widths, each met twice across the four passes. */
const PASSES = [
  { language: 'es', theme: 'light', width: 1280 },
  { language: 'es', theme: 'dark', width: 375 },
  { language: 'en', theme: 'dark', width: 1280 },
  { language: 'en', theme: 'light', width: 375 },
] as const;

describe('every route, in both languages and themes, at 375 and 1280 px', () => {
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

  for (const pass of PASSES) {
    it(`${pass.language} · ${pass.theme} · ${pass.width} px: renders, fits, and has no serious axe violation`, async () => {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: pass.width, height: 900 },
        colorScheme: pass.theme,
      });
      await prepareContext(context, { token, language: pass.language, theme: pass.theme, visited: true });
      const page = await context.newPage();
      const consoleWatch = watchConsole(page);
      const problems: string[] = [];
      try {
        for (const route of CONSOLE_ROUTES) {
          await page.goto(route);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          // The dashboard keeps a WebSocket and 30 s refetches open, so the network may never be
          // idle for long: wait a bounded time, then rely on the skeleton check below.
          await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
          // Let skeletons give way to data before looking.
          await page
            .waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, null, {
              timeout: 15_000,
            })
            .catch(() => undefined);

          const lang = await page.evaluate(() => document.documentElement.lang);
          const theme = await page.evaluate(() => document.documentElement.dataset.theme);
          if (lang !== (pass.language === 'es' ? 'es-MX' : 'en-US')) problems.push(`${route}: lang ${lang}`);
          if (theme !== pass.theme) problems.push(`${route}: theme ${theme}`);

          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 1)
            problems.push(`${route}: page ${overflow}px wider than the ${pass.width}px window`);

          for (const violation of await seriousViolations(page)) {
            problems.push(
              `${route}: axe ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(', ')}`,
            );
          }
        }
        // The side navigation names the main routes in the active language.
        const nav = CATALOGUES[pass.language].nav as Record<string, string>;
        if (pass.width >= 1024) {
          for (const key of [
            'dashboard',
            'vendors',
            'prices',
            'benchmarks',
            'discovery',
            'crawl_targets',
            'analytics',
          ]) {
            await page.getByRole('navigation').getByRole('link', { name: nav[key] }).waitFor();
          }
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
      expect(consoleWatch.cspViolations()).toEqual([]);
      expect(consoleWatch.uncaught()).toEqual([]);
      // 14 routes, each rendered, measured and checked by axe: far more than one default timeout.
    }, 300_000);
  }
});
