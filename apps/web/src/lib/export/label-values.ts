import type { ValueKind } from '../../i18n/use-value-label.ts';
import type { ExportRow, FieldDescriptor } from './types.ts';

export type ValueLabel = (kind: ValueKind, value: string) => string;

/** A cell of a coded field in words ('cm3' → 'cm³', a list of capabilities item by item); any
 * other cell as it is. */
export function labelCell(
  value: unknown,
  field: Pick<FieldDescriptor, 'values'>,
  label: ValueLabel,
): unknown {
  const kind = field.values;
  if (!kind) return value;
  if (typeof value === 'string') return label(kind, value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? label(kind, item) : item));
  return value;
}

/** The rows as the files write them: every coded field in words, in the reader's language. */
export function labelExportRows(
  fields: readonly FieldDescriptor[],
  rows: readonly ExportRow[],
  label: ValueLabel,
): ExportRow[] {
  const coded = fields.filter((f) => f.values);
  if (coded.length === 0) return [...rows];
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const f of coded) if (f.key in out) out[f.key] = labelCell(out[f.key], f, label);
    return out;
  });
}
