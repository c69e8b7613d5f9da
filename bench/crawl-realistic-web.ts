/**
 * The fixture web of the realistic crawl bench (`npm run bench:crawl -- --realistic`): `sites` store
 * sites, each on a loopback address of its own (127.3.x.y: all of 127.0.0.0/8 is loopback on Linux),
 * each serving `pagesPerSite` pages of the extractor's corpus (packages/extract/corpus: real
 * platforms' markup at real sizes), gzipped as stores serve them, every answer delayed by a seeded
 * random latency. It runs in a process of its own (crawl-realistic-web-main.ts), so that serving
 * pages is not counted as the crawl's CPU.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readCorpus, readCorpusPage } from '@preciofab/extract/corpus-score';
import { extractPage } from '@preciofab/extract/extract-page';

export type WebOptions = {
  sites: number;
  pagesPerSite: number;
  seed: number;
  /** Latency of each answer, uniform in [min, max] ms, seeded per request. */
  latencyMinMs: number;
  latencyMaxMs: number;
  /** Share of sites whose robots.txt asks for a `Crawl-delay` of `crawlDelaySeconds`. */
  crawlDelayShare: number;
  crawlDelaySeconds: number;
};

/** One request the fixture web answered: when it arrived and when its answer began to be sent (ms
 * since the log was last reset), and the latency it was given. */
export type ServedRequest = { site: number; path: string; start: number; end: number; latency: number };

export type SitePlan = {
  index: number;
  address: string;
  /** Seconds of robots.txt Crawl-delay, or null. */
  crawlDelay: number | null;
  /** The target pages: path → corpus file. */
  pages: { path: string; file: string }[];
};

export type WebReady = {
  sites: (SitePlan & { port: number })[];
  /** The corpus pages served, with their size in bytes before gzip. */
  corpus: { file: string; bytes: number }[];
};

