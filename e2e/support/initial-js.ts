import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { apiLogin, prepareContext } from './auth.ts';

export type ScriptSize = { file: string; raw: number; gzip: number };
export type InitialJs = { scripts: ScriptSize[]; raw: number; gzip: number };

/** Issue 4: at most 170 KB of gzipped JavaScript to show / to a signed-in user. */
export const INITIAL_JS_BUDGET_GZIP = 170 * 1024;

/** Loads / signed in, in a real browser, and measures every JavaScript file it fetched until the
 * dashboard showed its stats: raw bytes and gzip bytes (level 6, what servers use). */
export async function measureInitialJs(browser: Browser, baseUrl: string): Promise<InitialJs> {
  const token = await apiLogin(baseUrl);
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await prepareContext(context, { token, language: 'es', theme: 'light', visited: true });
  const page = await context.newPage();
  const pending: Array<Promise<ScriptSize>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    pending.push(
      response.body().then((body) => ({
        file: url.pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 6 }).length,
      })),
    );
  });
  try {
    await page.goto('/');
    await page.getByTestId('stat-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
    return {
      scripts,
      raw: scripts.reduce((sum, s) => sum + s.raw, 0),
      gzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    };
  } finally {
    await context.close();
  }
}
