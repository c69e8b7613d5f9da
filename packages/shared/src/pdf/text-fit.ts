/** The width of a text in points, at the font and size in use. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';

/** How many leading characters of `text` fit in `width` (binary search: a width grows with length). */
function fittingLength(text: string, width: number, measure: Measure, suffix = ''): number {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid)}${suffix}`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The text whole when it fits, else its longest head that fits with an ellipsis. */
export function fitText(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  return `${text.slice(0, fittingLength(text, width, measure, ELLIPSIS)).trimEnd()}${ELLIPSIS}`;
}

/**
 * The text on at most `maxLines` lines of `width`: broken between words (inside a word only when
 * it alone is wider than a line), the last line cut with an ellipsis when text is left over.
 */
export function wrapText(text: string, width: number, maxLines: number, measure: Measure): string[] {
  let rest = text.replace(/\s+/g, ' ').trim();
  if (measure(rest) <= width) return [rest];
  const lines: string[] = [];
  while (lines.length < maxLines - 1 && measure(rest) > width) {
    const n = Math.max(1, fittingLength(rest, width, measure));
    const space = rest[n] === ' ' ? n : rest.lastIndexOf(' ', n - 1);
    const end = space > 0 ? space : n;
    lines.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  lines.push(fitText(rest, width, measure));
  return lines;
}
