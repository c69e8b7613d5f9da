/** Spec §9: the estimate counts 50 bytes per field per row. */
export const BYTES_PER_CELL = 50;

export const estimateBytes = (fieldCount: number, rowCount: number): number =>
  Math.max(0, fieldCount) * Math.max(0, rowCount) * BYTES_PER_CELL;

export type SizeParts = { value: number; unit: 'B' | 'KB' | 'MB' };

/** B below 1024, KB below 1024², MB above (1024 boundaries, as the report sizes). */
export function sizeParts(bytes: number): SizeParts {
  if (bytes < 1024) return { value: bytes, unit: 'B' };
  if (bytes < 1024 * 1024) return { value: Math.round((bytes / 1024) * 10) / 10, unit: 'KB' };
  return { value: Math.round((bytes / (1024 * 1024)) * 10) / 10, unit: 'MB' };
}

export function formatBytes(bytes: number, locale: string): string {
  const { value, unit } = sizeParts(bytes);
  return `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ${unit}`;
}
