import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Translate } from '../../i18n/use-translation.ts';
import { placeServerErrors } from './server-errors.ts';

/** Where a form keeps its banner: a root error, which the next submit clears. */
export const BANNER = 'root.server';

/**
 * The `onError` of a form's mutation: the API's field errors go onto the form's own fields, and
 * the rest (a network failure, a 403, a 5xx, a refusal naming no field) becomes the form's banner,
 * read back with `bannerOf`. The values stay as typed, so the form can be sent again.
 */
export function submitFailure<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  t: Translate,
  fallback: string,
): (error: unknown) => void {
  return (error) => {
    const fields = Object.keys(form.getValues()) as Path<T>[];
    const banner = placeServerErrors(error, fields, form.setError, t, fallback);
    if (banner) form.setError(BANNER, { type: 'server', message: banner });
  };
}

/** The banner text a failed submit left, if any. */
export function bannerOf<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState'>,
): string | undefined {
  return form.formState.errors.root?.server?.message;
}
