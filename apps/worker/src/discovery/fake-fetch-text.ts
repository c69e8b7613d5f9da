import { readFileSync } from 'node:fs';
import type { CollectorContext } from './collector-types.ts';
import type { FetchedDocument, FetchText } from './fetch-port.ts';
import { DEFAULT_DISCOVERY_LIMITS, type DiscoveryLimits } from '@preciofab/shared/discovery-budget';
import { createRunBudget } from './run-budget.ts';
import { createDiscoveryReader, type DiscoveryReader } from './thread/discovery-reader.ts';

/** A fixture file's text, from the fixtures folder beside this file. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export type FakeRoute =
  | string
  | Buffer
  | Error
  | { body: string | Buffer; status?: number; contentType?: string; finalUrl?: string; delayMs?: number };

/**
 * An in-memory FetchText for unit tests of the code around the fetcher: URL → body, status or
 * error. A URL not in the map is refused, as the real fetcher refuses what it may not fetch. It
 * records every request and the largest number in flight at once.
 */
export function fakeFetchText(routes: Record<string, FakeRoute>) {
  const calls: Array<{ url: string; accept?: string }> = [];
  let inFlight = 0;
  const stats = { maxInFlight: 0 };
  const fetchText: FetchText = async (url, opts) => {
    calls.push({ url, accept: opts?.accept });
    inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    try {
      const route = routes[url];
      const r = typeof route === 'object' && route && 'body' in route ? route : undefined;
      await new Promise((resolve) => setTimeout(resolve, r?.delayMs ?? 0));
      if (route === undefined) throw new Error(`refused: ${url} is not in the fake's map`);
      if (route instanceof Error) throw route;
      const body = typeof route === 'string' || Buffer.isBuffer(route) ? route : route.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
      const doc: FetchedDocument = {
        finalUrl: r?.finalUrl ?? url,
        status: r?.status ?? 200,
        contentType: r?.contentType ?? guessType(url),
        bytes,
        text: bytes.toString('utf8'),
      };
      return doc;
    } finally {
      inFlight--;
    }
  };
  const urls = () => calls.map((c) => c.url);
  return { fetchText, calls, urls, stats };
}

function guessType(url: string): string {
  if (/\.json\b|[?&]format=json/.test(url)) return 'application/json';
  if (/\.xml\.gz$/.test(url)) return 'application/gzip';
  if (/\.xml$/.test(url)) return 'application/xml';
  return 'text/html; charset=utf-8';
}

let reader: DiscoveryReader | null = null;

/** A collector's context for unit tests: the fake fetcher, a fresh run budget (the defaults, or
 * `limits`) and one real discovery reader per test file (its thread starts when first used; end it
 * with `closeTestReader` after the file's tests). */
export function collectorContext(
  fetchText: FetchText,
  options: { searchEndpoint?: string; limits?: Partial<DiscoveryLimits> } = {},
): CollectorContext {
  reader ??= createDiscoveryReader();
  return {
    fetchText,
    reader,
    budget: createRunBudget({ ...DEFAULT_DISCOVERY_LIMITS, ...options.limits }),
    ...(options.searchEndpoint ? { searchEndpoint: options.searchEndpoint } : {}),
  };
}

export async function closeTestReader(): Promise<void> {
  await reader?.close();
  reader = null;
}
