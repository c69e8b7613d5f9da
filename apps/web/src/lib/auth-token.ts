import { useSyncExternalStore } from 'react';
import { createStore } from './create-store.ts';
import { browserStorage } from './storage.ts';

export const AUTH_TOKEN_KEY = 'preciofab.auth_token';

type SessionEnd = 'logout' | 'expired';

const tokenStore = createStore<string | null>(() => browserStorage.getItem(AUTH_TOKEN_KEY));
let lastSessionEnd: SessionEnd | null = null;

export function getAuthToken(): string | null {
  return tokenStore.get();
}

export function setAuthToken(token: string): void {
  lastSessionEnd = null;
  browserStorage.setItem(AUTH_TOKEN_KEY, token);
  tokenStore.set(token);
}

/** Forgets the token; the route guard then sends the user to /login. */
export function clearAuthToken(reason: SessionEnd): void {
  lastSessionEnd = reason;
  browserStorage.removeItem(AUTH_TOKEN_KEY);
  tokenStore.set(null);
}

/** Whether the last session ended because the server rejected the token (spec §8, 401). */
export function sessionExpired(): boolean {
  return lastSessionEnd === 'expired';
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = tokenStore.subscribe(listener);
  // Signing out in another tab signs out here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) tokenStore.set(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, tokenStore.get);
}
