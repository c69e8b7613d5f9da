import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('report file size', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
  ])('%i bytes read %s in English', (bytes, text) => {
    expect(formatFileSize(bytes, 'en-US').replace(/,/g, '')).toBe(text);
  });

  it('uses the locale for the decimal mark', () => {
    expect(formatFileSize(1536, 'es-MX')).toBe('1.5 KB');
    expect(formatFileSize(2560, 'de-DE')).toBe('2,5 KB');
  });
});
