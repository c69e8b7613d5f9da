/** A tiny observable value for state that lives outside React (token, theme, language) and is
 * read with useSyncExternalStore. The first read is lazy so importing it never touches the DOM. */
export type Store<T> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: () => T): Store<T> {
  let loaded = false;
  let value: T;
  const listeners = new Set<() => void>();
  return {
    get() {
      if (!loaded) {
        value = initial();
        loaded = true;
      }
      return value;
    },
    set(next) {
      const changed = !loaded || !Object.is(value, next);
      value = next;
      loaded = true;
      if (changed) for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
