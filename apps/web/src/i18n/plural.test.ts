import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  const forms = { one: 'x_one', other: 'x' };

  it('picks the one form for 1 and the other form otherwise, in both languages', () => {
    for (const locale of ['es-MX', 'en-US']) {
      expect(plural(locale, 1, forms)).toBe('x_one');
      expect(plural(locale, 0, forms)).toBe('x');
      expect(plural(locale, 2, forms)).toBe('x');
      expect(plural(locale, 1_000_000, forms)).toBe('x');
    }
  });
});
