import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('createBatcher', () => {
  it('writes what arrives while a batch is being written in the next batch, results in order', async () => {
    const batches: number[][] = [];
    const writer = createBatcher(
      async (items: readonly number[]) => {
        batches.push([...items]);
        await tick();
        return items.map((n) => n * 10);
      },
      { maxItems: 4 },
    );
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => writer.submit(n)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    // The first item goes alone (nothing was waiting); the others waited for it.
    expect(batches).toEqual([[1], [2, 3, 4, 5], [6, 7]]);
  });

  it('with one writer at a time, an item submitted alone is written alone', async () => {
    const batches: number[][] = [];
    const writer = createBatcher(async (items: readonly number[]) => {
      batches.push([...items]);
      return items;
    });
    expect(await writer.submit(1)).toBe(1);
    expect(await writer.submit(2)).toBe(2);
    expect(batches).toEqual([[1], [2]]);
  });

  it('when a batch fails, writes its items one by one: only the bad one fails, with its own error', async () => {
    const stored: number[] = [];
    const writer = createBatcher(async (items: readonly number[]) => {
      await tick();
      if (items.includes(3)) throw new Error(`refused ${items.join(',')}`);
      stored.push(...items);
      return items;
    });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((n) => writer.submit(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new Error('refused 3'));
    expect(stored.sort()).toEqual([1, 2, 4]);
  });

  it('keeps up to `lanes` batches in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const writer = createBatcher(
      async (items: readonly number[]) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await tick();
        inFlight--;
        return items;
      },
      { lanes: 2, maxItems: 1 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.submit(n)));
    expect(most).toBe(2);
  });

  it('refuses a store that answers a different number of results', async () => {
    const broken = createBatcher(async () => [] as number[]);
    await expect(broken.submit(1)).rejects.toThrow(/0 results for 1 items/);
  });
});
