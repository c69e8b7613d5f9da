import type { Browser, Route } from 'playwright-core';

/** How the browser's requests leave the machine: only through the guarded, polite fetcher. */
export type ThroughFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: Buffer | null },
) => Promise<{ status: number; headers: Record<string, string>; body: Buffer }>;

export type Capture = { html: string; screenshot: Buffer | null };

export type BrowserPoolOptions = {
  chromiumPath: string;
  /** Pages open at once. */
  pages: number;
  timeoutMs: number;
  through: ThroughFetch;
};

// Kinds of sub-request a render needs to build prices; images, fonts and media are skipped (they
// cost the vendor bandwidth and add nothing to extraction).
const NEEDED = new Set(['document', 'stylesheet', 'script', 'xhr', 'fetch']);
const MAX_SUBREQUESTS = 25;
const MAX_SHOT_HEIGHT = 4000;
// Request headers a page's script may set that its prices can depend on; the fetcher sets the rest
// (user agent, host, encoding) itself.
const FORWARDED_HEADERS = ['accept', 'accept-language', 'content-type', 'x-requested-with'];

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium itself connects nowhere. Route interception answers the requests it sees, but not
  // WebSockets, preconnects, speculation-rules prefetches or TURN over TCP, which connect on their
  // own: with every host (names and IP literals alike) resolving to nothing, they fail before a
  // socket is opened, and no DNS query (a DNS prefetch) leaves either. No proxy, not even one
  // from the environment, could take a connection elsewhere.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--no-proxy-server',
  // WebRTC sends its UDP (STUN, ICE checks) to addresses without resolving them: this policy
  // turns UDP off when there is no proxy, and its TCP goes through the resolver above.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // No QUIC: HTTP/3 and WebTransport are UDP.
  '--disable-quic',
];

/** One shared Chromium for the whole worker, opened on first use, with a bounded number of pages.
 * Every request a page makes is answered by `through` (route interception), so a page's scripts
 * cannot reach a private address or skip robots.txt and the per-host pause; anything Chromium
 * would send on its own finds no address (`LAUNCH_ARGS`). `browser-hostile-page.test.ts` proves
 * both with a page that tries every way out. */
export function createBrowserPool(options: BrowserPoolOptions) {
  let browser: Promise<Browser> | null = null;
  let open = 0;
  const waiting: (() => void)[] = [];

  const acquire = async () => {
    if (open >= options.pages) await new Promise<void>((resolve) => waiting.push(resolve));
    open++;
  };
  const release = () => {
    open--;
    waiting.shift()?.();
  };
  const launch = () => {
    // Playwright is loaded with the browser, on first use: loading it costs the start most of a second.
    browser ??= import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({ executablePath: options.chromiumPath, headless: true, args: LAUNCH_ARGS }),
      )
      .catch((err: unknown) => {
        browser = null;
        throw err;
      });
    return browser;
  };

  /** Shows `url` as the browser would, from the page body already fetched (`html`, so the page is
   * not requested twice), and returns the rendered HTML and, when asked, a screenshot. */
  async function capture(url: string, html: string, want: { screenshot: boolean }): Promise<Capture> {
    await acquire();
    const b = await launch().catch((err: unknown) => {
      release();
      throw err;
    });
    const context = await b.newContext({
      viewport: { width: 1280, height: 900 },
      // A service worker's requests are not intercepted: Playwright makes `register` a no-op in
      // every frame (and the worker would find no address anyway).
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    let subrequests = 0;
    try {
      await context.route('**/*', async (route: Route) => {
        const request = route.request();
        if (request.url() === url && request.resourceType() === 'document') {
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
        }
        if (!NEEDED.has(request.resourceType()) || ++subrequests > MAX_SUBREQUESTS) {
          return route.abort('blockedbyclient');
        }
        try {
          const sent = await request.allHeaders();
          const headers: Record<string, string> = {};
          for (const name of FORWARDED_HEADERS) if (sent[name]) headers[name] = sent[name];
          const answer = await options.through(request.url(), {
            method: request.method(),
            headers,
            body: request.postDataBuffer(),
          });
          return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
        } catch {
          return route.abort('blockedbyclient');
        }
      });
      const page = await context.newPage();
      page.setDefaultTimeout(options.timeoutMs);
      await page.goto(url, { waitUntil: 'load', timeout: options.timeoutMs });
      // Prices drawn by the page's own scripts arrive after load: give them a bounded moment.
      await page
        .waitForLoadState('networkidle', { timeout: Math.min(3000, options.timeoutMs) })
        .catch(() => {});
      const rendered = await page.content();
      let screenshot: Buffer | null = null;
      if (want.screenshot) {
        // The whole page down to a bound: a catalogue can be tens of thousands of pixels long.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        screenshot = await page.screenshot({
          type: 'jpeg',
          quality: 70,
          fullPage: true,
          clip: { x: 0, y: 0, width: 1280, height: Math.max(900, Math.min(height, MAX_SHOT_HEIGHT)) },
          timeout: options.timeoutMs,
        });
      }
      return { html: rendered, screenshot };
    } finally {
      await context.close().catch(() => {});
      release();
    }
  }

  return {
    capture,
    async close() {
      const b = browser;
      browser = null;
      if (b) await (await b.catch(() => null))?.close();
    },
  };
}

export type BrowserPool = ReturnType<typeof createBrowserPool>;
