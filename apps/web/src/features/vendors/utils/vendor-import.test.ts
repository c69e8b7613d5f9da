import { describe, expect, it, vi } from 'vitest';
import { VENDOR_IMPORT_MAX, VENDOR_IMPORT_MAX_BYTES } from '@preciofab/shared/contracts/vendors';
import {
  readVendorFile,
  readVendorImport,
  serverErrorsByRow,
  splitList,
  type ImportFile,
} from './vendor-import.ts';

const HEADER =
  'Name,Type,Website,City,State,Country,Capabilities,Contact Email,Contact_Phone,Description,Notes';

describe('readVendorImport', () => {
  it('maps the headers, splits capabilities and validates every row with the shared contract', () => {
    const file = readVendorImport(
      [
        '\uFEFF' + HEADER,
        'Taller Uno,Makerspace,https://uno.example.mx,Puebla,Puebla,,fdm_printing|cnc_milling,a@uno.mx,,"Corte, grabado",x',
        ',bureau,not a url,,,,,bad email,,,',
        'Sin capacidades,,,,,,,,,,',
      ].join('\r\n'),
    );
    if (!file.ok) throw new Error('file not read');
    expect(file.ignoredColumns).toEqual(['Notes']);
    const [good, bad, empty] = file.rows;
    expect(good).toMatchObject({
      rowNumber: 2,
      errors: [],
      vendor: {
        name: 'Taller Uno',
        type: 'makerspace',
        website: 'https://uno.example.mx',
        capabilities: ['fdm_printing', 'cnc_milling'],
        contact_email: 'a@uno.mx',
        description: 'Corte, grabado',
      },
    });
    // A blank country is left to the server, which names the code's (Mexico's) country.
    expect(good?.vendor).not.toHaveProperty('country');
    expect(bad?.vendor).toBeNull();
    expect(bad?.rowNumber).toBe(3);
    expect(bad?.errors.map((e) => `${e.field}:${e.message}`)).toEqual(
      expect.arrayContaining([
        'name:validation.vendor_name_required',
        'website:validation.url_invalid',
        'contact_email:validation.email_invalid',
        'capabilities:validation.capability_required',
      ]),
    );
    expect(empty?.errors.map((e) => e.field)).toEqual(['capabilities']);
  });

  it('reads semicolon files with ; inside quoted capability lists', () => {
    const file = readVendorImport('name;capabilities\nLáser Sur;"laser_cutting; laser_engraving"\n');
    expect(file.ok && file.rows[0]?.vendor?.capabilities).toEqual(['laser_cutting', 'laser_engraving']);
  });

  it('refuses a file without rows or without a name column', () => {
    expect(readVendorImport('name,city\n')).toEqual({ ok: false, problem: 'empty' });
    expect(readVendorImport('')).toEqual({ ok: false, problem: 'empty' });
    expect(readVendorImport('city\nPuebla\n')).toEqual({ ok: false, problem: 'no_name_column' });
  });

  it('splits lists on | and ;', () => {
    expect(splitList(' FDM_printing | ;sla_printing ')).toEqual(['fdm_printing', 'sla_printing']);
  });
});

const fileOf = (records: number, tail = '') =>
  'name,capabilities\n' +
  Array.from({ length: records }, (_, i) => `Taller ${i},cnc_milling\n`).join('') +
  tail;

describe('the import limits', () => {
  it('takes as many rows as the server (1,000) and refuses one more', () => {
    const full = readVendorImport(fileOf(VENDOR_IMPORT_MAX));
    expect(full.ok && full.rows.length).toBe(VENDOR_IMPORT_MAX);
    expect(full.ok && full.rows.every((r) => r.vendor)).toBe(true);
    expect(readVendorImport(fileOf(VENDOR_IMPORT_MAX + 1))).toEqual({ ok: false, problem: 'too_many_rows' });
  });

  it('stops reading one row past the cap, whatever follows', () => {
    // An unclosed quote after the cap would swallow the rest of the file: it is never reached.
    const file = fileOf(VENDOR_IMPORT_MAX + 1, '"unclosed,' + 'x,'.repeat(1_000_000));
    expect(readVendorImport(file)).toEqual({ ok: false, problem: 'too_many_rows' });
    // A file like the one that froze the tab (435,000 rows) is refused the same way.
    expect(readVendorImport(fileOf(435_000))).toEqual({ ok: false, problem: 'too_many_rows' });
  });

  it('refuses a file over the size limit before reading it', async () => {
    const parse = vi.fn(async (): Promise<ImportFile> => ({ ok: true, rows: [], ignoredColumns: [] }));
    const big = new Blob([new Uint8Array(VENDOR_IMPORT_MAX_BYTES + 1)]);
    expect(await readVendorFile(big, parse)).toEqual({ ok: false, problem: 'too_large' });
    expect(parse).not.toHaveBeenCalled();

    const limit = new Blob([new Uint8Array(VENDOR_IMPORT_MAX_BYTES)]);
    expect(await readVendorFile(limit, parse)).toEqual({ ok: true, rows: [], ignoredColumns: [] });
    expect(parse).toHaveBeenCalledWith(limit);
  });

  it('reads a file in the given parser and reports a failure as unreadable', async () => {
    const file = new Blob([fileOf(2)]);
    const inPlace = async (blob: Blob) => readVendorImport(await blob.text());
    const read = await readVendorFile(file, inPlace);
    expect(read.ok && read.rows.map((r) => r.vendor?.name)).toEqual(['Taller 0', 'Taller 1']);
    const broken = () => Promise.reject(new Error('worker failed'));
    expect(await readVendorFile(file, broken)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('allows the rows the server takes in a file of that size: 2 KB a row', () => {
    expect(VENDOR_IMPORT_MAX_BYTES / VENDOR_IMPORT_MAX).toBeGreaterThanOrEqual(2000);
  });
});

describe('serverErrorsByRow', () => {
  it('maps request indexes back to the file row numbers', () => {
    const file = readVendorImport('name,capabilities\nA,cnc_milling\n,\nB,cnc_milling\n');
    if (!file.ok) throw new Error('file not read');
    const sent = file.rows.filter((r) => r.vendor);
    const byRow = serverErrorsByRow(
      [
        { field: 'rows.1.website', message: 'dup' },
        { field: 'x', message: 'y' },
      ],
      sent,
    );
    expect([...byRow]).toEqual([[4, [{ field: 'website', message: 'dup' }]]]);
  });
});
