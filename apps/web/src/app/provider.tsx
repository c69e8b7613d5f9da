import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { languageStore } from '../i18n/language-store.ts';
import { applyTheme, themeStore, watchSystemTheme } from '../lib/theme-store.ts';
import { createQueryClient } from './query-client.ts';

/** Server texts (activity, details) come in the request's language: fetch again on a switch. */
function useRefetchOnLanguageChange(queryClient: QueryClient): void {
  useEffect(() => languageStore.subscribe(() => void queryClient.invalidateQueries()), [queryClient]);
}

function useThemeSync(): void {
  useEffect(() => {
    applyTheme(themeStore.get());
    return watchSystemTheme();
  }, []);
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useRefetchOnLanguageChange(queryClient);
  useThemeSync();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
