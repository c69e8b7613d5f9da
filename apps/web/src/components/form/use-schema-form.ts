import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { Language } from '@preciofab/shared/catalogue';
import { translate } from '@preciofab/shared/i18n/messages';
import { genericIssueKey, issueValues } from '@preciofab/shared/validation';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The zod resolver, with every message said in the reader's language: a schema's own spec §5
 * key is translated, and zod's generic issues get the catalogue's generic texts (never zod's
 * English). */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  language: Language,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema, {
    // Called only for issues the schema gave no message of its own.
    error: (issue) => {
      const known = issue as z.core.$ZodIssue;
      return translate(language, genericIssueKey(known), issueValues(known));
    },
  }) as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    sayKeys(result.errors, language);
    return result;
  };
}

/** Translates the catalogue keys a schema carries (`validation.name_required`) in place, nested
 * fields included. */
function sayKeys(errors: FieldErrors, language: Language): void {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    // A leaf has a type (and a ref to its input: never walk into it); anything else nests fields.
    if (!('type' in value)) {
      sayKeys(value as FieldErrors, language);
      continue;
    }
    const error = value as { message?: unknown };
    if (typeof error.message === 'string' && error.message.startsWith('validation.')) {
      error.message = translate(language, error.message);
    }
  }
}

/**
 * A react-hook-form form over a shared zod schema (house style 14): values, touched state, field
 * errors and reset come from the library. Validation runs on submit, then again as the user
 * corrects a field; a language switch re-says the errors already shown.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  const { language } = useTranslation();
  const resolver = useMemo(() => schemaResolver(schema, language), [schema, language]);
  const form = useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
  });
  const { isSubmitted } = form.formState;
  useEffect(() => {
    if (!isSubmitted) return;
    const shown = Object.keys(form.formState.errors).filter((name) => name !== 'root');
    if (shown.length > 0) void form.trigger(shown as Path<Input>[]);
    // Only a language change re-validates here; typing does so through reValidateMode.
  }, [language]);
  return form;
}
