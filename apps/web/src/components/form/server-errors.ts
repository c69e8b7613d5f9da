import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Translate } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-error.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';

/** The form field an error's path names: "config.sitemap_url" itself when the form has that
 * nested field, else the field that holds it ("capabilities.0" belongs to capabilities). */
const fieldOf = <T extends FieldValues>(path: string, fields: readonly Path<T>[]): Path<T> | undefined =>
  fields.find((name) => name === path) ?? fields.find((name) => path.startsWith(`${name}.`));

/**
 * Puts a failed submit's field errors (already in the reader's language: the server answers in
 * the request's) on the form's own fields, and returns what the form's banner should say for the
 * rest: nothing when every error found its field; the spec §8 text for a network failure (so an
 * offline submit says so and can be sent again), a 403 or a 5xx; otherwise `fallback`.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  t: Translate,
  fallback: string,
): string | null {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status === 403 || error.status >= 500) {
    return describeApiError(error, t);
  }
  let placed = false;
  for (const fieldError of error.errors) {
    const field = fieldOf(fieldError.field, fields);
    if (!field) continue;
    setError(field, { type: 'server', message: fieldError.message });
    placed = true;
  }
  return placed ? null : error.detail || fallback;
}
