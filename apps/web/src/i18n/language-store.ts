import { LANGUAGES, type Language } from '@preciofab/shared/catalogue';
import { createStore } from '../lib/create-store.ts';
import { browserStorage, type KeyValueStorage } from '../lib/storage.ts';

export const LANGUAGE_STORAGE_KEY = 'preciofab.language';
/** Where an earlier version of the console kept the language ('es' or 'en'). */
export const LEGACY_LANGUAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'es';
export const LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-US' };

export function parseLanguage(value: string | null): Language | null {
  if (value === null) return null;
  const tag = value.trim().slice(0, 2).toLowerCase();
  return LANGUAGES.find((language) => language === tag) ?? null;
}

/** Reads the stored language, moving a legacy `language` entry to the current key once. */
export function readStoredLanguage(storage: KeyValueStorage): Language {
  const stored = parseLanguage(storage.getItem(LANGUAGE_STORAGE_KEY));
  const legacy = storage.getItem(LEGACY_LANGUAGE_KEY);
  if (legacy === null) return stored ?? DEFAULT_LANGUAGE;
  storage.removeItem(LEGACY_LANGUAGE_KEY);
  if (stored) return stored;
  const migrated = parseLanguage(legacy);
  if (!migrated) return DEFAULT_LANGUAGE;
  storage.setItem(LANGUAGE_STORAGE_KEY, migrated);
  return migrated;
}

export const languageStore = createStore<Language>(() => readStoredLanguage(browserStorage));

export function setLanguage(language: Language): void {
  browserStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  languageStore.set(language);
  document.documentElement.lang = LOCALES[language];
}

/** The locale of the active language, for Intl and the Accept-Language header. */
export function currentLocale(): string {
  return LOCALES[languageStore.get()];
}
