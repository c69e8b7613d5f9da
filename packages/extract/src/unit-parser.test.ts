import { describe, expect, it } from 'vitest';
import { parseUnit } from './unit-parser.ts';
import { detectTax, isMinimumPrice, tierQuantity } from './price-notes.ts';

describe('parseUnit', () => {
  it.each([
    ['por cm³', 'cm3', '1', 'por cm³'],
    ['por cm3', 'cm3', '1', 'por cm3'],
    ['$2.50/cm³', 'cm3', '1', '/cm³'],
    ['$850 /hora', 'hour', '1', '/hora'],
    ['Por Minuto', 'minute', '1', 'Por Minuto'],
    ['$8/min', 'minute', '1', '/min'],
    ['$120 c/u', 'piece', '1', 'c/u'],
    ['por pieza', 'piece', '1', 'por pieza'],
    ['por m²', 'm2', '1', 'por m²'],
    ['por kg', 'kg', '1', 'por kg'],
    ['por litro', 'liter', '1', 'por litro'],
    ['per hour', 'hour', '1', 'per hour'],
    ['Filamento 100 g', 'kg', '0.1', '100 g'],
    ['Resina 500 ml', 'liter', '0.5', '500 ml'],
    ['Resina 1 L', 'liter', '1', '1 L'],
  ])('%s', (text, unit, size, unitText) => {
    expect(parseUnit(text)).toEqual({ unit, unit_size: size, unit_text: unitText });
  });

  it.each(['Talla XL', 'Acrílico 3 mm', 'entrega en 24 h', 'Servicio express'])('no unit in %s', (text) => {
    expect(parseUnit(text)).toBeNull();
  });
});

describe('price notes', () => {
  it.each([
    ['Precios más IVA', false],
    ['$650 + IVA', false],
    ['No incluye IVA', false],
    ['Prices plus tax', false],
    ['IVA incluido', true],
    ['Nuestros precios incluyen IVA', true],
    ['(incl. tax)', true],
    ['Todos los precios en pesos', null],
    ['Precios más IVA. IVA incluido en envíos', null],
  ] as const)('tax in "%s" → %s', (text, expected) => expect(detectTax(text)).toBe(expected));

  it.each([
    ['Desde ', true],
    ['A partir de ', true],
    ['from ', true],
    ['Impresión FDM ', false],
    ['desde 10 piezas ', false],
  ] as const)('minimum before "%s" → %s', (text, expected) => expect(isMinimumPrice(text)).toBe(expected));

  it.each([
    ['1–9 piezas', 1],
    ['10+', 10],
    ['10 o más pzas', 10],
    ['más de 50 piezas', 51],
    ['de 10 a 49 pzas', 10],
    ['50+ pcs', 50],
    ['Impresión FDM', null],
    ['$120 + IVA', null],
  ] as const)('tier in "%s" → %s', (text, expected) => expect(tierQuantity(text)).toBe(expected));
});
