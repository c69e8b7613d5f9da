/** One cell. Only text can carry a formula: a number (a negative delta included), a boolean or an
 * empty cell is written as it is. Callers format dates to text first. */
export type CsvCell = string | number | boolean | null | undefined;

/** Excel reads UTF-8 only with this mark at the start; without it accents come out garbled. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 record end. */
export const CSV_EOL = '\r\n';

// Signs a spreadsheet reads as the start of a formula: = + - @ and their full-width forms (U+FF1D,
// U+FF0B, U+FF0D, U+FF20), which East Asian input turns into formulas (OWASP "CSV injection").
const SIGN = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
// Where some reader starts a cell: the text's start, and after each ',', ';', tab, CR or LF in it.
// Quoting keeps a cell whole only for a reader that splits on our ',': Excel in es-ES or pt-BR
// splits lines on ';' and honours a quote only at the start of its own cell, so `a,"x;=cmd"` runs
// `=cmd"` there. Whitespace and quotes between that point and the sign are skipped (readers trim
// the one and drop the other); the apostrophe goes right before the sign, so a reader that splits
// anywhere inside that run still starts its cell with text.
const SIGN_AT_CELL_START = new RegExp(`(^|[,;\\t\\r\\n])([\\s"]*)(?=[${SIGN}])`, 'g');
// OWASP also lists tab and CR (and ASVS NUL) as starts to neutralize whatever follows.
const CONTROL_START = /^[\t\r\n\0]/;
// RFC 4180 quotes ',', '"', CR and LF; ';' and tab too, the other separators readers split on, and
// edge whitespace, which unquoted some readers trim.
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** A text cell a spreadsheet would run as a formula, made text by an apostrophe before each sign
 * that starts a cell for some reader. Only text goes through here (the OWASP rule): -1.5 from a
 * number column stays a number, since it cannot carry a formula. */
export function neutralizeFormula(text: string): string {
  const signs = text.replace(SIGN_AT_CELL_START, "$1$2'");
  return CONTROL_START.test(text) ? `'${signs}` : signs;
}

/** A field in quotes, its quotes doubled, when it holds a separator, a quote, a line break or
 * whitespace at an edge. */
export function quoteCsvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One field: numbers plain (dot decimal), booleans as true/false, text neutralized and quoted. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  return quoteCsvField(neutralizeFormula(value));
}

/** The one CSV writer of the server's reports and the console's exports: UTF-8 BOM, ',' between
 * fields, every record (the header included, when given) ended by CRLF. */
export function writeCsvText(records: Iterable<readonly CsvCell[]>): string {
  let text = CSV_BOM;
  for (const record of records) text += record.map(csvCell).join(',') + CSV_EOL;
  return text;
}
