export type BatcherOptions = {
  /** Most items in one transaction. */
  maxItems?: number;
  /** Transactions in flight at once: 1 on PGlite (one connection), more on PostgreSQL. */
  lanes?: number;
};

type Waiting<I, O> = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };

/**
 * Batching of concurrent requests to the database. For writes it is group commit: an item submitted
 * while a transaction is being written waits and goes into the next one, so under load each
 * transaction carries many items (the statement triggers, the commit and the round trips are paid
 * once for all of them), and with one writer at a time it carries one. For reads, concurrent
 * lookups share one statement. `store` handles a batch and returns one result per item, in order.
 * When a batch fails, its items are handled one by one, so one bad item fails alone with its own
 * error.
 */
export function createBatcher<I, O>(
  store: (items: readonly I[]) => Promise<readonly O[]>,
  options: BatcherOptions = {},
) {
  const maxItems = options.maxItems ?? 40;
  const lanes = options.lanes ?? 1;
  const queue: Waiting<I, O>[] = [];
  let flushing = 0;

  const settle = async (batch: readonly Waiting<I, O>[]) => {
    const out = await store(batch.map((w) => w.item));
    if (out.length !== batch.length)
      throw new Error(`batcher: ${out.length} results for ${batch.length} items`);
    batch.forEach((w, i) => w.resolve(out[i]!));
  };

  async function storeBatch(batch: readonly Waiting<I, O>[]): Promise<void> {
    try {
      await settle(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const w of batch) {
        try {
          await settle([w]);
        } catch (single) {
          w.reject(single);
        }
      }
    }
  }

  async function flush(): Promise<void> {
    flushing++;
    try {
      while (queue.length > 0) await storeBatch(queue.splice(0, maxItems));
    } finally {
      flushing--;
    }
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (flushing < lanes) void flush();
      });
    },
    /** Items waiting for a transaction (not those being written). */
    get waiting(): number {
      return queue.length;
    },
  };
}
