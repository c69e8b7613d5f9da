import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { languageStore } from '../i18n/language-store.ts';
import { toastStore } from '../lib/toast-store.ts';

// Testing Library unmounts by itself only when the runner exposes globals; vitest's are off here.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  languageStore.set('es');
  toastStore.remove();
});
