import ExcelJS from 'exceljs';
import { parseCsv as parseRfc4180 } from '@preciofab/shared/csv-parse';

// Readers for the files the writers produce. Tests only: they open each format the way a user's
// program would, to check what is really in it.

/** The CSV as the console's import reads it (RFC 4180, BOM dropped), with the writers' comma. */
export const parseCsv = (input: string): string[][] => parseRfc4180(input, ',');

export async function readXlsx(content: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(content) as unknown as ArrayBuffer);
  return wb;
}

/** The text of every page, one string per page, as a PDF reader extracts it. */
export async function pdfText(content: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(content), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const text = await page.getTextContent();
    pages.push(text.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}
