import { describe, expect, it } from 'vitest';
import { TARGET_FORM_DEFAULTS, validateTargetCreate, validateTargetUpdate } from './target-form.ts';

const errors = (result: { ok: boolean; errors?: { field: string; message: string }[] }) =>
  (result.errors ?? []).map((e) => [e.field, e.message]);

describe('crawl-target form', () => {
  it('requires a vendor and a valid URL with the spec messages', () => {
    expect(errors(validateTargetCreate(TARGET_FORM_DEFAULTS))).toEqual([
      ['vendor_id', 'validation.vendor_id_required'],
      ['url', 'validation.url_invalid'],
    ]);
    expect(
      errors(validateTargetCreate({ ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'ftp://x.mx' })),
    ).toEqual([['url', 'validation.url_invalid']]);
  });

  it('sends the defaults: daily, priority 5, active, 3D printing', () => {
    const result = validateTargetCreate({ ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'https://a.mx/p' });
    expect(result.ok && result.body).toEqual({
      vendor_id: 'v',
      url: 'https://a.mx/p',
      category: 'additive_manufacturing',
      frequency_hours: 24,
      priority: 5,
      active: true,
    });
  });

  it('checks the priority range and the minimum frequency', () => {
    const base = { ...TARGET_FORM_DEFAULTS, vendor_id: 'v', url: 'https://a.mx' };
    expect(errors(validateTargetCreate({ ...base, priority: '11' }))).toEqual([
      ['priority', 'validation.priority_range'],
    ]);
    expect(errors(validateTargetCreate({ ...base, priority: '' }))).toEqual([
      ['priority', 'validation.priority_range'],
    ]);
    expect(errors(validateTargetCreate({ ...base, frequency_hours: '0' }))).toEqual([
      ['frequency_hours', 'validation.frequency_min'],
    ]);
  });

  it('leaves the vendor out of an edit', () => {
    const result = validateTargetUpdate({
      ...TARGET_FORM_DEFAULTS,
      vendor_id: 'v',
      url: 'https://a.mx',
      active: false,
    });
    expect(result.ok && result.body).not.toHaveProperty('vendor_id');
    expect(result.ok && result.body.active).toBe(false);
  });
});
