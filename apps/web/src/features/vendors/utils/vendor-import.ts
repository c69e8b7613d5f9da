import {
  VENDOR_IMPORT_MAX,
  VENDOR_IMPORT_MAX_BYTES,
  vendorCreateBody,
  type VendorCreate,
} from '@preciofab/shared/contracts/vendors';
import type { FieldError } from '@preciofab/shared/errors';
import { toFieldErrors } from '@preciofab/shared/validation';
import { parseCsv } from '@preciofab/shared/csv-parse';

/** The columns an import file may have (header names, any case; spaces count as '_'). */
export const IMPORT_COLUMNS = [
  'name',
  'type',
  'website',
  'city',
  'state',
  'country',
  'capabilities',
  'contact_email',
  'contact_phone',
  'description',
] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const ALIASES: Record<string, ImportColumn> = { email: 'contact_email', phone: 'contact_phone' };

export type ImportRow = {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  rowNumber: number;
  input: Record<string, unknown>;
  /** Valid rows carry the parsed payload; invalid ones their field errors (catalogue keys). */
  vendor: VendorCreate | null;
  errors: FieldError[];
};

/** Why a file is refused: nothing in it, no name column, over the size the server's row cap
 * allows (checked before reading), more rows than one import carries, or not readable. */
export type ImportProblem = 'empty' | 'no_name_column' | 'too_large' | 'too_many_rows' | 'unreadable';

export type ImportFile =
  { ok: true; rows: ImportRow[]; ignoredColumns: string[] } | { ok: false; problem: ImportProblem };

/** Reads a file off the main thread (vendor-import.worker.ts), or in a test, in place. */
export type ParseImportFile = (file: Blob) => Promise<ImportFile>;

const normalizeHeader = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Capabilities are listed in one cell, separated by '|' or ';'. */
export const splitList = (cell: string): string[] =>
  cell
    .split(/[|;]/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

/** Reads an import file and validates every row with the same contract the server uses. Blank
 * cells are left out, so the contract's defaults apply (type bureau; a blank country is named by the
 * server, Mexico's). Reading stops one row past the server's cap: a longer file is refused without
 * parsing the rest. */
export function readVendorImport(text: string): ImportFile {
  const [header, ...records] = parseCsv(text, undefined, { maxRows: 1 + VENDOR_IMPORT_MAX + 1 });
  if (!header || records.length === 0) return { ok: false, problem: 'empty' };
  if (records.length > VENDOR_IMPORT_MAX) return { ok: false, problem: 'too_many_rows' };
  const columns = header.map((h) => {
    const name = normalizeHeader(h);
    return (IMPORT_COLUMNS as readonly string[]).includes(name)
      ? (name as ImportColumn)
      : (ALIASES[name] ?? null);
  });
  if (!columns.includes('name')) return { ok: false, problem: 'no_name_column' };
  const ignoredColumns = header.filter((h, i) => columns[i] === null && h.trim() !== '');

  const rows = records.map((record, index): ImportRow => {
    const input: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const cell = (record[i] ?? '').trim();
      if (!column || (cell === '' && column !== 'name' && column !== 'capabilities')) return;
      if (column === 'capabilities') input.capabilities = splitList(cell);
      else if (column === 'type') input.type = cell.toLowerCase();
      else input[column] = cell;
    });
    const parsed = vendorCreateBody.safeParse(input);
    return {
      rowNumber: index + 2,
      input,
      vendor: parsed.success ? parsed.data : null,
      errors: parsed.success ? [] : toFieldErrors(parsed.error.issues),
    };
  });
  return { ok: true, rows, ignoredColumns };
}

/** A chosen file, refused at once when it is larger than the limit, else read and validated by
 * `parse` (off the main thread in the console). */
export async function readVendorFile(file: Blob, parse: ParseImportFile): Promise<ImportFile> {
  if (file.size > VENDOR_IMPORT_MAX_BYTES) return { ok: false, problem: 'too_large' };
  try {
    return await parse(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}

/** Server errors name rows by their index in the request ("rows.3.website"): back to the file's
 * row numbers, for the rows that were sent. */
export function serverErrorsByRow(
  errors: readonly { field: string; message: string }[],
  sent: readonly ImportRow[],
): Map<number, { field: string; message: string }[]> {
  const byRow = new Map<number, { field: string; message: string }[]>();
  for (const error of errors) {
    const match = /^rows\.(\d+)\.?(.*)$/.exec(error.field);
    const row = match ? sent[Number(match[1])] : undefined;
    if (!match || !row) continue;
    const list = byRow.get(row.rowNumber) ?? [];
    list.push({ field: (match[2] ?? '').split('.')[0] ?? '', message: error.message });
    byRow.set(row.rowNumber, list);
  }
  return byRow;
}
