import type { Measure } from './text-fit.ts';

export type WidthColumn = {
  /** The least width its header reads whole in, on at most two lines (see headerWidth). */
  header: number;
  /** Its header's width on one line: what the column asks for, like a cell, when there is room. */
  headerLine: number;
  /** Right-aligned columns hold numbers: they get their widest value, so none is ever cut. */
  align?: 'left' | 'right';
};

/** Padding on each side of a cell, in points. */
export const CELL_PAD = 2;
/** A text column keeps at least this much (or its content, when narrower) before the page runs out. */
const MIN_TEXT_WIDTH = 60;

/** The least width a header reads whole in on at most two lines: the best break between words
 * ("USD per" / "base unit"). */
export function headerWidth(label: string, measure: Measure): number {
  const words = label.split(' ');
  let best = measure(label);
  for (let k = 1; k < words.length; k++) {
    best = Math.min(best, Math.max(measure(words.slice(0, k).join(' ')), measure(words.slice(k).join(' '))));
  }
  return best;
}

/** Shares `spare` among wants so that each gets all it wants up to one common cap: the modest
 * wants are met in full, the greedy ones split what remains. */
function waterFill(want: readonly number[], spare: number): number[] {
  const order = want.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0]);
  const given = want.map(() => 0);
  let left = spare;
  order.forEach(([w, i], k) => {
    const share = left / (order.length - k);
    given[i] = Math.min(w, share);
    left -= given[i]!;
  });
  return given;
}

/**
 * Column widths that fill `total` points, from the content: every column at least what its header
 * needs on two lines; a number column its widest value; a text column a little, then what is left, shared
 * so that short texts read whole and only the longest wrap or are cut. Only when even those floors
 * overflow the page are all columns scaled down together.
 */
export function columnWidths(
  columns: readonly WidthColumn[],
  rows: readonly (readonly string[])[],
  total: number,
  measure: Measure,
): number[] {
  // A point of slack: a width computed from a measure must hold that measure again.
  const pad = 2 * CELL_PAD + 1;
  const need = columns.map((c, i) => {
    let widest = 0;
    for (const row of rows) widest = Math.max(widest, measure(row[i] ?? ''));
    return {
      cells: widest + pad,
      widest: Math.max(widest, c.headerLine) + pad,
      word: c.header + pad,
      number: c.align === 'right',
    };
  });
  const floor = need.map((n) => Math.max(n.word, n.number ? n.cells : Math.min(n.widest, MIN_TEXT_WIDTH)));
  const floorSum = floor.reduce((s, w) => s + w, 0);
  if (floorSum >= total) return floor.map((w) => (w / floorSum) * total);
  const want = need.map((n, i) => Math.max(0, n.widest - floor[i]!));
  const spare = total - floorSum;
  const given = waterFill(want, spare);
  const widths = floor.map((w, i) => w + given[i]!);
  // Everything fits with room to spare: the rest widens every column alike.
  const sum = widths.reduce((s, w) => s + w, 0);
  return sum < total ? widths.map((w) => (w / sum) * total) : widths;
}
