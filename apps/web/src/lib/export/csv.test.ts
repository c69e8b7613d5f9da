import { describe, expect, it } from 'vitest';
import { parseCsv } from '@preciofab/shared/csv-parse';
import { buildCsv, csvField, UTF8_BOM } from './csv.ts';
import type { ExportColumn } from './types.ts';

const columns: ExportColumn[] = [
  { key: 'name', label: 'Nombre', dataType: 'string', category: 'general' },
  { key: 'price', label: 'Precio', dataType: 'number', category: 'pricing', decimals: 2 },
  { key: 'observed_at', label: 'Observado, el', dataType: 'date', category: 'metadata' },
  { key: 'includes_tax', label: 'IVA', dataType: 'boolean', category: 'pricing' },
  { key: 'capabilities', label: 'Capacidades', dataType: 'string', category: 'general' },
];

describe('csvField', () => {
  it('quotes commas, quotes, CR and LF, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField(null)).toBe('');
  });

  it('neutralizes formula injection in text, not in numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t']) {
      expect(csvField(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField(-12.5)).toBe('-12.5');
  });
});

describe('buildCsv', () => {
  const rows = [
    {
      name: 'Impresiones "Roma", S.A.',
      price: 1250.5,
      observed_at: '2026-11-20T10:00:00.000Z',
      includes_tax: true,
      capabilities: ['fdm_printing', 'sla_printing'],
    },
    { name: '=HYPERLINK("x")', price: null, observed_at: null, includes_tax: false, capabilities: [] },
  ];

  it('starts with a BOM, has a header row and reads back to the same values', () => {
    const csv = buildCsv(columns, rows, { includeHeaders: true });
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['Nombre', 'Precio', 'Observado, el', 'IVA', 'Capacidades'],
      ['Impresiones "Roma", S.A.', '1250.5', '2026-11-20T10:00:00.000Z', 'true', 'fdm_printing|sla_printing'],
      [`'=HYPERLINK("x")`, '', '', 'false', ''],
    ]);
  });

  it('leaves the header out when asked', () => {
    const parsed = parseCsv(buildCsv(columns, rows, { includeHeaders: false }));
    expect(parsed).toHaveLength(2);
    expect(parsed[0]?.[0]).toBe('Impresiones "Roma", S.A.');
  });

  it('is read back by the import parser, quotes and line breaks included', () => {
    const csv = buildCsv(
      [{ key: 'n', label: 'Nombre', dataType: 'string', category: 'general' }],
      [{ n: 'a,"b"\nc' }],
      { includeHeaders: true },
    );
    expect(parseCsv(csv)).toEqual([['Nombre'], ['a,"b"\nc']]);
  });
});
