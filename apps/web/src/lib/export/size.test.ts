import { describe, expect, it } from 'vitest';
import { estimateBytes, formatBytes, sizeParts } from './size.ts';

describe('size estimate', () => {
  it('counts 50 bytes per field per row', () => {
    expect(estimateBytes(7, 48)).toBe(16_800);
    expect(estimateBytes(0, 48)).toBe(0);
  });

  it('switches unit at the 1024 boundaries', () => {
    expect(sizeParts(1023)).toEqual({ value: 1023, unit: 'B' });
    expect(sizeParts(1024)).toEqual({ value: 1, unit: 'KB' });
    expect(sizeParts(16_800)).toEqual({ value: 16.4, unit: 'KB' });
    expect(sizeParts(1024 * 1024 - 1)).toEqual({ value: 1024, unit: 'KB' });
    expect(sizeParts(1024 * 1024 * 2.5)).toEqual({ value: 2.5, unit: 'MB' });
  });

  it('formats in the locale', () => {
    expect(formatBytes(16_800, 'es-MX')).toBe('16.4 KB');
    expect(formatBytes(1536, 'de-DE')).toBe('1,5 KB');
    expect(formatBytes(0, 'en-US')).toBe('0 B');
  });
});
