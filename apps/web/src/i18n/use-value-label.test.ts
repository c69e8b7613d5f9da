import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_CATALOGUE, TECHNOLOGIES, UNITS, VENDOR_TYPES } from '@preciofab/shared/catalogue';
import { loadCatalogues } from './catalogue.ts';
import { valueText } from './use-value-label.ts';

describe('valueText', () => {
  // The screens that name values are signed-in ones: their texts, in both languages.
  beforeAll(async () => {
    await loadCatalogues('es', ['boot', 'signed-in']);
    await loadCatalogues('en');
  });

  it('names every value of the add-price form in both languages, never as stored', () => {
    for (const language of ['es', 'en'] as const) {
      for (const entry of Object.values(CATEGORY_CATALOGUE)) {
        for (const value of entry.subcategories)
          expect(valueText(language, 'subcategory', value)).toBeTruthy();
        for (const unit of entry.units) expect(valueText(language, 'unit', unit)).not.toMatch(/^(cm3|m2)$/);
      }
    }
    const es = (kind: Parameters<typeof valueText>[1], value: string) => valueText('es', kind, value);
    const spanish = Object.values(CATEGORY_CATALOGUE).flatMap((entry) => [
      ...entry.subcategories.map((v) => es('subcategory', v)),
      ...entry.materials.map((v) => es('material', v)),
    ]);
    expect(spanish).toEqual(
      expect.arrayContaining([
        'Fresado',
        'Láser CO2',
        'Filamentos',
        'Aluminio',
        'Acrílico',
        'Resina',
        'Piel',
      ]),
    );
    expect(spanish).not.toEqual(expect.arrayContaining(['Milling', 'CO2 Laser', 'Filaments', 'Aluminum']));
    expect(TECHNOLOGIES.map((v) => es('technology', v))).toContain('Láser');
    expect(UNITS.map((u) => es('unit', u))).toEqual(['cm³', 'hora', 'pieza', 'kg', 'm²', 'minuto', 'litro']);
    expect(VENDOR_TYPES.map((v) => es('vendor_type', v))).toContain('Buró de servicios');
    expect(es('region', 'Mexico')).toBe('México');
  });

  it('shows a value outside the catalogue as it was written', () => {
    expect(valueText('es', 'subcategory', 'Corte por agua')).toBe('Corte por agua');
    expect(valueText('es', 'vendor_type', 'mayorista')).toBe('mayorista');
  });
});
