import { renderText, type MessageKey, type MessageValues } from './catalogue.ts';
import { currentLocale, languageStore } from './language-store.ts';

/** `t` for code outside React (toasts raised by the API client, error logging): the active
 * language at the moment of the call. */
export function translate(key: MessageKey, values: MessageValues = {}): string {
  return renderText(languageStore.get(), key, values, currentLocale());
}
