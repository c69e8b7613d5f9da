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
    const message = issueMessageKey(issue);
    out.push({ field: join(prefix, path), message, code: issue.code, values: issueValues(issue) });
  }
  return out;
}

function join(prefix: string, path: string[]): string {
  return [prefix, ...path].filter(Boolean).join('.');
}

/** The catalogue key an issue is said with: the schema's own spec §5 key, or a generic one. */
export function issueMessageKey(issue: z.core.$ZodIssue): string {
  return issue.message.startsWith('validation.') ? issue.message : genericIssueKey(issue);
}

/** The generic catalogue key for an issue the schema gave no key of its own. */
export function genericIssueKey(issue: Pick<z.core.$ZodIssue, 'code' | 'input'>): string {
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

/** C0 control characters other than tab, line feed and carriage return, and DEL: nothing a person
 * types, and NUL is refused by PostgreSQL's text type (it would be a 500). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Most strings a request's value is searched for control characters in; a request with more is
 * refused by its size limit long before. */
const MAX_VISITED = 200_000;

/**
 * The fields of a request's body or query holding a control character, as field errors
 * (`rows.3.name`), so every endpoint refuses them with a 400 naming the field before any schema or
 * query sees them. Walks the value without recursion (a deeply nested body cannot overflow the
 * stack); keys are checked as well as values.
 */
export function controlCharacterErrors(value: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const stack: [unknown, string][] = [[value, prefix]];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_VISITED && errors.length < 20) {
    const [v, path] = stack.pop()!;
    visited++;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) errors.push({ field: path, message: 'validation.control_characters' });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (CONTROL.test(k)) errors.push({ field: at, message: 'validation.control_characters' });
        else stack.push([item, at]);
      }
    }
  }
  return errors;
}
