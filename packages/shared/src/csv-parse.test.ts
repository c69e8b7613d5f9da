import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv-parse.ts';

describe('parseCsv', () => {
  it('reads quoted fields with doubled quotes, embedded commas and line breaks', () => {
    const text = 'name,description\r\n"Láser, S.A.","Dice ""hola""\r\nen dos líneas"\r\nSimple,x\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'description'],
      ['Láser, S.A.', 'Dice "hola"\r\nen dos líneas'],
      ['Simple', 'x'],
    ]);
  });

  it('drops a UTF-8 BOM and accepts LF or CR records, skipping blank lines', () => {
    expect(parseCsv('\uFEFFa,b\n1,2\n\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseCsv('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
    expect(parseCsv('""\n')).toEqual([['']]);
  });

  it('detects a semicolon delimiter outside quotes', () => {
    expect(detectDelimiter('name;city\nA;B')).toBe(';');
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',');
    expect(parseCsv('\uFEFFname;capabilities\n"Uno; dos";fdm_printing|cnc_milling\n')).toEqual([
      ['name', 'capabilities'],
      ['Uno; dos', 'fdm_printing|cnc_milling'],
    ]);
  });

  it('stops after maxRows records, leaving the rest of the text unread', () => {
    // Without the cap the unclosed quote would take the rest of the file into one field.
    const text = 'a\n1\n\n2\n"3\n4\n';
    expect(parseCsv(text, ',')).toEqual([['a'], ['1'], ['2'], ['3\n4\n']]);
    expect(parseCsv(text, ',', { maxRows: 3 })).toEqual([['a'], ['1'], ['2']]);
    expect(parseCsv('a\r\nb', ',', { maxRows: 1 })).toEqual([['a']]);
    expect(parseCsv('a\nb', ',', { maxRows: 5 })).toEqual([['a'], ['b']]);
  });
});
