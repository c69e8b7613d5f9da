import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '@preciofab/shared/ts-worker';
import type { HomePageInput, HomePageReading, LinkPageInput, LinkPageReading } from '../page-reading.ts';
import type { SitemapFileInput, SitemapFileReading, SitemapLimits } from '../sitemap-reader.ts';
import type { ReaderRequest, ReaderResponse, ReaderResult } from './discovery-wire.ts';

/** The thread did not answer in time and was ended. */
export class ReaderTimeoutError extends Error {
  constructor(ms: number) {
    super(`reading took longer than ${Math.round(ms)} ms`);
    this.name = 'ReaderTimeoutError';
  }
}

/** What a discovery run parses, read in a worker thread. */
export type DiscoveryReader = {
  /** One sitemap file, read up to its limits (the thread stops itself at the deadline and answers
   * with what it found; it is ended if it has not `graceMs` later). */
  sitemap(input: SitemapFileInput, limits: SitemapLimits): Promise<SitemapFileReading>;
  /** A candidate's home page; rejects with a ReaderTimeoutError past the page time or `deadline`. */
  homePage(input: HomePageInput, deadline?: number): Promise<HomePageReading>;
  /** A directory or profile page's outbound links (and next page). */
  linkPage(input: LinkPageInput, deadline?: number): Promise<LinkPageReading>;
  close(): Promise<void>;
};

export type DiscoveryReaderOptions = {
  /** Time one page may take in the thread. Default 5 s. */
  pageTimeMs?: number;
  graceMs?: number;
  /** Heap the thread may grow to; past it the thread ends and what it was reading fails. */
  maxHeapMb?: number;
};

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = {
  resolve: (result: ReaderResult) => void;
  reject: (error: Error) => void;
  /** Time the request may take once the thread starts it. */
  allowMs: () => number;
  timer: NodeJS.Timeout | null;
  /** Kept to send it again to a new thread when the one it waited on had to be ended. */
  message: ReaderRequest;
};

/**
 * A discovery run's thread: sitemaps are inflated and scanned, and pages parsed and scored, off
 * the thread that answers HTTP (a 20 MB sitemap parsed with cheerio there held it for seconds). The
 * thread starts on first use, keeps the process alive only while it has work, and is started again
 * when it dies or overruns (what it was reading fails; what was queued behind goes to a new one).
 * One per run: `close` ends it, and the memory it used goes with it.
 */
export function createDiscoveryReader(options: DiscoveryReaderOptions = {}): DiscoveryReader {
  const pageTimeMs = options.pageTimeMs ?? 5000;
  const graceMs = options.graceMs ?? 1000;
  const maxHeapMb = options.maxHeapMb ?? 512;
  let worker: Worker | null = null;
  let closed = false;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  /** The thread died (out of memory, a crash): what it was reading fails; what was queued behind
   * goes to a new one. When it died before reading anything (it could not start), all fail. */
  const crashed = (from: Worker, error: Error) => {
    if (worker !== from) return;
    worker = null;
    const reading = [...pending].filter(([, p]) => p.timer !== null);
    for (const [id, p] of reading.length > 0 ? reading : [...pending]) {
      if (p.timer) clearTimeout(p.timer);
      pending.delete(id);
      p.reject(error);
    }
    if (pending.size > 0 && !closed) {
      const next = thread();
      next.ref();
      for (const q of pending.values()) next.postMessage(q.message);
    }
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const started = startTsWorker(new URL('./discovery-thread.ts', import.meta.url), null, {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    started.on('message', (r: ReaderResponse) => {
      const p = pending.get(r.id);
      if (!p) return;
      if ('started' in r) {
        const allowed = Math.max(0, p.allowMs());
        p.timer = setTimeout(() => {
          if (worker !== started) return;
          worker = null;
          pending.delete(r.id);
          p.reject(new ReaderTimeoutError(allowed));
          void started.terminate();
          const queued = [...pending.values()];
          if (queued.length > 0) {
            const next = thread();
            next.ref();
            for (const q of queued) next.postMessage(q.message);
          }
        }, allowed);
        return;
      }
      pending.delete(r.id);
      if (p.timer) clearTimeout(p.timer);
      if (pending.size === 0) started.unref();
      if ('error' in r) p.reject(new Error(r.error));
      else p.resolve(r.result);
    });
    const stopped = (why: string) => crashed(started, new Error(`the discovery thread stopped: ${why}`));
    started.on('error', (error) => stopped(error.message));
    started.on('exit', (code) => stopped(`exit code ${code}`));
    worker = started;
    return started;
  };

  const send = <T extends ReaderResult>(
    request: WithoutId<ReaderRequest>,
    allowMs: () => number,
  ): Promise<T> => {
    if (closed) return Promise.reject(new Error('the discovery reader is closed'));
    const w = thread();
    const id = nextId++;
    const message = { ...request, id } as ReaderRequest;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, {
        resolve: resolve as (r: ReaderResult) => void,
        reject,
        allowMs,
        timer: null,
        message,
      });
      w.ref();
      w.postMessage(message);
    });
  };

  const pageAllowance = (deadline?: number) => () =>
    deadline === undefined ? pageTimeMs : Math.min(pageTimeMs, deadline - Date.now());

  return {
    sitemap: (input, limits) =>
      send({ op: 'sitemap', input, limits }, () => limits.deadline - Date.now() + graceMs),
    homePage: (input, deadline) => send({ op: 'home_page', input }, pageAllowance(deadline)),
    linkPage: (input, deadline) => send({ op: 'link_page', input }, pageAllowance(deadline)),
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      for (const p of pending.values()) {
        if (p.timer) clearTimeout(p.timer);
        p.reject(new Error('the discovery reader is closed'));
      }
      pending.clear();
      if (w) await w.terminate();
    },
  };
}
