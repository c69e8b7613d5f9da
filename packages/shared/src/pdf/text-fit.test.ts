import { describe, expect, it } from 'vitest';
import { headerWidth } from './column-widths.ts';
import { fitText, wrapText } from './text-fit.ts';
import { winAnsi } from './win-ansi.ts';

// One point per character: widths read as lengths.
const measure = (text: string) => text.length;

describe('fitText', () => {
  it.each([
    ['Querétaro', 9, 'Querétaro'],
    ['Querétaro', 20, 'Querétaro'],
    ['Querétaro', 6, 'Queré…'],
    ['con espacio', 5, 'con…'],
    ['abc', 1, '…'],
  ])('%j in %d → %j', (text, width, fitted) => {
    expect(fitText(text, width, measure)).toBe(fitted);
    expect(measure(fitText(text, width, measure))).toBeLessThanOrEqual(Math.max(width, 1));
  });
});

describe('wrapText', () => {
  it.each([
    // [text, width, lines, expected]
    ['Impresión 3D', 20, 3, ['Impresión 3D']],
    ['Impresión 3D en resina', 12, 3, ['Impresión 3D', 'en resina']],
    ['Impresión 3D en resina de alta definición', 12, 2, ['Impresión 3D', 'en resina d…']],
    ['Impresión 3D en resina', 12, 1, ['Impresión 3…']],
    // A word wider than the line is broken inside.
    ['Supercalifragilístico', 8, 3, ['Supercal', 'ifragilí', 'stico']],
    ['  espacios   de   sobra  ', 20, 2, ['espacios de sobra']],
  ])('%j in %d on %d lines', (text, width, lines, expected) => {
    const wrapped = wrapText(text, width, lines, measure);
    expect(wrapped).toEqual(expected);
    for (const line of wrapped) expect(measure(line)).toBeLessThanOrEqual(width);
  });
});

describe('headerWidth', () => {
  it.each([
    ['Precio', 6],
    ['USD por unidad base', 11],
    ['Net USD per base unit', 11],
  ])('%j reads whole in %d on two lines', (label, width) => {
    expect(headerWidth(label, measure)).toBe(width);
    expect(wrapText(label, width, 2, measure).join(' ')).toBe(label);
  });
});

describe('winAnsi', () => {
  it('keeps Spanish letters and WinAnsi marks, replaces what Helvetica cannot print', () => {
    expect(winAnsi('Año — “ñ” € 中 ≥')).toBe('Año — “ñ” € ? ?');
    expect(winAnsi('a\tb\nc')).toBe('a b c');
  });
});