/** FNV-1a, then a splitmix step: a number in [0, 1) from a string, the same on every run. */
export function seededUnit(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** A seeded shuffle (Fisher–Yates). */
export function seededShuffle<T>(items: readonly T[], key: string): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(seededUnit(`${key}|${i}`) * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Site n's loopback address: 127.3.0.1, …, 127.3.0.250, 127.3.1.1, … */
export const siteAddress = (n: number) => `127.3.${Math.floor(n / 250)}.${(n % 250) + 1}`;

const MAX_PAGE_BYTES = 1024 * 1024;

/** The corpus pages a target may be: 50 KB–1 MB, and giving at least one price whose currency the
 * page decides (an article or an undecidable page would store nothing). */
export function eligibleCorpus(): { file: string; path: string; html: string }[] {
  const pages: { file: string; path: string; html: string }[] = [];
  for (const entry of readCorpus()) {
    const html = readCorpusPage(entry);
    const bytes = Buffer.byteLength(html);
    if (bytes < 50 * 1024 || bytes > MAX_PAGE_BYTES) continue;
    const reading = extractPage({ html, url: entry.url, budgetMs: 60_000 });
    if (!reading.offers.some((o) => o.currency !== null)) continue;
    const url = new URL(entry.url);
    pages.push({ file: `${entry.dir ?? 'pages'}/${entry.file}`, path: `${url.pathname}${url.search}`, html });
  }
  return pages;
}

/** Which pages each site serves: a seeded draw of distinct corpus pages (so no site states one
 * offer twice), at the paths the real page had. */
export function planSites(
  options: WebOptions,
  corpus: readonly { file: string; path: string }[],
): SitePlan[] {
  if (options.sites < 1 || options.sites > 250 * 250) throw new Error('sites: 1 to 62,500');
  if (options.pagesPerSite < 1 || options.pagesPerSite > corpus.length) {
    throw new Error(`pages per site: 1 to ${corpus.length} (the corpus pages that give a price)`);
  }
  return Array.from({ length: options.sites }, (_, index) => {
    const chosen = seededShuffle(corpus, `${options.seed}|site ${index}`).slice(0, options.pagesPerSite);
    const used = new Set<string>();
    const pages = chosen.map(({ file, path }) => {
      // Several hand-built sites price at /precios: a second one gets a query of its own.
      let unique = path;
      for (let k = 2; used.has(unique); k++) unique = `${path}${path.includes('?') ? '&' : '?'}v=${k}`;
      used.add(unique);
      return { path: unique, file };
    });
    const crawlDelay =
      seededUnit(`${options.seed}|crawl-delay ${index}`) < options.crawlDelayShare
        ? options.crawlDelaySeconds
        : null;
    return { index, address: siteAddress(index), crawlDelay, pages };
  });
}

/** robots.txt as store platforms write it: carts, checkouts and searches closed to crawlers. */
function robotsTxt(crawlDelay: number | null): string {
  return [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /account',
    'Disallow: /search',
    ...(crawlDelay === null ? [] : [`Crawl-delay: ${crawlDelay}`]),
    '',
    'Sitemap: /sitemap.xml',
    '',
  ].join('\n');
}

type Body = { type: string; plain: Buffer; gzip: Buffer };
const body = (type: string, text: string | Buffer): Body => {
  const plain = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { type, plain, gzip: gzipSync(plain) };
};

/** The stores' public catalogues the crawler asks a Shopify or WooCommerce list page for. */
const FIXTURES = new URL('../packages/extract/src/extractors/fixtures/', import.meta.url);
const SHOPIFY_CATALOGUE = body(
  'application/json; charset=utf-8',
  readFileSync(new URL('shopify-products.json', FIXTURES)),
);
const WOO_CATALOGUE = body(
  'application/json; charset=utf-8',
  readFileSync(new URL('woocommerce-products.json', FIXTURES)),
);

/** Starts the sites. Each answer waits its latency: seeded by the site, the path and how many
 * times that path was asked for, so every run of the bench meets the same latencies. */
export async function startRealisticWeb(options: WebOptions) {
  const corpus = eligibleCorpus();
  const bodies = new Map(corpus.map((c) => [c.file, body('text/html; charset=utf-8', c.html)]));
  const plans = planSites(options, corpus);
  let origin = performance.now();
  let log: ServedRequest[] = [];
  const asked = new Map<string, number>();
  const servers: Server[] = [];
  const sites: WebReady['sites'] = [];

  for (const plan of plans) {
    const pages = new Map(plan.pages.map((p) => [p.path, bodies.get(p.file)!]));
    const robots = body('text/plain; charset=utf-8', robotsTxt(plan.crawlDelay));
    const server = createServer((req, res) => {
      const start = performance.now() - origin;
      const path = req.url ?? '/';
      const key = `${plan.index}|${path}`;
      const nth = (asked.get(key) ?? 0) + 1;
      asked.set(key, nth);
      const u = seededUnit(`${options.seed}|${key}|${nth}`);
      const latency = options.latencyMinMs + u * (options.latencyMaxMs - options.latencyMinMs);
      const pathname = path.split('?')[0]!;
      const found =
        path === '/robots.txt'
          ? robots
          : (pages.get(path) ??
            (pathname.endsWith('/products.json')
              ? SHOPIFY_CATALOGUE
              : pathname.includes('/wc/store/v1/products')
                ? WOO_CATALOGUE
                : null));
      setTimeout(() => {
        // Logged before the answer is sent: the crawler cannot have read it sooner, so a pause
        // measured from here is never longer than the one the crawler kept.
        log.push({ site: plan.index, path, start, end: performance.now() - origin, latency });
        if (!found) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        } else {
          const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
          res
            .writeHead(200, {
              'content-type': found.type,
              ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
            })
            .end(gzip ? found.gzip : found.plain);
        }
      }, latency);
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, plan.address, resolve);
    });
    servers.push(server);
    sites.push({ ...plan, port: (server.address() as AddressInfo).port });
  }

  return {
    ready: {
      sites,
      corpus: corpus.map((c) => ({ file: c.file, bytes: Buffer.byteLength(c.html) })),
    } satisfies WebReady,
    /** Empties the request log and restarts its clock, and forgets how often each path was asked
     * for (each run meets the same latencies). */
    reset() {
      log = [];
      asked.clear();
      origin = performance.now();
    },
    log: () => log,
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      ),
  };
}
