import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '@preciofab/shared/report-fields';
import { HOSTILE_CSV_CELLS, HOSTILE_CSV_TEXT } from '@preciofab/shared/csv-write.cases';
import { writeCsv } from './csv-writer.ts';
import { parseCsv } from './report-readers.ts';

const cols: ReportColumn[] = [
  { key: 'name', kind: 'text', width: 10 },
  { key: 'price', kind: 'money', width: 10 },
  { key: 'day', kind: 'date', width: 10 },
  { key: 'at', kind: 'datetime', width: 10 },
  { key: 'share', kind: 'percent', width: 10 },
];

describe('csv writer', () => {
  it('writes a BOM, the headers, typed values and CRLF rows that read back intact', () => {
    const buf = writeCsv(
      cols,
      ['Nombre', 'Precio', 'Día', 'Fecha y hora', 'Participación'],
      [
        {
          name: 'Impresión 3D "Pro", Querétaro',
          price: -12.5,
          day: new Date('2025-05-01T10:00:00Z'),
          at: new Date('2025-05-01T10:00:00Z'),
          share: 0.85,
        },
        { name: '=HYPERLINK("http://x")', price: null, day: null, at: null, share: null },
        { name: '\r=x', price: 3, day: null, at: null, share: 1 },
      ],
    );
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows).toEqual([
      ['Nombre', 'Precio', 'Día', 'Fecha y hora', 'Participación'],
      ['Impresión 3D "Pro", Querétaro', '-12.5', '2025-05-01', '2025-05-01T10:00:00.000Z', '0.85'],
      ['\'=HYPERLINK("http://x")', '', '', '', ''],
      ["'\r'=x", '3', '', '', '1'],
    ]);
  });

  it('keeps a negative number from a numeric column as a number, but neutralizes "-1" text', () => {
    const text = writeCsv(
      [
        { key: 'n', kind: 'money', width: 1 },
        { key: 's', kind: 'text', width: 1 },
      ],
      ['n', 's'],
      [{ n: -1, s: '-1' }],
    )
      .toString('utf8')
      .slice(1);
    expect(parseCsv(text)[1]).toEqual(['-1', "'-1"]);
  });

  it('writes the shared hostile cells to the same bytes as the console export', () => {
    const buf = writeCsv(
      [
        { key: 'name', kind: 'text', width: 1 },
        { key: 'delta', kind: 'percent', width: 1 },
      ],
      ['=Etiqueta', 'Δ'],
      HOSTILE_CSV_CELLS.map(([cell]) => ({ name: cell, delta: -0.25 })),
    );
    expect(buf.toString('utf8')).toBe(HOSTILE_CSV_TEXT);
    expect(buf.equals(Buffer.from(HOSTILE_CSV_TEXT, 'utf8'))).toBe(true);
  });
});
