import { useCallback, useSyncExternalStore } from 'react';
import { renderText, type MessageKey, type MessageValues } from './catalogue.ts';
import { LOCALES, languageStore, setLanguage } from './language-store.ts';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The active language and its `t`. Every component re-renders when the language changes. */
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
