import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '@preciofab/shared/catalogue';
import { toast } from '../lib/toast-store.ts';
import { renderText, type MessageKey, type MessageValues } from './catalogue.ts';
import { LOCALES, languageStore, setLanguage as switchLanguage } from './language-store.ts';
import { translate } from './translate.ts';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** Switches the language once its texts are loaded; when they cannot be (offline), says so in
 * the language still shown. */
function setLanguage(language: Language): void {
  switchLanguage(language).catch(() => toast.error(translate('errors.network')));
}

/** The active language and its `t`. Every component re-renders when the language changes, once
 * the new language's texts are there (language-store.ts). */
export function useTranslation() {
  const language = useSyncExternalStore(languageStore.subscribe, languageStore.get);
  const locale = LOCALES[language];
  const t = useCallback<Translate>(
    (key, values = {}) => renderText(language, key, values, locale),
    [language, locale],
  );
  const toggleLanguage = useCallback(() => setLanguage(language === 'es' ? 'en' : 'es'), [language]);
  return { t, language, locale, setLanguage, toggleLanguage };
}
