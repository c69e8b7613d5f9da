import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { provideTexts } from '../i18n/catalogue.ts';
import { languageStore } from '../i18n/language-store.ts';
import { toastStore } from '../lib/toast-store.ts';
import { CATALOGUES } from './catalogues.ts';

// The console fetches its texts by need (i18n/catalogue.ts); a component test has every text of
// both languages from the start, so a screen and a language switch render at once.
for (const language of ['es', 'en'] as const)
  provideTexts(language, ['boot', 'signed-in'], CATALOGUES[language]);

// Testing Library unmounts by itself only when the runner exposes globals; vitest's are off here.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  languageStore.set('es');
  toastStore.remove();
});
