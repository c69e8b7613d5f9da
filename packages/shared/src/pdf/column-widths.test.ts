import { describe, expect, it } from 'vitest';
import { CELL_PAD, columnWidths } from './column-widths.ts';

const measure = (text: string) => text.length * 5;
const PAD = 2 * CELL_PAD + 1;
const sum = (widths: number[]) => widths.reduce((s, w) => s + w, 0);

describe('columnWidths', () => {
  it('fills the page, and widens every column alike when all fits', () => {
    const widths = columnWidths(
      [
        { header: 20, headerLine: 20 },
        { header: 20, headerLine: 20, align: 'right' },
      ],
      [['abcd', '12.50']],
      200,
      measure,
    );
    expect(sum(widths)).toBeCloseTo(200);
    // Natural widths 20+PAD and 25+PAD, scaled alike.
    expect(widths[1]! / widths[0]!).toBeCloseTo((25 + PAD) / (20 + PAD));
  });

  it('gives a number column its widest value and a short text its whole width; the long text gets the rest', () => {
    const long = 'x'.repeat(200);
    const widths = columnWidths(
      [
        { header: 10, headerLine: 10 },
        { header: 10, headerLine: 10 },
        { header: 10, headerLine: 10, align: 'right' },
      ],
      [
        ['Querétaro', long, '1,234,567.89'],
        ['Mérida', long, '5.00'],
      ],
      400,
      measure,
    );
    expect(sum(widths)).toBeCloseTo(400);
    expect(widths[0]).toBeCloseTo(measure('Querétaro') + PAD);
    expect(widths[2]).toBeCloseTo(measure('1,234,567.89') + PAD);
    expect(widths[1]).toBeCloseTo(400 - widths[0]! - widths[2]!);
  });

  it('gives a header its one line when the page has room', () => {
    const widths = columnWidths(
      [
        { header: 60, headerLine: 100, align: 'right' },
        { header: 10, headerLine: 10 },
      ],
      [['0.85', 'Querétaro']],
      400,
      measure,
    );
    expect(widths[0]).toBeGreaterThanOrEqual(100 + PAD);
  });

  it('never makes a column narrower than its header needs, unless the page cannot hold the floors', () => {
    const widths = columnWidths(
      [
        { header: 80, headerLine: 160 },
        { header: 10, headerLine: 10 },
      ],
      [['a', 'x'.repeat(100)]],
      300,
      measure,
    );
    expect(widths[0]).toBeGreaterThanOrEqual(80 + PAD);
    expect(sum(widths)).toBeCloseTo(300);
    const squeezed = columnWidths(
      Array.from({ length: 10 }, () => ({ header: 50, headerLine: 90, align: 'right' as const })),
      [Array.from({ length: 10 }, () => '1')],
      300,
      measure,
    );
    expect(sum(squeezed)).toBeCloseTo(300);
    expect(new Set(squeezed.map((w) => w.toFixed(6))).size).toBe(1);
  });
});
