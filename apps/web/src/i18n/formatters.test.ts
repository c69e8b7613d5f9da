import { describe, expect, it } from 'vitest';
import { createFormatters } from './formatters.ts';

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000);

describe('createFormatters', () => {
  const es = createFormatters('es-MX');
  const en = createFormatters('en-US');

  it('formats relative times in the locale', () => {
    expect(en.relativeTime(ago(10), now)).toBe('now');
    expect(es.relativeTime(ago(10), now)).toBe('ahora');
    expect(en.relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(es.relativeTime(ago(5 * 60), now)).toBe('hace 5 minutos');
    expect(en.relativeTime(ago(3 * 86_400), now)).toBe('3 days ago');
    expect(en.relativeTime(ago(86_400), now)).toBe('yesterday');
    // The shared rule: 59 min 40 s rounds up to the next unit, never "60 minutes".
    expect(es.relativeTime(ago(59 * 60 + 40), now)).toBe('hace 1 hora');
  });

  it('groups thousands by locale', () => {
    expect(en.integer(12345)).toBe('12,345');
    expect(es.integer(12345)).toBe('12,345');
  });

  it('formats percentages given on a 0–100 scale', () => {
    expect(en.percent(42.5)).toBe('42.5%');
    expect(es.percent(42.5)).toMatch(/^42\.5\s?%$/);
  });

  it('gives an uptime in its two largest units', () => {
    expect(en.duration(3 * 86_400 + 4 * 3_600 + 120)).toMatch(/^3d\s?4h$/);
    expect(en.duration(2 * 3_600 + 5 * 60)).toMatch(/^2h\s?5m(in)?$/);
    expect(en.duration(59)).toMatch(/^0m(in)?$/);
  });
});

describe('money, decimals and dates', () => {
  const es = createFormatters('es-MX');
  const en = createFormatters('en-US');

  it('shows an amount with its ISO code and the currency’s minor units, in both languages', () => {
    for (const f of [en, es]) {
      expect(f.money(1234.5, 'MXN')).toMatch(/^MXN\s1,234\.50$/);
      expect(f.money(99, 'EUR')).toMatch(/^EUR\s99\.00$/);
      // No minor units: whole pesos and yen, and no ",00" a Chilean shop never writes.
      expect(f.money(12990, 'CLP')).toMatch(/^CLP\s12,990$/);
      expect(f.money(1500, 'JPY')).toMatch(/^JPY\s1,500$/);
      // Three minor units.
      expect(f.money(1.25, 'KWD')).toMatch(/^KWD\s1\.250$/);
    }
  });

  it('keeps a real fraction up to 4 digits, even in a currency without minor units', () => {
    expect(en.money(0.35, 'CLP')).toMatch(/^CLP\s0\.35$/);
    expect(es.money(0.35, 'CLP')).toMatch(/^CLP\s0\.35$/);
    expect(en.money(2.125, 'MXN')).toMatch(/^MXN\s2\.125$/);
    expect(en.money(0.123456, 'USD')).toMatch(/^USD\s0\.1235$/);
    expect(en.money(0.00004, 'CLP')).toMatch(/^CLP\s0$/);
  });

  it('never lets the `$` currencies be confused: the code is always shown', () => {
    const shown = ['MXN', 'COP', 'CLP', 'ARS', 'USD'].map((code) => es.money(10, code));
    expect(shown.map((text) => text.slice(0, 3))).toEqual(['MXN', 'COP', 'CLP', 'ARS', 'USD']);
    expect(shown.some((text) => text.includes('$'))).toBe(false);
  });

  it('copes with codes outside the ISO table', () => {
    expect(en.money(5, 'XYZ')).toMatch(/^XYZ\s5\.00$/);
    expect(en.money(5, '?')).toBe('5 ?');
    expect(en.amount(12990, 'CLP')).toBe('12,990');
    expect(en.amount(2.5, 'MXN')).toBe('2.50');
  });

  it('shows USD per base unit to cents, or three significant digits when finer', () => {
    expect(en.usdPerUnit(0.052345)).toMatch(/^USD\s0\.0523$/);
    expect(es.usdPerUnit(45.126)).toMatch(/^USD\s45\.13$/);
    expect(en.usdPerUnit(1234.5)).toMatch(/^USD\s1,234\.50$/);
    expect(en.usd(0.456)).toMatch(/^USD\s0\.46$/);
    expect(en.decimal(3)).toBe('3.00');
  });

  it('rounds a 0–1 score to a whole percentage', () => {
    expect(en.scorePercent(0.826)).toBe('83%');
    expect(es.scorePercent(1)).toMatch(/^100\s?%$/);
  });

  it('formats dates in the locale', () => {
    expect(en.date('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
    expect(es.date('2026-03-05T12:00:00Z')).toMatch(/5 mar 2026/);
  });
});
