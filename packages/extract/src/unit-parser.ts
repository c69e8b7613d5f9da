import type { Unit } from '@preciofab/shared/catalogue';
import { multiplyDecimal, normalizeDecimal } from '@preciofab/shared/money';
import { canonicalUnit, toBaseUnit } from '@preciofab/shared/units';
import { parseAmount } from './price-parser.ts';
import { foldKeepingLength } from './text-normalize.ts';

export type ParsedUnit = {
  unit: Unit;
  /** The page's words, as written ("por cm³", "500 g"). */
  unit_text: string;
  /** How many `unit`s the phrase stands for ("500 g" → "0.5" kg). */
  unit_size: string;
};

/** Spellings shared/units does not know, mapped onto ones it does. */
const ALIASES: Record<string, string> = {
  'centimetro cubico': 'cm3',
  'centimetros cubicos': 'cm3',
  'cubic cm': 'cm3',
  'cubic centimeter': 'cm3',
  'metro cuadrado': 'm2',
  'metros cuadrados': 'm2',
  'square meter': 'm2',
  'square metre': 'm2',
  'sq m': 'm2',
  'hora maquina': 'hour',
  part: 'piece',
  parts: 'piece',
  pz: 'piece',
  lt: 'l',
  lts: 'l',
  kgs: 'kg',
  kilos: 'kg',
  kilogramos: 'kg',
  mililitro: 'ml',
  mililitros: 'ml',
};

const WORD =
  '(centimetros? cubicos?|cubic (?:cm|centimeter)|metros? cuadrados?|square met(?:er|re)|sq m|cm3|cm³|cc|mm3|mm³|cm2|cm²|m2|m²|hora maquina|horas?|hours?|hrs?|h|minutos?|minutes?|min|piezas?|pzas?|pz|pieces?|parts?|pcs?|unidad|unit|kilogramos?|kilos?|kgs?|litros?|liters?|litres?|lts?|l|mililitros?|ml|gramos?|grams?|gr|g)';
// "por cm³", "/hora", "per hour", "x kg", "la pieza", "cada pieza".
const PER = new RegExp(
  `(?:(?:\\bpor|\\bper|\\bx|\\bla|\\bel|\\bcada)\\s+|/\\s*)(?:1\\s*)?${WORD}(?![\\p{L}\\d])`,
  'u',
);
const EACH = /(\bc\/u\b|\bc\/u(?=\s|$)|\bcada uno\b|\bcada una\b|\beach\b|\bea\.)/u;
// "1 kg", "500 g", "1 L", "500 ml": a pack size, only in mass, volume and area units.
const SIZE =
  /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)\s*(kilogramos?|kilos?|kgs?|gramos?|grams?|gr|g|litros?|liters?|litres?|lts?|l|mililitros?|ml|m2|m²)(?![\p{L}\d])/u;

function toUnit(word: string, amount = '1'): Omit<ParsedUnit, 'unit_text'> | null {
  const spelled = ALIASES[word] ?? word;
  const base = canonicalUnit(spelled);
  if (base) return { unit: base, unit_size: normalizeDecimal(amount) };
  const conv = toBaseUnit(spelled);
  if (!conv) return null;
  return { unit: conv.baseUnit, unit_size: normalizeDecimal(multiplyDecimal(amount, conv.factor)) };
}

/** The unit a price is quoted in, from the words next to it: a "per" phrase first ("por cm³",
 * "/hora", "c/u"), then a pack size ("1 kg"); null when the words name no catalogue unit. */
export function parseUnit(text: string): ParsedUnit | null {
  const folded = foldKeepingLength(text);
  const per = PER.exec(folded);
  if (per?.[1]) {
    const parsed = toUnit(per[1]);
    if (parsed) return { ...parsed, unit_text: text.slice(per.index, per.index + per[0].length).trim() };
  }
  const each = EACH.exec(folded);
  if (each)
    return { unit: 'piece', unit_size: '1', unit_text: text.slice(each.index, each.index + each[0].length) };
  const size = SIZE.exec(folded);
  if (size?.[1] && size[2]) {
    const amount = parseAmount(size[1]);
    const parsed = amount ? toUnit(size[2], amount) : null;
    if (parsed) return { ...parsed, unit_text: text.slice(size.index, size.index + size[0].length).trim() };
  }
  return null;
}
