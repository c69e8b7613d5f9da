import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '@preciofab/shared/ts-worker';
import { DEFAULT_EXTRACT_BUDGET_MS, ExtractionError } from '../deadline.ts';
import type { ExtractPageInput } from '../extract-page.ts';
import type { ExtractRequest, ExtractResponse, HtmlReading } from './extract-wire.ts';

export type { HtmlReading } from './extract-wire.ts';

export type HtmlExtractor = {
  /** The offers of an HTML page and, when asked and it has none, whether it needs rendering.
   * Rejects with an ExtractionError when the page fails (its time budget, a bug). */
  read(input: ExtractPageInput & { html: string }, checkRendering: boolean): Promise<HtmlReading>;
  /** Starts the thread and reads a small page, so the first crawl does not wait for the thread to
   * load and compile the extractors. */
  warm(): Promise<void>;
  close(): Promise<void>;
};

type Pending = {
  resolve: (r: HtmlReading) => void;
  reject: (e: Error) => void;
  budget: number;
  timer: NodeJS.Timeout | null;
  /** Kept to send the page again to a new thread when the one it waited on had to be ended. */
  message: ExtractRequest;
};

export type HtmlExtractorOptions = {
  /** Time one page may take (`CRAWLER_EXTRACT_TIMEOUT_MS`); the page's own checks stop it, and
   * the thread is ended and started again if it has not answered `graceMs` later. */
  budgetMs?: number;
  graceMs?: number;
};

/**
 * Extraction in a worker thread: parsing a page and reading its offers is the crawler's heaviest
 * CPU work, and on the main thread it would delay HTTP answers and every database round trip. The
 * thread starts on first use (or `warm`), keeps the process alive only while a page is being read,
 * and is started again if it dies or overruns a page's budget (the pages it was reading fail with
 * a clear error; the next page gets a fresh thread).
 */
export function createHtmlExtractor(options: HtmlExtractorOptions = {}): HtmlExtractor {
  const budgetMs = options.budgetMs ?? DEFAULT_EXTRACT_BUDGET_MS;
  const graceMs = options.graceMs ?? 1000;
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (from: Worker, error: Error) => {
    if (worker !== from) return;
    worker = null;
    for (const p of pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const started = startTsWorker(new URL('./extract-thread.ts', import.meta.url), null);
    started.on('message', (r: ExtractResponse) => {
      const p = pending.get(r.id);
      if (!p) return;
      if ('started' in r) {
        // A page that never looks at its deadline (a pathological regex) is ended from outside,
        // counting from when the thread took it up: pages queued behind it, and the thread's own
        // start, are not charged to it.
        p.timer = setTimeout(() => {
          // Only this page overran: it fails; the pages queued behind it go to a new thread.
          if (worker !== started) return;
          worker = null;
          pending.delete(r.id);
          p.reject(new ExtractionError('extraction_timeout', `extraction took longer than ${p.budget} ms`));
          void started.terminate();
          const queued = [...pending.values()];
          if (queued.length > 0) {
            const next = thread();
            next.ref();
            for (const q of queued) next.postMessage(q.message);
          }
        }, p.budget + graceMs);
        return;
      }
      pending.delete(r.id);
      if (p.timer) clearTimeout(p.timer);
      if (pending.size === 0) started.unref();
      if ('error' in r) p.reject(new ExtractionError(r.code, r.error));
      else p.resolve(r);
    });
    started.on('error', (error) =>
      failAll(
        started,
        new ExtractionError('extraction_failed', `the extraction thread failed: ${error.message}`),
      ),
    );
    started.on('exit', (code) =>
      failAll(
        started,
        new ExtractionError('extraction_failed', `the extraction thread stopped (exit code ${code})`),
      ),
    );
    worker = started;
    return started;
  };

  const extractor: HtmlExtractor = {
    read(input, checkRendering) {
      const w = thread();
      const id = nextId++;
      const budget = input.budgetMs ?? budgetMs;
      return new Promise<HtmlReading>((resolve, reject) => {
        const message: ExtractRequest = { id, input: { ...input, budgetMs: budget }, checkRendering };
        pending.set(id, { resolve, reject, budget, timer: null, message });
        w.ref();
        w.postMessage(message);
      });
    },
    async warm() {
      await extractor.read({ html: WARM_UP_PAGE, url: 'https://warm-up.invalid/' }, true);
    },
    async close() {
      const w = worker;
      worker = null;
      for (const p of pending.values()) if (p.timer) clearTimeout(p.timer);
      if (w) await w.terminate();
    },
  };
  return extractor;
}

const WARM_UP_PAGE =
  '<html><body><table><tr><td>Impresión 3D FDM en PLA</td><td>$2.50 MXN por cm³ más IVA</td></tr>' +
  '<tr><td>Corte láser de acrílico</td><td>USD 1.20 per minute</td></tr></table></body></html>';
