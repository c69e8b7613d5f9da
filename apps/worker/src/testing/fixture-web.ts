import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCrawler, type Crawler } from '../crawl/crawler.ts';

/** A page to serve. A Buffer body is sent as its bytes (a gzipped sitemap, an image). */
export type FixturePage = { status?: number; contentType?: string; body: string | Buffer };

/** Vendor sites for tests: pages served on 127.0.0.1 from a path → page map that a test may change
 * between crawls. Unknown paths (robots.txt included) are 404. */
export async function startFixtureWeb(
  pages: Record<string, FixturePage> = {},
  options: { delayMs?: number } = {},
) {
  const hits: string[] = [];
  /** Every request's path with its query, for tests that check the parameters sent. */
  const requests: string[] = [];
  /** When each request came in and its answer was sent (Date.now() ms), for politeness tests. */
  const timings: { path: string; start: number; end: number }[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(path);
    requests.push(req.url ?? '/');
    const timing = { path: req.url ?? '/', start: Date.now(), end: Number.NaN };
    timings.push(timing);
    res.on('finish', () => {
      timing.end = Date.now();
    });
    // A slow site, for tests that need a crawl to be caught in the middle.
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const page = pages[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(page.status ?? 200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8' })
      .end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pages,
    hits,
    requests,
    timings,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A crawler allowed to reach 127.0.0.1, with no pause between requests and no browser. */
export function testCrawler(): Crawler {
  return createCrawler({
    allowedHosts: ['127.0.0.1'],
    minDelayMs: 0,
    timeoutMs: 5000,
    maxBytes: 5 * 1024 * 1024,
    chromiumPath: null,
    browserPages: 1,
    schedule: false,
  });
}
