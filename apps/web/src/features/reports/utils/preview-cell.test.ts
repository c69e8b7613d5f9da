import { describe, expect, it } from 'vitest';
import { createCellFormatter, isNumeric } from './preview-cell.ts';

const col = (kind: 'text' | 'money' | 'integer' | 'percent' | 'date' | 'datetime') => ({
  key: 'k',
  label: 'K',
  kind,
});

describe('preview cells', () => {
  const cell = createCellFormatter('en-US');

  it('formats each kind like the generated file', () => {
    expect(cell(1234.5, col('money'))).toBe('1,234.50');
    expect(cell(42, col('integer'))).toBe('42');
    expect(cell(0.825, col('percent'))).toBe('82.5%');
    expect(cell('2026-03-05', col('date'))).toBe('Mar 5, 2026');
    expect(cell('Norte', col('text'))).toBe('Norte');
  });

  it('writes an observed price with its currency’s minor units, USD money with 2', () => {
    const price = { key: 'price', label: 'Price', kind: 'money' as const, currency_key: 'currency' };
    expect(cell(12490, price, { price: 12490, currency: 'CLP' })).toBe('12,490');
    expect(cell(185000, price, { price: 185000, currency: 'COP' })).toBe('185,000.00');
    expect(cell(1.25, price, { price: 1.25, currency: 'KWD' })).toBe('1.250');
    expect(cell(0.3, col('money'), { currency: 'CLP' })).toBe('0.30');
  });

  it('leaves empty cells blank', () => {
    expect(cell(null, col('money'))).toBe('');
    expect(cell(undefined, col('text'))).toBe('');
  });

  it('right-aligns only numbers', () => {
    expect(isNumeric(col('money'))).toBe(true);
    expect(isNumeric(col('date'))).toBe(false);
  });
});
