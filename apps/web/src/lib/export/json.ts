import { rawValue } from './values.ts';
import type { ExportColumn, ExportRow } from './types.ts';

export type JsonOptions = { prettyPrint: boolean };

/** Spec §7: an array of objects keyed by the field labels, indented by 2 with pretty print. */
export function buildJson(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  options: JsonOptions,
): string {
  const records = rows.map((row) =>
    Object.fromEntries(columns.map((c) => [c.label, rawValue(row[c.key], c.dataType)])),
  );
  return JSON.stringify(records, null, options.prettyPrint ? 2 : undefined);
}
