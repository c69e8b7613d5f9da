import { describe, expect, it } from 'vitest';
import { createToastStore, REMOVE_DELAY_MS, TOAST_LIMIT } from './toast-store.ts';

/** A hand-driven clock: timers fire only when the test advances time. */
function fakeClock() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && timers.has(id)) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
  };
}

describe('toast store (spec §4)', () => {
  it('uses 3 s for success, 6 s for error, 4 s by default and keeps loading until dismissed', () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    store.show('success', 'saved');
    store.show('error', 'failed');
    store.show('blank', 'note');
    store.show('loading', 'working');
    const visible = () =>
      store
        .getToasts()
        .filter((t) => t.visible)
        .map((t) => t.message);

    clock.advance(2999);
    expect(visible()).toEqual(['working', 'note', 'failed', 'saved']);
    clock.advance(1);
    expect(visible()).toEqual(['working', 'note', 'failed']);
    clock.advance(1000);
    expect(visible()).toEqual(['working', 'failed']);
    clock.advance(2000);
    expect(visible()).toEqual(['working']);
    clock.advance(60_000);
    expect(visible()).toEqual(['working']);
  });

  it('keeps a dismissed toast for the 1 s removal delay, then drops it', () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    const id = store.show('blank', 'bye');
    store.dismiss(id);
    expect(store.getToasts()).toHaveLength(1);
    expect(store.getToasts()[0]?.visible).toBe(false);
    clock.advance(REMOVE_DELAY_MS - 1);
    expect(store.getToasts()).toHaveLength(1);
    clock.advance(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('shows at most 20, dropping the oldest', () => {
    const store = createToastStore(fakeClock());
    for (let i = 1; i <= 25; i++) store.show('blank', `n${i}`);
    const messages = store.getToasts().map((t) => t.message);
    expect(messages).toHaveLength(TOAST_LIMIT);
    expect(messages[0]).toBe('n25');
    expect(messages.at(-1)).toBe('n6');
  });

  it('suppresses a duplicate success within 3 s and a duplicate error within 6 s, not after', () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    const first = store.show('success', 'Saved');
    expect(store.show('success', 'Saved')).toBe(first);
    store.show('error', 'Boom');
    store.show('error', 'Boom');
    expect(store.getToasts()).toHaveLength(2);
    // The same text of another type is not a duplicate.
    store.show('blank', 'Saved');
    expect(store.getToasts()).toHaveLength(3);
    clock.advance(3000 + REMOVE_DELAY_MS);
    expect(store.show('success', 'Saved')).not.toBe(first);
    clock.advance(2000);
    store.show('error', 'Boom');
    expect(store.getToasts().filter((t) => t.message === 'Boom' && t.visible)).toHaveLength(1);
  });

  it('updates a toast in place by id (loading becomes success) and pauses on hover', () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    const id = store.show('loading', 'Exporting');
    store.show('success', 'Exported', { id });
    expect(store.getToasts()).toMatchObject([{ id, type: 'success', message: 'Exported' }]);
    store.pause();
    clock.advance(10_000);
    expect(store.getToasts()[0]?.visible).toBe(true);
    store.resume();
    clock.advance(3000);
    expect(store.getToasts()[0]?.visible).toBe(false);
  });

  it('holds every toast, and one shown meanwhile, while the toaster is hovered', () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    store.show('success', 'Saved');
    store.show('error', 'Boom');
    store.pause();
    store.show('blank', 'Later');
    clock.advance(60_000);
    expect(store.getToasts().filter((t) => t.visible)).toHaveLength(3);
    store.resume();
    clock.advance(3000);
    expect(
      store
        .getToasts()
        .filter((t) => t.visible)
        .map((t) => t.message),
    ).toEqual(['Later', 'Boom']);
    clock.advance(3000);
    expect(store.getToasts().filter((t) => t.visible)).toHaveLength(0);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore(fakeClock());
    const seen: number[] = [];
    const stop = store.subscribe((toasts) => seen.push(toasts.length));
    store.show('blank', 'a');
    store.remove();
    stop();
    store.show('blank', 'b');
    expect(seen).toEqual([1, 0]);
  });
});
