import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, watchConsole } from './browser.ts';
import { startServer, type ServerOptions, type TestServer } from './server.ts';

export type BrowserSession = {
  server: TestServer;
  page: Page;
  consoleWatch: ReturnType<typeof watchConsole>;
};

/** The hooks of a browser test file: one real server and one Chromium for the file, a fresh
 * context and page (with its console watched) for each test, handed to `onTest`. */
export function useBrowserSession(
  viewport: { width: number; height: number },
  onTest: (session: BrowserSession) => void,
  serverOptions: ServerOptions = {},
): void {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer(serverOptions);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.baseUrl, viewport });
    const page = await context.newPage();
    onTest({ server, page, consoleWatch: watchConsole(page) });
  });
  afterEach(async () => {
    await context?.close();
  });
}
