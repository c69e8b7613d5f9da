const KB = 1024;
const MB = 1024 * 1024;

/** Spec §2: a report's size in B, KB or MB, switching unit at 1024 boundaries. */
export function formatFileSize(bytes: number, locale: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < KB) return `${number(bytes, 0)} B`;
  if (bytes < MB) return `${number(bytes / KB, 1)} KB`;
  return `${number(bytes / MB, 1)} MB`;
}
