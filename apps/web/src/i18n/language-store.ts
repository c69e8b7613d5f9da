import { LANGUAGES, type Language } from '@preciofab/shared/catalogue';
import { createStore } from '../lib/create-store.ts';
import { browserStorage, type KeyValueStorage } from '../lib/storage.ts';
import { cataloguesReady, loadCatalogues } from './catalogue.ts';

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

/** The language being switched to while its texts load, else null: what a language picker shows
 * as chosen meanwhile (the screens keep the language shown until the texts are there). */
export const pendingLanguageStore = createStore<Language | null>(() => null);

function showLanguage(language: Language): void {
  pendingLanguageStore.set(null);
  languageStore.set(language);
  document.documentElement.lang = LOCALES[language];
}

/**
 * Switches the console to `language` once its texts are there: at once when they are, else after
 * fetching them (catalogue.ts), so the screens re-render once, with the new texts, never with keys.
 * The choice is remembered at once (a reload meanwhile comes back in it); the latest call wins over
 * one still loading. Rejects when the texts cannot be fetched (offline): the language stays, and
 * so does the remembered one.
 */
export function setLanguage(language: Language): Promise<void> {
  pendingLanguageStore.set(language);
  browserStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (cataloguesReady(language)) {
    showLanguage(language);
    return Promise.resolve();
  }
  return loadCatalogues(language).then(
    () => {
      if (pendingLanguageStore.get() === language) showLanguage(language);
    },
    (error: unknown) => {
      if (pendingLanguageStore.get() === language) {
        pendingLanguageStore.set(null);
        browserStorage.setItem(LANGUAGE_STORAGE_KEY, languageStore.get());
      }
      throw error;
    },
  );
}

/** The locale of the active language, for Intl and the Accept-Language header. */
export function currentLocale(): string {
  return LOCALES[languageStore.get()];
}
