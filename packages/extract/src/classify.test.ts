import { describe, expect, it } from 'vitest';
import { classify } from './classify.ts';

const row = (name: string, context?: string[], categoryHint?: 'laser_cutting') => {
  const c = classify({ name, context, categoryHint });
  return [c.category, c.subcategory, c.technology, c.material, c.unit?.unit ?? null, c.price_type];
};

describe('classify', () => {
  it.each([
    [
      'Impresión 3D FDM en PLA, por cm³',
      ['additive_manufacturing', 'FDM', 'fdm', 'pla', 'cm3', 'service_per_part'],
    ],
    [
      'Corte láser CO2 de acrílico 3 mm, por minuto',
      ['laser_cutting', 'CO2 Laser', 'laser', 'acrylic', 'minute', 'service_hourly'],
    ],
    ['Fresado CNC aluminio /hora', ['cnc_machining', 'Milling', 'cnc', 'metal', 'hour', 'service_hourly']],
    ['Filamento PETG 1 kg', ['materials', 'Filaments', null, 'petg', 'kg', 'purchase']],
    ['Resina estándar 1 L', ['materials', 'Resins', null, 'resin', 'liter', 'purchase']],
    ['Servicio express', [null, null, null, null, null, null]],
    ['IMPRESION SLS NYLON PA12', ['additive_manufacturing', 'SLS', 'sls', 'nylon', null, null]],
    ['Sinterizado láser selectivo', ['additive_manufacturing', 'SLS', 'sls', null, null, null]],
    ['Impresión 3D en metal (DMLS) acero', ['additive_manufacturing', 'DMLS', 'dmls', 'metal', null, null]],
    [
      'HP Multi Jet Fusion part, per piece',
      ['additive_manufacturing', 'MJF', 'mjf', null, 'piece', 'service_per_part'],
    ],
    ['Torneado de latón c/u', ['cnc_machining', 'Turning', 'cnc', 'metal', 'piece', 'service_per_part']],
    ['Electroerosión por hilo', ['cnc_machining', 'EDM', 'cnc', null, null, null]],
    [
      'Fiber laser marking on steel, per minute',
      ['laser_cutting', 'Fiber Laser', 'laser', 'metal', 'minute', 'service_hourly'],
    ],
    [
      'Grabado láser UV en madera por pieza',
      ['laser_cutting', 'UV Laser', 'laser', 'wood', 'piece', 'service_per_part'],
    ],
    ['Lámina de acrílico 3 mm', ['materials', 'Sheets', null, 'acrylic', null, 'purchase']],
    ['Varilla de aluminio 1/2"', ['materials', 'Rods', null, 'metal', null, 'purchase']],
    ['Metal powder 316L, per kg', ['materials', 'Powders', null, 'metal', 'kg', 'purchase']],
    ['Filamento PLA y PETG 1 kg', ['materials', 'Filaments', null, null, 'kg', 'purchase']],
    ['Licencia mensual de software CAM', [null, null, null, null, null, 'license_subscription']],
    ['Impresora 3D FDM Ender 3', ['additive_manufacturing', 'FDM', 'fdm', null, null, 'purchase']],
  ] as const)('%s', (name, expected) => {
    expect(row(name)).toEqual(expected);
  });

  it('falls back to the section heading, then to the target hint only with evidence', () => {
    expect(row('PLA', ['Impresión 3D FDM'])).toEqual([
      'additive_manufacturing',
      'FDM',
      'fdm',
      'pla',
      null,
      null,
    ]);
    expect(row('Acrílico 3 mm por minuto', [], 'laser_cutting')).toEqual([
      'laser_cutting',
      null,
      null,
      'acrylic',
      'minute',
      'service_hourly',
    ]);
    expect(row('Servicio express', [], 'laser_cutting')).toEqual([null, null, null, null, null, null]);
  });

  it('reads a filament or resin priced per gram or per cm³ with a printing technology as printing', () => {
    const perGram = { unit: 'kg', unit_text: 'por gramo', unit_size: '0.001' } as const;
    expect(classify({ name: 'FDM (filamento) — PLA', unit: perGram })).toMatchObject({
      category: 'additive_manufacturing',
      technology: 'fdm',
      material: 'pla',
      price_type: 'service_per_part',
    });
    expect(
      classify({
        name: 'SLA (resina) — resina estándar',
        unit: { unit: 'cm3', unit_text: 'por cm³', unit_size: '1' },
      }),
    ).toMatchObject({ category: 'additive_manufacturing', technology: 'sla' });
    // Sold by the kilo, a filament is a material, printing words or not.
    const perKg = { unit: 'kg', unit_text: '1 kg', unit_size: '1' } as const;
    expect(classify({ name: 'Filamento PLA 1 kg para impresora FDM', unit: perKg }).category).toBe(
      'materials',
    );
  });

  it('gives the name more confidence than the surroundings', () => {
    const fromName = classify({ name: 'Impresión FDM' });
    const fromHeading = classify({ name: 'Pieza chica', context: ['Impresión FDM'] });
    expect(fromName.confidence.category).toBeGreaterThan(fromHeading.confidence.category ?? 1);
  });
});
