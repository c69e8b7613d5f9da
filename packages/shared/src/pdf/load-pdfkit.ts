import type PDFDocument from 'pdfkit';

type PdfKitModule = {
  default: typeof PDFDocument;
  /** Only in the browser build, which knows no font until it is given one. */
  registerStdFonts?: (...fonts: unknown[]) => void;
};

let loading: Promise<typeof PDFDocument> | null = null;

/**
 * PDFKit, loaded when a PDF is asked for (in the console it is a chunk of its own). In Node it
 * reads its fonts from its own files; its browser build is handed the two it draws with, Helvetica
 * and Helvetica-Bold, the PDF's built-in fonts, so no font file is ever embedded.
 */
export function loadPdfKit(): Promise<typeof PDFDocument> {
  loading ??= (async () => {
    const pdfkit = (await import('pdfkit')) as unknown as PdfKitModule;
    if (pdfkit.registerStdFonts) {
      const [regular, bold] = await Promise.all([
        // @ts-expect-error -- PDFKit's font data ships without types.
        import('pdfkit/standard-fonts/Helvetica') as Promise<{ default: unknown }>,
        // @ts-expect-error -- PDFKit's font data ships without types.
        import('pdfkit/standard-fonts/HelveticaBold') as Promise<{ default: unknown }>,
      ]);
      pdfkit.registerStdFonts(regular.default, bold.default);
    }
    return pdfkit.default;
  })().catch((error: unknown) => {
    // A chunk that failed to load (the network) is fetched again next time.
    loading = null;
    throw error;
  });
  return loading;
}
