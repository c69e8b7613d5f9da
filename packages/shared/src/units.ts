import { UNITS, type Category, type Unit } from './catalogue.ts';

/** The units prices are compared in (spec §3): every observed unit maps to one of these. */
export const BASE_UNITS = UNITS;

/** One observed unit expressed in a base unit: 1 observed unit = `factor` base units. Factors
 * are exact decimal text, or an exact ratio 'n/d' where no decimal is exact (1 minute = 1/60
 * hour), for the decimal arithmetic of money.ts. */
export type BaseUnitConversion = { baseUnit: Unit; factor: string };

const SAME = '1';

/** Spellings of the base units themselves (lower-case, without spaces or a final dot). */
const BASE_SPELLINGS: Record<string, Unit> = {
  cm3: 'cm3',
  'cm³': 'cm3',
  cc: 'cm3',
  hour: 'hour',
  hours: 'hour',
  hr: 'hour',
  hrs: 'hour',
  h: 'hour',
  hora: 'hour',
  horas: 'hour',
  piece: 'piece',
  pieces: 'piece',
  pc: 'piece',
  pcs: 'piece',
  pieza: 'piece',
  piezas: 'piece',
  pza: 'piece',
  pzas: 'piece',
  unit: 'piece',
  unidad: 'piece',
  kg: 'kg',
  kilo: 'kg',
  kilogram: 'kg',
  kilogramo: 'kg',
  m2: 'm2',
  'm²': 'm2',
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  minuto: 'minute',
  minutos: 'minute',
  liter: 'liter',
  liters: 'liter',
  litre: 'liter',
  litro: 'liter',
  litros: 'liter',
  l: 'liter',
};

/** Smaller units that convert to a base unit. */
const CONVERSIONS: Record<string, BaseUnitConversion> = {
  g: { baseUnit: 'kg', factor: '0.001' },
  gr: { baseUnit: 'kg', factor: '0.001' },
  gram: { baseUnit: 'kg', factor: '0.001' },
  grams: { baseUnit: 'kg', factor: '0.001' },
  gramo: { baseUnit: 'kg', factor: '0.001' },
  gramos: { baseUnit: 'kg', factor: '0.001' },
  ml: { baseUnit: 'liter', factor: '0.001' },
  cm2: { baseUnit: 'm2', factor: '0.0001' },
  'cm²': { baseUnit: 'm2', factor: '0.0001' },
  mm3: { baseUnit: 'cm3', factor: '0.001' },
  'mm³': { baseUnit: 'cm3', factor: '0.001' },
};

function key(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '').replace(/\.$/, '');
}

/** The base unit a spelling names ('cm³' → 'cm3', 'Horas' → 'hour'); null for anything else,
 * including units that need a conversion (use toBaseUnit for those). */
export function canonicalUnit(text: string): Unit | null {
  return BASE_SPELLINGS[key(text)] ?? null;
}

/** The time unit each category's prices are compared in, as its catalogue lists it: machine and
 * printer time by the hour, laser time by the minute. A price quoted in the other time unit is
 * converted so the group compares like with like. */
const TIME_BASE: Partial<Record<Category, 'hour' | 'minute'>> = {
  additive_manufacturing: 'hour',
  cnc_machining: 'hour',
  laser_cutting: 'minute',
};
const TIME_CONVERSIONS: Record<'hour' | 'minute', Record<'hour' | 'minute', string>> = {
  hour: { hour: SAME, minute: '60' },
  minute: { hour: '1/60', minute: SAME },
};

/** The base unit and exact factor of an observed unit, in the time base of `category` when one is
 * given; null when the unit is not known. */
export function toBaseUnit(text: string, category?: Category): BaseUnitConversion | null {
  const k = key(text);
  const base = BASE_SPELLINGS[k];
  if (!base) return CONVERSIONS[k] ?? null;
  const timeBase = category ? TIME_BASE[category] : undefined;
  if (timeBase && (base === 'hour' || base === 'minute')) {
    return { baseUnit: timeBase, factor: TIME_CONVERSIONS[base][timeBase] };
  }
  return { baseUnit: base, factor: SAME };
}
