import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { INITIAL_JS_BUDGET_GZIP, measureInitialJs } from './support/initial-js.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('initial JavaScript', () => {
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

  it('showing / signed in loads at most 170 KB of gzipped JavaScript, and no chart or export library', async () => {
    const measured = await measureInitialJs(browser, server.baseUrl);
    expect(measured.scripts.length).toBeGreaterThan(0);
    expect(measured.gzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
    // ECharts, exceljs and jsPDF load only when a chart or an export needs them.
    expect(measured.scripts.map((s) => s.file).filter((file) => /echarts|exceljs|jspdf/i.test(file))).toEqual(
      [],
    );
  });
});
