import { describe, expect, it } from 'vitest';
import { parseCsv } from '@preciofab/shared/csv-parse';
import { csvReader, jsonLinesReader, type ImportRecord } from './price-import.parse.ts';

/** Feeds `text` in pieces cut at `cuts`, as a body arrives in chunks. */
function readAll(
  reader: ReturnType<typeof csvReader> | ReturnType<typeof jsonLinesReader>,
  text: string,
  cuts: number[],
) {
  const out: ImportRecord[] = [];
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(...reader.push(text.slice(at, cut)));
    at = cut;
  }
  out.push(...reader.end());
  return out;
}

const CSV =
  '\uFEFFvendor_id;service_name;price\r\n' +
  'a;"Corte ""láser""; 3 mm";1,5\r\n' +
  '\r\n' +
  'b;"Dos\r\nlíneas";2\r\n' +
  'c;;3';

describe('csvReader', () => {
  it('reads what parseCsv reads, wherever the chunks are cut', () => {
    const whole = parseCsv(CSV);
    for (let cut = 0; cut <= CSV.length; cut++) {
      for (const second of [cut, Math.min(CSV.length, cut + 1), Math.min(CSV.length, cut + 2)]) {
        const reader = csvReader();
        const records = readAll(reader, CSV, [cut, second]);
        expect(reader.header(), `cut at ${cut}, ${second}`).toEqual(whole[0]);
        expect(
          records.map((r) => r.value),
          `cut at ${cut}, ${second}`,
        ).toEqual(whole.slice(1));
      }
    }
  });

  it('numbers rows from the first after the header and names the line each starts on', () => {
    const records = readAll(csvReader(), CSV, []);
    expect(records.map((r) => [r.row, r.line])).toEqual([
      [1, 2],
      [2, 4],
      [3, 6],
    ]);
  });

  it('takes a file of one line without its line break as the header alone', () => {
    const reader = csvReader();
    expect(readAll(reader, 'vendor_id,price', [3])).toEqual([]);
    expect(reader.header()).toEqual(['vendor_id', 'price']);
  });
});

describe('jsonLinesReader', () => {
  it('reads one object per line across chunks, skips blank lines and flags what is not an object', () => {
    const text = '{"a":1}\r\n\n{"b":"x\\ny"}\n[1]\nnot json\n{"c":true}';
    for (let cut = 0; cut <= text.length; cut++) {
      const records = readAll(jsonLinesReader(), text, [cut]);
      expect(records).toEqual([
        { row: 1, line: 1, value: { a: 1 } },
        { row: 2, line: 3, value: { b: 'x\ny' } },
        { row: 3, line: 4, value: null, notObject: true },
        { row: 4, line: 5, value: null, notObject: true },
        { row: 5, line: 6, value: { c: true } },
      ]);
    }
  });
});
