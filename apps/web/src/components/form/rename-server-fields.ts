import { ApiError } from '../../lib/api-error.ts';

/** A failed call's error with its field errors renamed to the form's fields, for a form whose fields
 * are not named as the body's (a rate's 'rates.COP' shows under the units); `rename` returns null to
 * keep a name. Anything else comes back as it was, for `placeServerErrors`. */
export function renameServerFields(error: unknown, rename: (field: string) => string | null): unknown {
  if (!(error instanceof ApiError) || !error.errors.some((e) => rename(e.field) !== null)) return error;
  const errors = error.errors.map((e) => ({ ...e, field: rename(e.field) ?? e.field }));
  return new ApiError(error.status, error.detail, errors, { cause: error });
}
