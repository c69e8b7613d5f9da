import type { PageToStore, StoredPage } from './page-store.ts';

type StorePages = (pages: readonly PageToStore[]) => Promise<Map<string, StoredPage>>;

type Waiting = {
  page: PageToStore;
  resolve: (stored: StoredPage | null) => void;
  reject: (error: unknown) => void;
};

export type BatchWriterOptions = {
  /** Most pages in one transaction. */
  maxPages?: number;
  /** Transactions in flight at once: 1 on PGlite (one connection), more on PostgreSQL. */
  lanes?: number;
};

/**
 * Group commit for a run's lanes: a page read while batches are being stored waits and goes into
 * the next one, so under load each transaction carries many pages and with one lane it carries one.
 * When a batch fails, its pages are stored one by one, so one bad page fails alone. `submit`
 * resolves with what storing the page did, or null when another worker had already stored it for
 * this run.
 */
export function createPageBatchWriter(store: StorePages, options: BatchWriterOptions = {}) {
  const maxPages = options.maxPages ?? 40;
  const lanes = options.lanes ?? 1;
  const queue: Waiting[] = [];
  let flushing = 0;

  const settle = (batch: readonly Waiting[], stored: Map<string, StoredPage>) => {
    for (const w of batch) w.resolve(stored.get(w.page.target.id) ?? null);
  };

  async function storeBatch(batch: readonly Waiting[]): Promise<void> {
    try {
      settle(batch, await store(batch.map((w) => w.page)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const w of batch) {
        try {
          settle([w], await store([w.page]));
        } catch (single) {
          w.reject(single);
        }
      }
    }
  }

  async function flush(): Promise<void> {
    flushing++;
    try {
      while (queue.length > 0) await storeBatch(queue.splice(0, maxPages));
    } finally {
      flushing--;
    }
  }

  return {
    submit(page: PageToStore): Promise<StoredPage | null> {
      return new Promise((resolve, reject) => {
        queue.push({ page, resolve, reject });
        if (flushing < lanes) void flush();
      });
    },
  };
}
