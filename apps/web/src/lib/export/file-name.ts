import { FILE_EXTENSIONS, type ExportFormat } from './types.ts';

/** "vendors-2026-11-22.csv": base name, ISO date, extension (spec §7). */
export function exportFileName(base: string, format: ExportFormat, now: Date = new Date()): string {
  const safe =
    base
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${now.toISOString().slice(0, 10)}${FILE_EXTENSIONS[format]}`;
}

/** Saves a file the way a link with `download` does: a Blob, an object URL and a click. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a short delay is enough.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
