import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { apiLogin, prepareContext } from './auth.ts';
import { REPO_ROOT } from './server.ts';

/** Issue 4: at most 170 KB of JavaScript to show / to a signed-in user, counted as transferred
 * (the compressed bytes the browser receives; issue 14). */
export const INITIAL_JS_BUDGET = 170 * 1024;

export type ScriptLoad = {
  file: string;
  /** Bytes of the script itself, as the browser decoded it. */
  raw: number;
  /** Bytes of the response body on the wire (Content-Encoding applied). */
  transferred: number;
  encoding: string;
};
export type PageJs = { scripts: ScriptLoad[]; raw: number; transferred: number; shownMs: number };

export type ConsoleRoute = 'dashboard' | 'login';
const ROUTES: Record<
  ConsoleRoute,
  { path: string; signedIn: boolean; ready: (page: Page) => Promise<void> }
> = {
  dashboard: {
    path: '/',
    signedIn: true,
    ready: (page) => page.getByTestId('stat-card').first().waitFor(),
  },
  login: {
    path: '/login',
    signedIn: false,
    ready: (page) => page.locator('form button[type="submit"]').waitFor(),
  },
};

/** The built console the server serves (WEB_DIST_DIR, as the server reads it). */
export function webDistDir(): string {
  return process.env.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist');
}

/** The source modules of each built script (written by the build: apps/web/vite.config.ts). */
export function chunkModules(): Record<string, string[]> {
  return JSON.parse(readFileSync(join(webDistDir(), '.vite/chunks.json'), 'utf8')) as Record<
    string,
    string[]
  >;
}

async function scriptLoad(response: Response): Promise<ScriptLoad> {
  const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
  return {
    file: new URL(response.url()).pathname,
    raw: body.length,
    transferred: Math.max(0, sizes.responseBodySize),
    encoding: response.headers()['content-encoding'] ?? 'identity',
  };
}

/** A network to load through (Chromium's throttling, which counts the bytes on the wire). */
export type NetworkConditions = { latencyMs: number; downloadBytesPerSecond: number };

/**
 * Loads a route in a fresh browser context (an empty cache: a first visit), signed in where the
 * route needs it, and measures every JavaScript file fetched until the route showed its content
 * and the network went quiet. Also: how many milliseconds from navigation to the content shown.
 */
export async function measurePageJs(
  browser: Browser,
  baseUrl: string,
  route: ConsoleRoute,
  network?: NetworkConditions,
): Promise<PageJs> {
  const { path, signedIn, ready } = ROUTES[route];
  const token = signedIn ? await apiLogin(baseUrl) : undefined;
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await prepareContext(context, { token, language: 'es', theme: 'light', visited: true });
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: network.downloadBytesPerSecond,
      uploadThroughput: network.downloadBytesPerSecond / 2,
    });
  }
  const pending: Array<Promise<ScriptLoad>> = [];
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) pending.push(scriptLoad(response));
  };
  page.on('response', onResponse);
  try {
    const start = performance.now();
    await page.goto(path);
    await ready(page);
    const shownMs = performance.now() - start;
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).sort((a, b) => b.transferred - a.transferred);
    return {
      scripts,
      raw: scripts.reduce((sum, s) => sum + s.raw, 0),
      transferred: scripts.reduce((sum, s) => sum + s.transferred, 0),
      shownMs,
    };
  } finally {
    await context.close();
  }
}

/** Loads / signed in, then again in the same tab, and lists the scripts of the second visit that
 * went to the server at all (a revalidation included): bytes on the wire, from Chromium's network
 * log, since a script from the cache moves none. */
export async function scriptsFetchedOnReturn(browser: Browser, baseUrl: string): Promise<string[]> {
  const token = await apiLogin(baseUrl);
  const context = await browser.newContext({ baseURL: baseUrl });
  await prepareContext(context, { token, language: 'es', theme: 'light', visited: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const fetched: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId) ?? '';
    if (new URL(url, baseUrl).pathname.endsWith('.js') && event.encodedDataLength > 0) fetched.push(url);
  });
  try {
    for (let visit = 0; visit < 2; visit += 1) {
      fetched.length = 0;
      await page.goto('/');
      await ROUTES.dashboard.ready(page);
      await page.waitForLoadState('networkidle');
    }
    return fetched.map((url) => new URL(url).pathname);
  } finally {
    await context.close();
  }
}
