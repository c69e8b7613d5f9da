import { describe, expect, it } from 'vitest';
import { parseCsv } from '@preciofab/shared/csv-parse';
import { HOSTILE_CSV_CELLS, HOSTILE_CSV_TEXT } from '@preciofab/shared/csv-write.cases';
import { CSV_BOM } from '@preciofab/shared/csv-write';
import { buildCsv } from './csv.ts';
import type { ExportColumn } from './types.ts';

const columns: ExportColumn[] = [
  { key: 'name', label: 'Nombre', dataType: 'string', category: 'general' },
  { key: 'price', label: 'Precio', dataType: 'number', category: 'pricing', decimals: 2 },
  { key: 'observed_at', label: 'Observado, el', dataType: 'date', category: 'metadata' },
  { key: 'includes_tax', label: 'IVA', dataType: 'boolean', category: 'pricing' },
  { key: 'capabilities', label: 'Capacidades', dataType: 'string', category: 'general' },
];

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
    expect(csv.startsWith(CSV_BOM)).toBe(true);
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

describe('buildCsv and the report writer', () => {
  it('writes the shared hostile cells to the same bytes as the server report', () => {
    const csv = buildCsv(
      [
        { key: 'name', label: '=Etiqueta', dataType: 'string', category: 'general' },
        { key: 'delta', label: 'Δ', dataType: 'number', category: 'pricing' },
      ],
      HOSTILE_CSV_CELLS.map(([cell]) => ({ name: cell, delta: -0.25 })),
      { includeHeaders: true },
    );
    expect(csv).toBe(HOSTILE_CSV_TEXT);
    expect(new TextEncoder().encode(csv)).toEqual(new TextEncoder().encode(HOSTILE_CSV_TEXT));
  });
});
