import { createStore } from './create-store.ts';
import { browserStorage } from './storage.ts';

export const THEME_STORAGE_KEY = 'preciofab.theme';
export const THEMES = ['auto', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEMES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseTheme(value: string | null): ThemePreference {
  return THEMES.find((theme) => theme === value) ?? 'auto';
}

/** The header button cycles auto → light → dark → auto. */
export function nextTheme(theme: ThemePreference): ThemePreference {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'auto';
}

export const themeStore = createStore<ThemePreference>(() =>
  parseTheme(browserStorage.getItem(THEME_STORAGE_KEY)),
);

/** Puts the resolved colours on <html>; public/theme-init.js does the same before first paint. */
export function applyTheme(theme: ThemePreference): void {
  const dark = theme === 'dark' || (theme === 'auto' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function setTheme(theme: ThemePreference): void {
  browserStorage.setItem(THEME_STORAGE_KEY, theme);
  themeStore.set(theme);
  applyTheme(theme);
}

/** Follows the system setting while the preference is auto. Returns the unsubscribe. */
export function watchSystemTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (themeStore.get() === 'auto') applyTheme('auto');
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
