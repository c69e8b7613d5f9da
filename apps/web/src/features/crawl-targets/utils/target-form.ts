import type { z } from 'zod';
import type { Category } from '@preciofab/shared/catalogue';
import {
  targetCreateBody,
  targetPreviewBody,
  targetUpdateBody,
  type Target,
  type TargetCreate,
  type TargetPreviewInput,
  type TargetUpdate,
} from '@preciofab/shared/contracts/targets';
import type { FieldError } from '@preciofab/shared/errors';
import { toFieldErrors } from '@preciofab/shared/validation';

/** What the setup form holds; numbers stay text while typed. */
export type TargetFormValues = {
  vendor_id: string;
  url: string;
  category: Category;
  frequency_hours: string;
  priority: string;
  active: boolean;
  /** An ISO 4217 code, or '' for "decide from the page". */
  currency: string;
};

/** Spec §4 crawl-target form defaults: daily, priority 5, active, 3D printing. */
export const TARGET_FORM_DEFAULTS: TargetFormValues = {
  vendor_id: '',
  url: '',
  category: 'additive_manufacturing',
  frequency_hours: '24',
  priority: '5',
  active: true,
  currency: '',
};

export function targetToFormValues(target: Target): TargetFormValues {
  return {
    vendor_id: target.vendor_id,
    url: target.url,
    category: target.category,
    frequency_hours: String(target.frequency_hours),
    priority: String(target.priority),
    active: target.active,
    currency: target.currency ?? '',
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const toCurrency = (text: string) => (text === '' ? null : text);

type Result<T> = { ok: true; body: T } | { ok: false; errors: FieldError[] };

/** One message per field, in the order of the form. */
function firstPerField(errors: FieldError[]): FieldError[] {
  return errors.filter((error, i) => errors.findIndex((e) => e.field === error.field) === i);
}

function toResult<T>(parsed: z.ZodSafeParseResult<T>): Result<T> {
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: firstPerField(toFieldErrors(parsed.error.issues)) };
}

/** Validates a new target with the shared contract (spec §5 messages). */
export function validateTargetCreate(values: TargetFormValues): Result<TargetCreate> {
  return toResult(
    targetCreateBody.safeParse({
      ...values,
      frequency_hours: toNumber(values.frequency_hours),
      priority: toNumber(values.priority),
      currency: toCurrency(values.currency),
    }),
  );
}

/** Validates an edit: everything but the vendor, which a target keeps. */
export function validateTargetUpdate(values: TargetFormValues): Result<TargetUpdate> {
  return toResult(
    targetUpdateBody.safeParse({
      url: values.url,
      category: values.category,
      frequency_hours: toNumber(values.frequency_hours),
      priority: toNumber(values.priority),
      active: values.active,
      currency: toCurrency(values.currency),
    }),
  );
}

/** What the Test button sends: the page, and the settings that change how it is read. */
export function validateTargetPreview(values: TargetFormValues): Result<TargetPreviewInput> {
  return toResult(
    targetPreviewBody.safeParse({
      url: values.url,
      category: values.category,
      currency: toCurrency(values.currency),
    }),
  );
}
