/**
 * Stands in for fontkit in the console's build (see vite.config.ts). PDFKit needs fontkit only to
 * embed a font file, and the shared PDF writer draws with the PDF's built-in Helvetica, so the
 * console leaves out the font parser: about 145 KB of the PDF chunk's 215 KB gzipped.
 */
export function create(): never {
  throw new Error('The console embeds no font files: PDFs use the built-in Helvetica.');
}
