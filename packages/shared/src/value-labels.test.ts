import { describe, expect, it } from 'vitest';
import { CATEGORY_CATALOGUE, MATERIALS, TECHNOLOGIES } from './catalogue.ts';
import { findValueLabel, foldValue, valueLabel } from './value-labels.ts';

describe('value labels', () => {
  it('name every subcategory, material and technology of the catalogue in both languages', () => {
    const groups = {
      subcategory: Object.values(CATEGORY_CATALOGUE).flatMap((c) => c.subcategories),
      material: [...Object.values(CATEGORY_CATALOGUE).flatMap((c) => c.materials), ...MATERIALS],
      technology: [...TECHNOLOGIES],
    } as const;
    for (const [group, values] of Object.entries(groups)) {
      for (const value of values) {
        for (const lang of ['es', 'en'] as const) {
          expect(
            findValueLabel(lang, group as keyof typeof groups, value),
            `${lang} ${group} ${value}`,
          ).not.toBeNull();
        }
      }
    }
  });

  it('read stored values whatever their case, and keep unknown ones as written', () => {
    expect(foldValue(' CO2 Laser ')).toBe('co2_laser');
    expect(valueLabel('es', 'subcategory', 'Milling')).toBe('Fresado');
    expect(valueLabel('es', 'subcategory', 'Filaments')).toBe('Filamentos');
    expect(valueLabel('es', 'material', 'Aluminum')).toBe('Aluminio');
    expect(valueLabel('es', 'material', 'acrylic')).toBe('Acrílico');
    expect(valueLabel('es', 'technology', 'laser')).toBe('Láser');
    expect(valueLabel('en', 'technology', 'laser')).toBe('Laser');
    expect(valueLabel('es', 'region', 'Mexico')).toBe('México');
    expect(valueLabel('es', 'unit', 'cm3')).toBe('cm³');
    expect(valueLabel('es', 'subcategory', 'Corte por agua')).toBe('Corte por agua');
    expect(valueLabel('es', 'material', '')).toBe('');
  });
});
