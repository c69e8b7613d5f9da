import { describe, expect, it } from 'vitest';
import type { TargetToCrawl } from '@preciofab/db/repositories/targets.repository';
import { createPageBatchWriter } from './page-batch-writer.ts';
import type { PageToStore, StoredPage } from './page-store.ts';
import type { PageReading } from './target-crawler.ts';

const page = (id: string): PageToStore => ({
  target: { id } as TargetToCrawl,
  reading: { pages: 1, offers: [], rendered: false } as unknown as PageReading,
});

describe('page batch writer (group commit)', () => {
  it('stores pages submitted while a batch is written together in the next batch', async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const store = async (pages: readonly PageToStore[]) => {
      batches.push(pages.map((p) => p.target.id));
      // The first batch is slow, so the next pages queue behind it.
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(
        pages.map((p): [string, StoredPage] => [p.target.id, { observations: 1, unchanged: 0 }]),
      );
    };
    const writer = createPageBatchWriter(store, { maxPages: 3 });
    const first = writer.submit(page('a'));
    const rest = ['b', 'c', 'd', 'e'].map((id) => writer.submit(page(id)));
    release();
    expect(await first).toEqual({ observations: 1, unchanged: 0 });
    expect(await Promise.all(rest)).toHaveLength(4);
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('retries a failed batch page by page, so one bad page fails alone', async () => {
    const calls: string[][] = [];
    let hold: Promise<void> | null = new Promise<void>((resolve) => setTimeout(resolve, 20));
    const store = async (pages: readonly PageToStore[]) => {
      calls.push(pages.map((p) => p.target.id));
      if (hold) {
        const h = hold;
        hold = null;
        await h;
      }
      if (pages.some((p) => p.target.id === 'bad')) throw new Error('vendor deleted');
      return new Map(
        pages.map((p): [string, StoredPage] => [p.target.id, { observations: 2, unchanged: 0 }]),
      );
    };
    const writer = createPageBatchWriter(store);
    const first = writer.submit(page('x'));
    const results = await Promise.allSettled(['ok1', 'bad', 'ok2'].map((id) => writer.submit(page(id))));
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([['x'], ['ok1', 'bad', 'ok2'], ['ok1'], ['bad'], ['ok2']]);
  });

  it('answers null for a page another worker had already stored for the run', async () => {
    const writer = createPageBatchWriter(async () => new Map());
    expect(await writer.submit(page('done-elsewhere'))).toBeNull();
  });
});
