import { describe, expect, it } from 'vitest';
import { formatKeywords, parseKeywords } from './keywords.ts';

describe('keywords', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parseKeywords(' impresión 3D, CNC ,, ,corte láser ,')).toEqual([
      'impresión 3D',
      'CNC',
      'corte láser',
    ]);
  });

  it('gives an empty list for blank text', () => {
    expect(parseKeywords('')).toEqual([]);
    expect(parseKeywords(' , ,')).toEqual([]);
  });

  it('keeps spaces inside a keyword', () => {
    expect(parseKeywords('digital fabrication')).toEqual(['digital fabrication']);
  });

  it('round-trips through the form text', () => {
    const list = ['3D printing', 'CNC machining'];
    expect(parseKeywords(formatKeywords(list))).toEqual(list);
  });
});
