import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, prepareContext } from './support/auth.ts';
import { CONSOLE_ROUTES } from './support/console-routes.ts';
import { launchBrowser } from './support/browser.ts';
import { REPO_ROOT, startServer, type TestServer } from './support/server.ts';

// The browser fires `securitypolicyviolation` for every blocked eval, even one the page catches
// (zod's `new Function('')` probe); Chromium does not log those to the console. Recorded from the
// document's start, before any script of the page runs.
const RECORD_VIOLATIONS = `(() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile);
  });
})();`;

type Recorder = { page: Page; problems: () => Promise<string[]> };

async function recorder(context: BrowserContext): Promise<Recorder> {
  await context.addInitScript({ content: RECORD_VIOLATIONS });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/unsafe-eval|content security policy/i.test(message.text())) logged.push(message.text());
  });
  const problems = async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...logged.splice(0),
  ];
  return { page, problems };
}

/** A route has settled when its screen replaced the loading spinner and the network is quiet. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await page.locator('.route-loading').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
}

describe('the CSP (script-src without unsafe-eval) is never violated', () => {
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

  it('on /login, signed out', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    try {
      await prepareContext(context, { language: 'es', visited: true });
      const { page, problems } = await recorder(context);
      await load(page, '/login');
      await page.getByRole('textbox').first().waitFor();
      expect(await problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on every screen, each loaded afresh', async () => {
    const token = await apiLogin(server.baseUrl);
    const context = await browser.newContext({ baseURL: server.baseUrl });
    try {
      await prepareContext(context, { token, language: 'es', visited: true });
      const { page, problems } = await recorder(context);
      const found: Record<string, string[]> = {};
      for (const path of CONSOLE_ROUTES) {
        // A full page load each time: a new document evaluates every module again.
        await load(page, path);
        found[path] = await problems();
      }
      expect(found).toEqual(Object.fromEntries(CONSOLE_ROUTES.map((path) => [path, []])));
    } finally {
      await context.close();
    }
  });

  it("in the vendor import worker's modules", async () => {
    // The worker's module graph, evaluated in a document where no console code ran before it (as
    // in the worker's own fresh global): its zod must be configured by the worker itself.
    const dist = process.env.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist');
    const worker = readdirSync(join(dist, 'assets')).find(
      (name) => name.startsWith('vendor-import.worker-') && name.endsWith('.js'),
    );
    expect(worker).toBeDefined();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    try {
      const { page, problems } = await recorder(context);
      await page.goto('/favicon.svg');
      // A source string: vitest rewrites import() inside functions it compiles.
      await page.evaluate(`import('/assets/${worker}').then(() => true)`);
      expect(await problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
