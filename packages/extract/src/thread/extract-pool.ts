import type { Worker } from 'node:worker_threads';
import type { ExtractPageInput } from '../extract-page.ts';
import { startTsWorker } from '@preciofab/shared/ts-worker';
import type { ExtractRequest, ExtractResponse, HtmlReading } from './extract-wire.ts';

export type HtmlExtractor = {
  /** The offers of an HTML page and, when asked and it has none, whether it needs rendering. */
  read(input: ExtractPageInput & { html: string }, checkRendering: boolean): Promise<HtmlReading>;
  /** Starts the thread and reads a small page, so the first crawl does not wait for the thread to
   * load and compile the extractors. */
  warm(): Promise<void>;
  close(): Promise<void>;
};

type Pending = { resolve: (r: HtmlReading) => void; reject: (e: Error) => void };

/**
 * Extraction in a worker thread: parsing a page and reading its offers is the crawler's heaviest
 * CPU work, and on the main thread it would delay HTTP answers and every database round trip. The
 * thread starts on first use (or `warm`), keeps the process alive only while a page is being read,
 * and is started again if it dies (the pages it was reading fail with a clear error).
 */
export function createHtmlExtractor(): HtmlExtractor {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const thread = (): Worker => {
    if (worker) return worker;
    const started = startTsWorker(new URL('./extract-thread.ts', import.meta.url), null);
    const failAll = (error: Error) => {
      if (worker === started) worker = null;
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    started.on('message', (r: ExtractResponse) => {
      const p = pending.get(r.id);
      if (!p) return;
      pending.delete(r.id);
      if (pending.size === 0) started.unref();
      if ('error' in r) p.reject(new Error(`extraction failed: ${r.error}`));
      else p.resolve({ offers: r.offers, needsRendering: r.needsRendering });
    });
    started.on('error', (error) => failAll(new Error(`the extraction thread failed: ${error.message}`)));
    started.on('exit', (code) => failAll(new Error(`the extraction thread stopped (exit code ${code})`)));
    worker = started;
    return started;
  };

  const extractor: HtmlExtractor = {
    read(input, checkRendering) {
      const w = thread();
      const id = nextId++;
      return new Promise<HtmlReading>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, input, checkRendering } satisfies ExtractRequest);
      });
    },
    async warm() {
      await extractor.read({ html: WARM_UP_PAGE, url: 'https://warm-up.invalid/' }, true);
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
  return extractor;
}

const WARM_UP_PAGE =
  '<html><body><table><tr><td>Impresión 3D FDM en PLA</td><td>$2.50 MXN por cm³ más IVA</td></tr>' +
  '<tr><td>Corte láser de acrílico</td><td>USD 1.20 per minute</td></tr></table></body></html>';
