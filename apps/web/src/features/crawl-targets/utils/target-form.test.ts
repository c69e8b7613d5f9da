import { describe, expect, it } from 'vitest';
import {
  TARGET_FORM_DEFAULTS,
  targetCreateByIdForm,
  targetCreateForm,
  targetPreviewOf,
  targetToFormValues,
  targetUpdateForm,
  type TargetFormSchema,
  type TargetFormValues,
} from './target-form.ts';

type Result = { ok: true; body: ReturnType<TargetFormSchema['parse']> } | { ok: false; errors: string[][] };
/** The body a form sends, or its errors (field and message key), the first of each field. */
function judge(schema: TargetFormSchema, values: TargetFormValues): Result {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors = parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  return { ok: false, errors: errors.filter(([field], i) => errors.findIndex(([f]) => f === field) === i) };
}
const judgeCreate = (values: TargetFormValues) => judge(targetCreateForm, values);
const judgeUpdate = (values: TargetFormValues) => judge(targetUpdateForm, values);
const errors = (result: Result) => (result.ok ? [] : result.errors);

describe('crawl-target form', () => {
  it('asks to select a vendor, and for a valid URL, with the spec messages', () => {
    expect(errors(judgeCreate(TARGET_FORM_DEFAULTS))).toEqual([
      ['vendor_id', 'validation.vendor_required'],
      ['url', 'validation.url_invalid'],
    ]);
    // With the vendor id typed (the list could not load), the field is named as the API names it.
    expect(errors(judge(targetCreateByIdForm, TARGET_FORM_DEFAULTS))).toEqual([
      ['vendor_id', 'validation.vendor_id_required'],
      ['url', 'validation.url_invalid'],
    ]);
    expect(errors(judgeCreate({ ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'ftp://x.mx' }))).toEqual([
      ['url', 'validation.url_invalid'],
    ]);
  });

  it('sends the defaults: daily, priority 5, active, 3D printing', () => {
    const result = judgeCreate({ ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'https://a.mx/p' });
    expect(result.ok && result.body).toEqual({
      vendor_id: 'v',
      url: 'https://a.mx/p',
      category: 'additive_manufacturing',
      frequency_hours: 24,
      priority: 5,
      active: true,
      currency: null,
    });
  });

  it('checks the priority range and the minimum frequency', () => {
    const base = { ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'https://a.mx' };
    expect(errors(judgeCreate({ ...base, priority: '11' }))).toEqual([
      ['priority', 'validation.priority_range'],
    ]);
    expect(errors(judgeCreate({ ...base, priority: '' }))).toEqual([
      ['priority', 'validation.priority_range'],
    ]);
    expect(errors(judgeCreate({ ...base, frequency_hours: '0' }))).toEqual([
      ['frequency_hours', 'validation.frequency_min'],
    ]);
  });

  it('leaves the vendor out of an edit', () => {
    const result = judgeUpdate({
      ...TARGET_FORM_DEFAULTS,
      vendor_id: 'v',
      url: 'https://a.mx',
      active: false,
    });
    expect(result.ok && result.body).not.toHaveProperty('vendor_id');
    expect(result.ok && result.body.active).toBe(false);
  });

  it('takes an ISO currency, "decide from the page" as null, and refuses anything else', () => {
    const base = { ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'https://tienda.example.com/' };
    const created = judgeCreate({ ...base, currency: 'USD' });
    expect(created.ok && created.body.currency).toBe('USD');
    const cleared = judgeUpdate({ ...base, currency: '' });
    expect(cleared.ok && cleared.body).toHaveProperty('currency', null);
    for (const currency of ['usd', 'XYZ', 'US', 'MXNX']) {
      expect(errors(judgeCreate({ ...base, currency })), currency).toEqual([
        ['currency', 'validation.currency_invalid'],
      ]);
      expect(errors(judgeUpdate({ ...base, currency })), currency).toEqual([
        ['currency', 'validation.currency_invalid'],
      ]);
    }
  });

  it("shows a target's currency, or the empty choice when the page decides", () => {
    const target = {
      id: 't',
      vendor_id: 'v',
      vendor_name: 'Taller',
      domain: 'tienda.example.com',
      url: 'https://tienda.example.com/',
      category: 'materials',
      priority: 5,
      frequency_hours: 24,
      crawl_frequency_days: 1,
      last_crawled_at: null,
      next_crawl_at: null,
      active: true,
      last_status: null,
      last_error: null,
      last_error_code: 'currency_uncertain',
      currency: 'COP',
      consecutive_failures: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    } as const;
    expect(targetToFormValues(target).currency).toBe('COP');
    expect(targetToFormValues({ ...target, currency: null }).currency).toBe('');
  });

  it('tests the URL with the category and currency it would be crawled with', () => {
    const values = { ...TARGET_FORM_DEFAULTS, url: ' https://tienda.example.com/precios ', currency: 'USD' };
    // No vendor is needed to test a page.
    expect(targetPreviewOf(values)).toEqual({
      url: 'https://tienda.example.com/precios',
      category: 'additive_manufacturing',
      currency: 'USD',
    });
    expect(targetPreviewOf({ ...values, url: 'tienda' })).toBeNull();
    expect(targetPreviewOf({ ...values, currency: 'usd' })).toBeNull();
  });
});
