import type { KeyValueStorage } from '../lib/storage.ts';

/** A Map-backed stand-in for localStorage in node tests. */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { dump: () => Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  };
}
