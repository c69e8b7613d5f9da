import { defaultFieldKeys } from './field-sets.ts';
import type { ExportConfig, ExportFormat, FieldCategory, FieldDescriptor, FormatOptions } from './types.ts';

export type ConfigAction =
  | { type: 'toggle'; key: string }
  | { type: 'toggleCategory'; category: FieldCategory; on: boolean }
  | { type: 'selectAll' }
  | { type: 'clearAll' }
  | { type: 'reset' }
  | { type: 'format'; format: ExportFormat }
  | { type: 'option'; name: keyof FormatOptions; value: boolean };

/** The dialog's state changes. Selected keys keep the order of the field set, so the columns of
 * the file do not depend on the order of the clicks. */
export function exportConfigReducer(fields: readonly FieldDescriptor[]) {
  const ordered = (keys: ReadonlySet<string>) => fields.map((f) => f.key).filter((k) => keys.has(k));
  return (state: ExportConfig, action: ConfigAction): ExportConfig => {
    const selected = new Set(state.selectedFields);
    switch (action.type) {
      case 'toggle':
        if (selected.has(action.key)) selected.delete(action.key);
        else if (fields.some((f) => f.key === action.key)) selected.add(action.key);
        return { ...state, selectedFields: ordered(selected) };
      case 'toggleCategory':
        for (const f of fields.filter((f) => f.category === action.category)) {
          if (action.on) selected.add(f.key);
          else selected.delete(f.key);
        }
        return { ...state, selectedFields: ordered(selected) };
      case 'selectAll':
        return { ...state, selectedFields: fields.map((f) => f.key) };
      case 'clearAll':
        return { ...state, selectedFields: [] };
      case 'reset':
        return { ...state, selectedFields: defaultFieldKeys(fields) };
      case 'format':
        return { ...state, format: action.format };
      case 'option':
        return { ...state, formatOptions: { ...state.formatOptions, [action.name]: action.value } };
    }
  };
}

/** Which format options apply to a format (the dialog shows only those). */
export const OPTIONS_BY_FORMAT: Record<ExportFormat, ReadonlyArray<keyof FormatOptions>> = {
  csv: ['includeHeaders'],
  excel: ['includeHeaders', 'separateSheets'],
  json: ['prettyPrint'],
  pdf: ['includeCharts'],
};

export type Preview = {
  columns: FieldDescriptor[];
  rows: unknown[][];
  extraColumns: number;
  extraRows: number;
};

/** Spec §9: the preview shows at most 5 columns and 3 rows, and counts what it leaves out. */
export function buildPreview(
  fields: readonly FieldDescriptor[],
  selected: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
  maxColumns = 5,
  maxRows = 3,
): Preview {
  const chosen = fields.filter((f) => selected.includes(f.key));
  const columns = chosen.slice(0, maxColumns);
  return {
    columns,
    rows: rows.slice(0, maxRows).map((row) => columns.map((c) => row[c.key])),
    extraColumns: Math.max(0, chosen.length - maxColumns),
    extraRows: Math.max(0, rows.length - maxRows),
  };
}
