import { describe, expect, it } from 'vitest';
import { sourceConfigInput } from '@preciofab/shared/contracts/discovery';
import { formatKeywords } from './keywords.ts';

const read = (text: string) => sourceConfigInput.parse({ keywords: text }).keywords;

describe('keywords', () => {
  it('are typed as comma-separated text: trimmed, blanks dropped, inner spaces kept', () => {
    expect(read(' impresión 3D, CNC ,, ,corte láser ,')).toEqual(['impresión 3D', 'CNC', 'corte láser']);
    expect(read(' , ,')).toEqual([]);
    expect(read('digital fabrication')).toEqual(['digital fabrication']);
  });

  it('round-trip through the form text', () => {
    const list = ['3D printing', 'CNC machining'];
    expect(formatKeywords(list)).toBe('3D printing, CNC machining');
    expect(read(formatKeywords(list))).toEqual(list);
  });
});
