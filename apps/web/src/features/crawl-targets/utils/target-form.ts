import { z } from 'zod';
import type { Category } from '@preciofab/shared/catalogue';
import {
  targetCreateBody,
  targetPreviewBody,
  targetUpdateBody,
  vendorIdField,
  type Target,
  type TargetCreate,
  type TargetPreviewInput,
  type TargetUpdate,
} from '@preciofab/shared/contracts/targets';

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

function toCreateBody(values: TargetFormValues): z.input<typeof targetCreateBody> {
  return {
    ...values,
    frequency_hours: toNumber(values.frequency_hours),
    priority: toNumber(values.priority),
    currency: toCurrency(values.currency),
  };
}

/** An edit sends everything but the vendor, which a target keeps. */
function toUpdateBody(values: TargetFormValues): z.input<typeof targetUpdateBody> {
  const { vendor_id: _vendor, ...changes } = toCreateBody(values);
  return changes;
}

/** The form asks for a vendor by name: a blank choice says 'Please select a vendor'. The API
 * itself keeps 'Vendor ID is required', which names the field an API client sends. */
const pickedVendor = z.string().trim().min(1, 'validation.vendor_required').pipe(vendorIdField);

/** What the form's submit checks (spec §5 messages from the shared contract) and sends: a new
 * target with its vendor picked from the list, a new target with the vendor id typed (when the
 * list could not load), or an edit. */
export type TargetFormSchema = z.ZodType<TargetCreate | TargetUpdate, TargetFormValues>;

export const targetCreateForm: TargetFormSchema = z
  .custom<TargetFormValues>()
  .transform(toCreateBody)
  .pipe(targetCreateBody.extend({ vendor_id: pickedVendor }));

export const targetCreateByIdForm: TargetFormSchema = z
  .custom<TargetFormValues>()
  .transform(toCreateBody)
  .pipe(targetCreateBody);

export const targetUpdateForm: TargetFormSchema = z
  .custom<TargetFormValues>()
  .transform(toUpdateBody)
  .pipe(targetUpdateBody);

/** What the Test button sends: the page, and the settings that change how it is read; null when
 * the URL or the currency is wrong (the form's own check says which). */
export function targetPreviewOf(values: TargetFormValues): TargetPreviewInput | null {
  const parsed = targetPreviewBody.safeParse({
    url: values.url,
    category: values.category,
    currency: toCurrency(values.currency),
  });
  return parsed.success ? parsed.data : null;
}
