import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  INITIAL_JS_BUDGET,
  chunkModules,
  measurePageJs,
  scriptsFetchedOnReturn,
} from './support/initial-js.ts';
import { startServer, type TestServer } from './support/server.ts';

/** Code no first screen needs: charts and exports load when one is shown or chosen. */
const HEAVY_LIBRARY = /node_modules\/(echarts|zrender|exceljs|pdfkit|jspdf|jspdf-autotable|html2canvas)\//;
/** Code of the signed-in area: every feature but sign-in, and the layout around the screens. */
const SIGNED_IN_CODE = /^apps\/web\/src\/(features\/(?!auth\/)|app\/layout\/app-shell\.tsx$)/;

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

  it('a return visit to / takes every hashed script from the cache, asking the server for none', async () => {
    const fetched = await scriptsFetchedOnReturn(browser, server.baseUrl);
    expect(fetched.filter((path) => path.startsWith('/assets/'))).toEqual([]);
  });
});
