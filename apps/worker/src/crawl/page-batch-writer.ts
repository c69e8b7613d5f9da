import { createBatcher, type BatcherOptions } from '@preciofab/db/batcher';
import type { PageToStore, StoredPage } from './page-store.ts';

type StorePages = (pages: readonly PageToStore[]) => Promise<Map<string, StoredPage>>;

export type BatchWriterOptions = {
  /** Most pages in one transaction. */
  maxPages?: number;
  /** Transactions in flight at once: 1 on PGlite (one connection), more on PostgreSQL. */
  lanes?: BatcherOptions['lanes'];
};

/**
 * Group commit for a run's lanes (`createBatcher`): a page read while batches are being stored
 * waits and goes into the next one, so under load each transaction carries many pages and with one
 * lane it carries one. When a batch fails, its pages are stored one by one, so one bad page fails
 * alone. `submit` resolves with what storing the page did, or null when another worker had already
 * stored it for this run.
 */
export function createPageBatchWriter(store: StorePages, options: BatchWriterOptions = {}) {
  const batcher = createBatcher(
    async (pages: readonly PageToStore[]) => {
      const stored = await store(pages);
      return pages.map((p) => stored.get(p.target.id) ?? null);
    },
    { maxItems: options.maxPages ?? 40, lanes: options.lanes ?? 1 },
  );
  return { submit: (page: PageToStore): Promise<StoredPage | null> => batcher.submit(page) };
}
