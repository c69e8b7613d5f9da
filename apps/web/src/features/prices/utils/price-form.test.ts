import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryDefaults, initialPriceForm, priceFormSchema } from './price-form.ts';

const VENDOR = '0b6f1c9e-2f4a-4c7e-9a57-3f1d2c4b5a69';
const messages = (result: ReturnType<typeof priceFormSchema.safeParse>) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('add-price form', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the spec §4 defaults', () => {
    const form = initialPriceForm();
    expect(form).toMatchObject({
      category: 'additive_manufacturing',
      subcategory: 'FDM',
      unit: 'cm3',
      currency: 'MXN',
      price: '0',
      material: 'PLA',
      vendor_id: '',
    });
    expect(initialPriceForm('v-1').vendor_id).toBe('v-1');
  });

  it("takes a category's first subcategory, unit and material, blank when it has none", () => {
    expect(categoryDefaults('cnc_machining')).toEqual({
      subcategory: 'Milling',
      unit: 'hour',
      material: 'Aluminum',
    });
    expect(categoryDefaults('laser_cutting')).toEqual({
      subcategory: 'CO2 Laser',
      unit: 'minute',
      material: 'Acrylic',
    });
    expect(categoryDefaults('materials')).toEqual({ subcategory: 'Filaments', unit: 'kg', material: '' });
  });

  it('judges the typed text with the shared contract', () => {
    const result = priceFormSchema.safeParse({
      ...initialPriceForm(),
      price: '',
      minimum_order: '1.5',
      lead_time_days: '',
    });
    expect(messages(result)).toEqual([
      'vendor_id:validation.vendor_required',
      'service_name:validation.service_name_required',
      'price:validation.price_positive',
      'minimum_order:validation.integer_min_zero',
    ]);
  });

  it("refuses a date before the reader's today, beside the other errors", () => {
    // 11:00 UTC: the contract's earliest day (at UTC−12) is still May 9, while from UTC−11 to
    // UTC+12 the reader's today is May 10.
    vi.useFakeTimers({ now: new Date('2026-05-10T11:00:00Z'), toFake: ['Date'] });
    const form = { ...initialPriceForm(VENDOR), service_name: 'Corte', price: '10' };
    expect(priceFormSchema.safeParse({ ...form, valid_until: '2026-05-10' }).success).toBe(true);
    expect(messages(priceFormSchema.safeParse({ ...form, valid_until: '2026-05-09' }))).toEqual([
      'valid_until:validation.valid_until_past',
    ]);
    expect(
      messages(priceFormSchema.safeParse({ ...form, service_name: ' ', valid_until: '2026-05-09' })),
    ).toEqual(['service_name:validation.service_name_required', 'valid_until:validation.valid_until_past']);
  });

  it('gives the body the contract expects', () => {
    const parsed = priceFormSchema.parse({
      ...initialPriceForm(VENDOR),
      service_name: ' Impresión FDM ',
      price: '2.5',
      lead_time_days: '3',
    });
    expect(parsed).toMatchObject({
      vendor_id: VENDOR,
      service_name: 'Impresión FDM',
      price: 2.5,
      unit: 'cm3',
      lead_time_days: 3,
      minimum_order: null,
      valid_until: null,
    });
  });
});
