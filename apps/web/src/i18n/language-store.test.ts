import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing/memory-storage.ts';
import { loadCatalogues, lookupMessage } from './catalogue.ts';
import {
  LANGUAGE_STORAGE_KEY,
  LEGACY_LANGUAGE_KEY,
  languageStore,
  parseLanguage,
  pendingLanguageStore,
  readStoredLanguage,
  setLanguage,
} from './language-store.ts';

describe('readStoredLanguage', () => {
  it('defaults to Spanish', () => {
    expect(readStoredLanguage(memoryStorage())).toBe('es');
  });

  it('reads the current key', () => {
    expect(readStoredLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en' }))).toBe('en');
  });

  it('migrates the legacy key once and removes it', () => {
    const storage = memoryStorage({ [LEGACY_LANGUAGE_KEY]: 'en' });
    expect(readStoredLanguage(storage)).toBe('en');
    expect(storage.dump()).toEqual({ [LANGUAGE_STORAGE_KEY]: 'en' });
  });

  it('prefers the current key over a leftover legacy one', () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'es', [LEGACY_LANGUAGE_KEY]: 'en' });
    expect(readStoredLanguage(storage)).toBe('es');
    expect(storage.dump()).toEqual({ [LANGUAGE_STORAGE_KEY]: 'es' });
  });

  it('drops an unreadable legacy value', () => {
    const storage = memoryStorage({ [LEGACY_LANGUAGE_KEY]: 'fr' });
    expect(readStoredLanguage(storage)).toBe('es');
    expect(storage.dump()).toEqual({});
  });
});

describe('parseLanguage', () => {
  it.each([
    ['es', 'es'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['ES-mx', 'es'],
    ['fr', null],
    [null, null],
  ] as const)('%s → %s', (value, expected) => {
    expect(parseLanguage(value)).toBe(expected);
  });
});

describe('setLanguage', () => {
  it('switches once the texts are there, at once when they already are; the latest call wins', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', { documentElement: { lang: 'es-MX' } });
    try {
      await loadCatalogues('es', ['boot']);
      expect(languageStore.get()).toBe('es');

      // English is not loaded: the screens stay Spanish until it is; the choice is kept at once.
      const toEnglish = setLanguage('en');
      expect(languageStore.get()).toBe('es');
      expect(pendingLanguageStore.get()).toBe('en');
      expect(storage.dump()).toEqual({ [LANGUAGE_STORAGE_KEY]: 'en' });
      expect(document.documentElement.lang).toBe('es-MX');
      await toEnglish;
      expect(languageStore.get()).toBe('en');
      expect(pendingLanguageStore.get()).toBeNull();
      expect(lookupMessage('en', 'login.title')).toBe('Sign in to PrecioFab');
      expect(document.documentElement.lang).toBe('en-US');

      // Loaded languages switch at once.
      void setLanguage('es');
      expect(languageStore.get()).toBe('es');

      // The signed-in texts are asked for: a switch to English waits for them too, and going
      // back to Spanish meanwhile (already there) is not undone when they arrive.
      await loadCatalogues('es', ['signed-in']);
      const slowEnglish = setLanguage('en');
      expect(languageStore.get()).toBe('es');
      void setLanguage('es');
      await slowEnglish;
      expect(languageStore.get()).toBe('es');
      expect(pendingLanguageStore.get()).toBeNull();
      expect(storage.dump()).toEqual({ [LANGUAGE_STORAGE_KEY]: 'es' });
      expect(lookupMessage('en', 'prices.title')).toBe('Prices');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
