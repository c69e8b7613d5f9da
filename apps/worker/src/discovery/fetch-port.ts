import { FetchError } from '@preciofab/fetch/fetch-error';

/** What the guarded fetcher returns: the body both as bytes (sitemaps may be gzip) and as text. */
export type FetchedDocument = {
  finalUrl: string;
  status: number;
  contentType: string | null;
  bytes: Buffer;
  text: string;
};

/**
 * The network port every collector receives. The real implementation (robots rules, private-address
 * guard, size and time limits) lives with the fetcher; collectors never reach the network themselves,
 * so tests can feed them fixtures. It throws when a fetch is refused or fails.
 */
export type FetchText = (url: string, opts?: { accept?: string }) => Promise<FetchedDocument>;

export const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';
export const ACCEPT_JSON = 'application/json;q=1,*/*;q=0.5';
export const ACCEPT_XML = 'application/xml,text/xml;q=0.9,application/gzip;q=0.8,*/*;q=0.5';

/** The message of anything thrown, for a run's error list. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Fetches and treats an HTTP error status like a failed fetch: the fetcher only throws on transport
 * failures and refusals, but a 404 page is no more use to a collector than a refused one. */
export async function fetchOk(fetchText: FetchText, url: string, accept: string): Promise<FetchedDocument> {
  const doc = await fetchText(url, { accept });
  if (doc.status < 200 || doc.status >= 400) {
    throw new FetchError('http_status', `HTTP ${doc.status} from ${url}`, { status: doc.status });
  }
  return doc;
}

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
