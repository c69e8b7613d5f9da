import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition.ts';

describe('attachment file name', () => {
  it('prefers the UTF-8 name', () => {
    const header = `attachment; filename="Precios de impresion 3D.pdf"; filename*=UTF-8''Precios%20de%20impresi%C3%B3n%203D.pdf`;
    expect(fileNameFromDisposition(header)).toBe('Precios de impresión 3D.pdf');
  });

  it('reads a plain quoted or bare name', () => {
    expect(fileNameFromDisposition('attachment; filename="report.csv"')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });

  it('gives null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
