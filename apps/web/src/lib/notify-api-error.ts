import type { MessageKey } from '../i18n/catalogue.ts';
import { translate } from '../i18n/translate.ts';
import { ApiError } from './api-error.ts';
import { toast } from './toast-store.ts';

export type ApiErrorNotice = { key: MessageKey } | { text: string } | null;

/** Spec §8, call level: what the toast says for a failed call, or null when it stays silent (404,
 * a cancelled request, and 401: the API client toasts the end of a session itself, and a 401
 * without a session is a wrong password that the login form shows). The server's detail is
 * already in the user's language. */
export function apiErrorNotice(error: unknown): ApiErrorNotice {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof ApiError) || error.isNetworkError) return { key: 'errors.network' };
  if (error.status === 401) return null;
  if (error.status === 403) return { key: 'errors.forbidden' };
  if (error.status === 404) return null;
  if (error.status >= 500) return error.detail ? { text: error.detail } : { key: 'errors.server' };
  return error.detail ? { text: error.detail } : { key: 'errors.request' };
}

/** Shows the call-level toast for a failed call (duplicates are suppressed by the toast store,
 * so ten queries failing at once give one toast). */
export function notifyApiError(error: unknown): void {
  const notice = apiErrorNotice(error);
  if (!notice) return;
  toast.error('key' in notice ? translate(notice.key) : notice.text);
}
