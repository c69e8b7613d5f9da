import { useSyncExternalStore } from 'react';
import { nextTheme, setTheme, themeStore } from './theme-store.ts';

export function useTheme() {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  return { theme, next: nextTheme(theme), cycleTheme: () => setTheme(nextTheme(theme)) };
}
