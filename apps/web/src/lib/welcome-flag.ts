import { createStore } from './create-store.ts';
import { browserStorage } from './storage.ts';

/** Spec §2: the dashboard's welcome card shows until it is dismissed once; dismissal sets this
 * locally stored visited flag. /welcome-debug shows and resets it. */
export const VISITED_STORAGE_KEY = 'preciofab.visited';

export const visitedStore = createStore<boolean>(
  () => browserStorage.getItem(VISITED_STORAGE_KEY) === 'true',
);

export function markVisited(): void {
  browserStorage.setItem(VISITED_STORAGE_KEY, 'true');
  visitedStore.set(true);
}

export function resetVisited(): void {
  browserStorage.removeItem(VISITED_STORAGE_KEY);
  visitedStore.set(false);
}
