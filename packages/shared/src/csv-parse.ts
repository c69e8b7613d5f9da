export type CsvDelimiter = ',' | ';';

/** The delimiter of a file: whichever of ',' and ';' appears more often outside quotes in its
 * first line (spreadsheets in Spanish-speaking locales save with ';'). */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export type CsvParseOptions = {
  /** Stop after this many records: a file over a cap is refused without reading the rest of it. */
  maxRows?: number;
};

/** An RFC 4180 reader: quoted fields with doubled quotes and embedded delimiters or line breaks,
 * CRLF, LF or CR records, a leading UTF-8 BOM dropped, blank lines skipped. */
export function parseCsv(
  input: string,
  delimiter: CsvDelimiter = detectDelimiter(input.replace(/^\uFEFF/, '')),
  { maxRows = Infinity }: CsvParseOptions = {},
): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '' || fieldStarted) rows.push(row);
    row = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') {
      quoted = true;
      fieldStarted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
      fieldStarted = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (rows.length < maxRows && (field !== '' || row.length > 0 || fieldStarted)) endRow();
  return rows;
}
