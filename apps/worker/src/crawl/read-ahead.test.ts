import { describe, expect, it } from 'vitest';
import { readAhead, type ReadPage } from './read-ahead.ts';

/** Pages whose storage settles only when the test says so. */
function pagesOf(bytes: number) {
  const reads: number[] = [];
  const stores: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let reading = 0;
  let mostReading = 0;
  const read = async (item: number): Promise<ReadPage> => {
    reading += 1;
    mostReading = Math.max(mostReading, reading);
    await new Promise((resolve) => setTimeout(resolve, 1));
    reading -= 1;
    reads.push(item);
    const stored = new Promise<void>((resolve, reject) => stores.push({ resolve, reject }));
    return { stored, bytes };
  };
  return { read, reads, stores, mostReading: () => mostReading };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
const items = Array.from({ length: 10 }, (_, i) => i);

describe('readAhead', () => {
  it('reads ahead of storage up to the page limit, then as stores settle', async () => {
    const p = pagesOf(10);
    const run = readAhead(items, { workers: 2, pages: 4, bytes: 1e9 }, p.read);
    await tick();
    expect(p.reads).toHaveLength(4); // nothing stored yet: four pages wait
    expect(p.mostReading()).toBe(2);
    p.stores[0]!.resolve();
    await tick();
    expect(p.reads).toHaveLength(5);
    for (let i = 0; i < 10; i++) {
      p.stores[i]?.resolve();
      await tick();
    }
    await run;
    expect(p.reads.sort((a, b) => a - b)).toEqual(items);
  });

  it('stops reading while the pages waiting hold the byte limit', async () => {
    const p = pagesOf(40);
    const run = readAhead(items, { workers: 2, pages: 100, bytes: 100 }, p.read);
    await tick();
    // Two lanes may each start a read before the total passes 100: at most one page over.
    expect(p.reads.length).toBeGreaterThanOrEqual(3);
    expect(p.reads.length).toBeLessThanOrEqual(4);
    const before = p.reads.length;
    await tick();
    expect(p.reads).toHaveLength(before);
    for (let i = 0; i < 10; i++) {
      p.stores[i]?.resolve();
      await tick();
    }
    await run;
    expect(p.reads).toHaveLength(10);
  });

  it('never stalls on a page larger than the byte limit', async () => {
    const p = pagesOf(1000);
    const run = readAhead(items, { workers: 3, pages: 30, bytes: 100 }, p.read);
    for (let i = 0; i < 10; i++) {
      await tick();
      p.stores[i]?.resolve();
    }
    await run;
    expect(p.reads).toHaveLength(10);
  });

  it('stops reading at the first storage failure and throws it once the stores in flight settle', async () => {
    const p = pagesOf(1);
    let finished = false;
    const run = readAhead(items, { workers: 1, pages: 2, bytes: 1e9 }, p.read).finally(() => {
      finished = true;
    });
    await tick();
    expect(p.reads).toEqual([0, 1]);
    p.stores[0]!.reject(new Error('database gone'));
    await tick();
    expect(p.reads).toEqual([0, 1]); // no read after the failure
    expect(finished).toBe(false); // page 1 is still being stored
    p.stores[1]!.resolve();
    await expect(run).rejects.toThrow('database gone');
  });
});
