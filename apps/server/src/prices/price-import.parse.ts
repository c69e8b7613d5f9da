import { detectDelimiter, type CsvDelimiter } from '@preciofab/shared/csv-parse';

/** One record of an import: its fields as read, the row (1 is the first data row) and the file
 * line it starts on. A JSON line that is not an object comes as `notObject`. */
export type ImportRecord = { row: number; line: number; value: unknown; notObject?: true };

/** A reader fed the body's text chunk by chunk (`push`, then `end`), handing out complete records
 * as they are read: the body is never held whole. */
export type RecordReader = {
  push(text: string): ImportRecord[];
  end(): ImportRecord[];
};

/** JSON lines: one object per line, blank lines skipped, a CR before the LF dropped. */
export function jsonLinesReader(): RecordReader {
  let rest = '';
  let line = 0;
  let row = 0;
  const read = (text: string): ImportRecord | null => {
    line++;
    const trimmed = text.trim();
    if (trimmed === '') return null;
    row++;
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { row, line, value };
    } catch {
      // Reported as the row's error, like a value that is not an object.
    }
    return { row, line, value: null, notObject: true };
  };
  return {
    push(text) {
      const out: ImportRecord[] = [];
      const parts = (rest + text).split('\n');
      rest = parts.pop()!;
      for (const part of parts) {
        const r = read(part);
        if (r) out.push(r);
      }
      return out;
    },
    end() {
      const r = rest === '' ? null : read(rest);
      rest = '';
      return r ? [r] : [];
    },
  };
}

/** An RFC 4180 reader (as csv-parse.ts, but incremental): quoted fields with doubled quotes and
 * embedded delimiters or line breaks, CRLF, LF or CR records, a leading BOM dropped, blank lines
 * skipped. The first record is the header; the delimiter (',' or ';') is read off it. Data
 * records come as arrays of cells with their row and line; `header` once it is known. */
export function csvReader(): RecordReader & { header(): string[] | null } {
  let delimiter: CsvDelimiter | null = null;
  let pendingHead = '';
  let header: string[] | null = null;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let started = false;
  // A quote seen at the end of a chunk inside a quoted field: closing, or the first of a pair.
  let quoteAtEnd = false;
  // A CR seen at the end of a chunk: an LF opening the next one belongs to it.
  let crAtEnd = false;
  let line = 1;
  let recordLine = 1;
  let row = 0;
  const out: ImportRecord[] = [];

  const endRecord = () => {
    cells.push(field);
    const blank = cells.length === 1 && cells[0] === '' && !started;
    if (!blank) {
      if (header === null) header = cells;
      else out.push({ row: ++row, line: recordLine, value: cells });
    }
    cells = [];
    field = '';
    started = false;
  };

  const feed = (text: string) => {
    if (text === '') return;
    let i = 0;
    if (crAtEnd) {
      crAtEnd = false;
      if (text[0] === '\n') i = 1;
    }
    if (quoteAtEnd) {
      quoteAtEnd = false;
      if (text[0] === '"') {
        field += '"';
        i = Math.max(i, 1);
      } else quoted = false;
    }
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (i + 1 === text.length) quoteAtEnd = true;
          else if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else quoted = false;
        } else {
          if (ch === '\n') line++;
          field += ch;
        }
      } else if (ch === '"') {
        quoted = true;
        started = true;
      } else if (ch === delimiter) {
        cells.push(field);
        field = '';
        started = true;
      } else if (ch === '\r' || ch === '\n') {
        if (ch === '\r') {
          if (i + 1 === text.length) crAtEnd = true;
          else if (text[i + 1] === '\n') i++;
        }
        endRecord();
        line++;
        recordLine = line;
      } else field += ch;
    }
  };

  return {
    header: () => header,
    push(text) {
      if (delimiter === null) {
        // The delimiter is read off the first line: keep the text until it is complete.
        pendingHead += text;
        if (!/[\r\n]/.test(pendingHead)) return [];
        text = pendingHead.replace(/^\uFEFF/, '');
        pendingHead = '';
        delimiter = detectDelimiter(text);
      }
      feed(text);
      return out.splice(0);
    },
    end() {
      if (delimiter === null) {
        const text = pendingHead.replace(/^\uFEFF/, '');
        delimiter = detectDelimiter(text);
        feed(text);
      }
      if (quoteAtEnd) {
        quoteAtEnd = false;
        quoted = false;
      }
      if (field !== '' || cells.length > 0 || started) endRecord();
      return out.splice(0);
    },
  };
}
