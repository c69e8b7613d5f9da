import { interpolate, lookupMessage, type MessageKey, type MessageValues } from './catalogue.ts';
import { currentLocale, languageStore } from './language-store.ts';

/** `t` for code outside React (toasts raised by the API client, error logging): the active
 * language at the moment of the call. */
export function translate(key: MessageKey, values: MessageValues = {}): string {
  return interpolate(lookupMessage(languageStore.get(), key) ?? key, values, currentLocale());
}
