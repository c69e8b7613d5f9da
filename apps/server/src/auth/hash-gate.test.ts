import { describe, expect, it } from 'vitest';
import { createHashGate, HashGateFull } from './hash-gate.ts';

/** Work that ends when the test says so, recording how many run at once. */
function workbench() {
  let running = 0;
  let peak = 0;
  const pending: Array<() => void> = [];
  const work = () =>
    new Promise<number>((resolve) => {
      running += 1;
      peak = Math.max(peak, running);
      pending.push(() => {
        running -= 1;
        resolve(running);
      });
    });
  const settle = async () => {
    await new Promise((r) => setImmediate(r));
    pending.splice(0).forEach((done) => done());
    await new Promise((r) => setImmediate(r));
  };
  return { work, settle, peak: () => peak };
}

describe('hash gate', () => {
  it('runs at most `concurrency` at once and the rest in arrival order', async () => {
    const gate = createHashGate({ concurrency: 2, maxWaiting: 10, maxWaitingPerKey: 10 });
    const bench = workbench();
    const order: number[] = [];
    const all = Array.from({ length: 6 }, (_, i) =>
      gate.run('a', async () => {
        order.push(i);
        return bench.work();
      }),
    );
    expect(gate.stats()).toEqual({ running: 2, waiting: 4 });
    for (let i = 0; i < 3; i++) await bench.settle();
    await Promise.all(all);
    expect(bench.peak()).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('turns one address away once it has its share of the line, others still queue', async () => {
    const gate = createHashGate({ concurrency: 1, maxWaiting: 10, maxWaitingPerKey: 2 });
    const bench = workbench();
    const first = gate.run('attacker', bench.work);
    const queued = [gate.run('attacker', bench.work), gate.run('attacker', bench.work)];
    await expect(gate.run('attacker', bench.work)).rejects.toEqual(new HashGateFull('key'));
    const owner = gate.run('owner', bench.work);
    for (let i = 0; i < 4; i++) await bench.settle();
    await Promise.all([first, ...queued, owner]);
  });

  it('turns everyone away once the whole line is full, and frees the slot of work that fails', async () => {
    const gate = createHashGate({ concurrency: 1, maxWaiting: 2, maxWaitingPerKey: 5 });
    const bench = workbench();
    const failing = gate.run('a', () => Promise.reject(new Error('boom')));
    const queued = [gate.run('b', bench.work), gate.run('c', bench.work)];
    await expect(gate.run('d', bench.work)).rejects.toBeInstanceOf(HashGateFull);
    await expect(failing).rejects.toThrow('boom');
    for (let i = 0; i < 3; i++) await bench.settle();
    await Promise.all(queued);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
