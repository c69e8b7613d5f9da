import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNITS } from './catalogue.ts';
import { divideDecimal, multiplyDecimal, normalizeDecimal } from './money.ts';
import { canonicalUnit, toBaseUnit } from './units.ts';

describe('units', () => {
  it('accepts the form spellings of the base units', () => {
    expect(canonicalUnit('cm³')).toBe('cm3');
    expect(canonicalUnit(' M² ')).toBe('m2');
    expect(canonicalUnit('Horas')).toBe('hour');
    expect(canonicalUnit('pza.')).toBe('piece');
    expect(canonicalUnit('g')).toBeNull();
    expect(canonicalUnit('parsec')).toBeNull();
  });

  it('maps every base unit to itself with factor 1', () => {
    for (const u of UNITS) expect(toBaseUnit(u)).toEqual({ baseUnit: u, factor: '1' });
  });

  it('converts smaller units with exact factors', () => {
    expect(toBaseUnit('g')).toEqual({ baseUnit: 'kg', factor: '0.001' });
    expect(toBaseUnit('ML')).toEqual({ baseUnit: 'liter', factor: '0.001' });
    expect(toBaseUnit('cm²')).toEqual({ baseUnit: 'm2', factor: '0.0001' });
    expect(toBaseUnit('mm3')).toEqual({ baseUnit: 'cm3', factor: '0.001' });
    expect(toBaseUnit('furlong')).toBeNull();
  });

  it('round-trips a quantity to its base unit and back without drift', () => {
    const units = ['g', 'ml', 'cm2', 'mm3', 'kg', 'cm3', 'piece'];
    fc.assert(
      fc.property(fc.constantFrom(...units), fc.integer({ min: 1, max: 1_000_000_000 }), (unit, qty) => {
        const conv = toBaseUnit(unit)!;
        const inBase = multiplyDecimal(String(qty), conv.factor);
        expect(normalizeDecimal(divideDecimal(inBase, conv.factor, 0))).toBe(String(qty));
      }),
    );
  });
});

describe('time units by category', () => {
  it('compares machine time by the hour and laser time by the minute, as the catalogue lists them', () => {
    expect(toBaseUnit('minuto', 'cnc_machining')).toEqual({ baseUnit: 'hour', factor: '1/60' });
    expect(toBaseUnit('hora', 'cnc_machining')).toEqual({ baseUnit: 'hour', factor: '1' });
    expect(toBaseUnit('horas', 'laser_cutting')).toEqual({ baseUnit: 'minute', factor: '60' });
    expect(toBaseUnit('min', 'laser_cutting')).toEqual({ baseUnit: 'minute', factor: '1' });
    expect(toBaseUnit('min', 'additive_manufacturing')).toEqual({ baseUnit: 'hour', factor: '1/60' });
    // Materials have no time base; without a category nothing is converted.
    expect(toBaseUnit('hour', 'materials')).toEqual({ baseUnit: 'hour', factor: '1' });
    expect(toBaseUnit('minute')).toEqual({ baseUnit: 'minute', factor: '1' });
    // Non-time units are untouched by the category.
    expect(toBaseUnit('g', 'laser_cutting')).toEqual({ baseUnit: 'kg', factor: '0.001' });
  });
});
