import type { z } from 'zod';
import type { FieldError } from './errors.ts';

/** Turns zod issues into field errors whose `message` is a catalogue key. Schemas carry their
 * spec §5 message keys; anything else gets a generic key by issue code. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          field: join(prefix, [...path, key]),
          message: 'validation.unknown_field',
          code: issue.code,
          values: { field: key },
        });
      }
      continue;
    }
    const message = issue.message.startsWith('validation.') ? issue.message : genericKey(issue);
    out.push({ field: join(prefix, path), message, code: issue.code, values: issueValues(issue) });
  }
  return out;
}

function join(prefix: string, path: string[]): string {
  return [prefix, ...path].filter(Boolean).join('.');
}

function genericKey(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'validation.required' : 'validation.invalid_type';
    case 'too_small':
      return 'validation.too_small';
    case 'too_big':
      return 'validation.too_big';
    case 'invalid_value':
      return 'validation.invalid_option';
    case 'invalid_format':
      return 'validation.invalid_format';
    default:
      return 'validation.invalid';
  }
}

/** Interpolation values a generic message needs (minimum, maximum, options). */
export function issueValues(issue: z.core.$ZodIssue): Record<string, string | number> {
  if (issue.code === 'too_small') return { minimum: String(issue.minimum) };
  if (issue.code === 'too_big') return { maximum: String(issue.maximum) };
  if (issue.code === 'invalid_value') return { options: issue.values.map(String).join(', ') };
  return {};
}
