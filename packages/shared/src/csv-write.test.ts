import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse.ts';
import { HOSTILE_CSV_CELLS } from './csv-write.cases.ts';
import { CSV_BOM, csvCell, neutralizeFormula, writeCsvText, type CsvCell } from './csv-write.ts';

const FORMULA = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** How a spreadsheet reads a line split on `separator` (Excel, with the list separator of its
 * locale): a cell is quoted only when its first character is a quote; after the closing quote the
 * rest up to the separator is kept as it is; an unquoted cell ends at the separator or a line break. */
function spreadsheetCells(text: string, separator: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') cell += text[i++];
        else if (text[i] === '"') break;
        else cell += text[i];
      }
      i++;
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n')
      cell += text[i++];
    cells.push(cell);
    if (i >= text.length) return cells;
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
  }
}

/** The harshest reader: it splits on every separator and line break, ignores quotes and trims. */
const naiveCells = (text: string): string[] =>
  text.split(/[,;\t\r\n]/).map((cell) => cell.replace(/^[\s"]+/, ''));

const formulas = (cells: string[]) => cells.filter((cell) => FORMULA.test(cell));

describe('csvCell', () => {
  it.each(HOSTILE_CSV_CELLS)('writes text %j as %j', (cell, field) => {
    expect(csvCell(cell)).toBe(field);
  });

  it.each([
    [-12.5, '-12.5'],
    [-0.25, '-0.25'],
    [0, '0'],
    [1250.5, '1250.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [true, 'true'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
  ] as [CsvCell, string][])('writes the typed cell %j as %j, never neutralized', (value, field) => {
    expect(csvCell(value)).toBe(field);
  });
});

describe('writeCsvText', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    expect(writeCsvText([])).toBe(CSV_BOM);
    expect(
      writeCsvText([
        ['a', 1],
        [null, -1],
      ]),
    ).toBe(`${CSV_BOM}a,1\r\n,-1\r\n`);
  });

  it.each(HOSTILE_CSV_CELLS)('reads %j back whole, only neutralized, with an RFC 4180 reader', (cell) => {
    const text = writeCsvText([['x', cell, -1]]);
    expect(parseCsv(text, ',')).toEqual([['x', neutralizeFormula(cell), '-1']]);
  });

  it.each(HOSTILE_CSV_CELLS)('leaves no formula in %j for a spreadsheet splitting on , ; or tab', (cell) => {
    // The cell first in its line and behind another: a reader splitting on ';' sees the quotes
    // only in the first case.
    for (const text of [writeCsvText([[cell, 7]]), writeCsvText([['x', cell, 7]])]) {
      for (const separator of [',', ';', '\t']) {
        expect(formulas(spreadsheetCells(text.slice(1), separator))).toEqual([]);
      }
      expect(formulas(naiveCells(text))).toEqual([]);
    }
  });

  it('leaves no formula for any reader in any text, which an RFC 4180 reader reads back whole', () => {
    const unit = fc.constantFrom(
      ...['=', '+', '-', '@', '\uFF1D', '\uFF0D', ',', ';', '"', "'", '\t', '\r', '\n', ' ', '\0', 'a', '1'],
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (cells) => {
        const text = writeCsvText([[...cells, 7]]);
        expect(formulas(naiveCells(text))).toEqual([]);
        for (const separator of [',', ';', '\t']) {
          expect(formulas(spreadsheetCells(text.slice(1), separator))).toEqual([]);
        }
        expect(parseCsv(writeCsvText([[...cells, -1]]), ',')).toEqual([
          [...cells.map(neutralizeFormula), '-1'],
        ]);
      }),
      { numRuns: 2000 },
    );
  });
});
