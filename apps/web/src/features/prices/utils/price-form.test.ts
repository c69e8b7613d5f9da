import { priceCreateBody } from '@preciofab/shared/contracts/prices';
import { describe, expect, it } from 'vitest';
import { categoryDefaults, initialPriceForm, priceFormReducer, toPricePayload } from './price-form.ts';

describe('add-price form state', () => {
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

  it('resets subcategory, unit and material when the category changes', () => {
    const edited = priceFormReducer(initialPriceForm(), { type: 'set', field: 'unit', value: 'hour' });
    const cnc = priceFormReducer(edited, { type: 'category', category: 'cnc_machining' });
    expect(cnc).toMatchObject({
      category: 'cnc_machining',
      subcategory: 'Milling',
      unit: 'hour',
      material: 'Aluminum',
    });
    const laser = priceFormReducer(cnc, { type: 'category', category: 'laser_cutting' });
    expect(laser).toMatchObject({ subcategory: 'CO2 Laser', unit: 'minute', material: 'Acrylic' });
  });

  it('leaves the material blank for a category without materials', () => {
    expect(categoryDefaults('materials')).toEqual({ subcategory: 'Filaments', unit: 'kg', material: '' });
  });

  it('keeps the other fields when the category changes, and re-picking it changes nothing', () => {
    let form = priceFormReducer(initialPriceForm(), { type: 'set', field: 'service_name', value: 'Corte' });
    form = priceFormReducer(form, { type: 'set', field: 'subcategory', value: 'SLA' });
    expect(priceFormReducer(form, { type: 'category', category: 'additive_manufacturing' })).toBe(form);
    expect(priceFormReducer(form, { type: 'category', category: 'materials' }).service_name).toBe('Corte');
  });

  it('resets to the defaults, keeping a preset vendor', () => {
    const form = priceFormReducer(initialPriceForm('v'), { type: 'set', field: 'price', value: '12' });
    expect(priceFormReducer(form, { type: 'reset', vendorId: 'v' })).toEqual(initialPriceForm('v'));
  });

  it('turns the typed text into a payload the shared contract judges', () => {
    const payload = toPricePayload({
      ...initialPriceForm(),
      price: '',
      minimum_order: '1.5',
      lead_time_days: '',
    });
    expect(Number.isNaN(payload.price)).toBe(true);
    expect(payload.lead_time_days).toBeNull();
    const result = priceCreateBody.safeParse(payload);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'vendor_id:validation.vendor_required',
        'service_name:validation.service_name_required',
        'price:validation.price_positive',
        'minimum_order:validation.integer_min_zero',
      ]),
    );
  });

  it('sends a valid form as the contract expects it', () => {
    const form = {
      ...initialPriceForm('0b6f1c9e-2f4a-4c7e-9a57-3f1d2c4b5a69'),
      service_name: ' Impresión FDM ',
      price: '2.5',
      lead_time_days: '3',
    };
    const parsed = priceCreateBody.parse(toPricePayload(form));
    expect(parsed).toMatchObject({
      service_name: 'Impresión FDM',
      price: 2.5,
      unit: 'cm3',
      lead_time_days: 3,
    });
    expect(parsed.minimum_order).toBeNull();
  });
});
