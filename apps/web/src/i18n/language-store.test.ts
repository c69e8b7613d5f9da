import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/memory-storage.ts';
import {
  LANGUAGE_STORAGE_KEY,
  LEGACY_LANGUAGE_KEY,
  parseLanguage,
  readStoredLanguage,
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
