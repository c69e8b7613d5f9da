import type { Translate } from '../i18n/use-translation.ts';
import { ApiError } from './api-error.ts';

/** The spec §8 call-level message for a failed call. */
export function describeApiError(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return t('errors.network');
  if (error.status === 401) return t('errors.session_expired');
  if (error.status === 403) return t('errors.forbidden');
  if (error.status >= 500) return error.detail || t('errors.server');
  return error.detail || t('errors.request');
}
