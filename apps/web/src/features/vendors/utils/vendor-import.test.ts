import { describe, expect, it } from 'vitest';
import { readVendorImport, serverErrorsByRow, splitList } from './vendor-import.ts';

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
        country: 'Mexico',
        capabilities: ['fdm_printing', 'cnc_milling'],
        contact_email: 'a@uno.mx',
        description: 'Corte, grabado',
      },
    });
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
