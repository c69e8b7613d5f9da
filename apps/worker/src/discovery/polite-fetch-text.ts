import type { PoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import type { FetchText } from './fetch-port.ts';

/**
 * The collectors' port over the worker's polite fetcher: the address guard, robots.txt, the
 * per-host pause, retries, the time and size limits all apply to every discovery request. An error
 * status, a refusal or a network failure throws (a FetchError naming the URL).
 */
export function politeFetchText(fetcher: PoliteFetcher): FetchText {
  return async (url, opts) => {
    const page = await fetcher.fetch(url, opts?.accept ? { accept: opts.accept } : {});
    return {
      finalUrl: page.finalUrl,
      status: page.status,
      contentType: page.contentType,
      bytes: page.bytes,
      text: page.text,
    };
  };
}
