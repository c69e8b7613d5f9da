import { currencyDecimals } from '@preciofab/shared/report-format';
import type { ExportColumn, ExportRow, FieldDataType } from './types.ts';

export type RawValue = string | number | boolean | null;

const toDate = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
};

/** A cell as data (CSV, JSON): numbers stay numbers, dates become ISO 8601, lists join with '|'. */
export function rawValue(value: unknown, dataType: FieldDataType): RawValue {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map(String).join('|');
  switch (dataType) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'date':
      return toDate(value)?.toISOString() ?? String(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A cell for a spreadsheet: like rawValue, but dates stay Date so Excel stores real dates. */
export function sheetValue(value: unknown, dataType: FieldDataType): RawValue | Date {
  if (dataType === 'date' && !Array.isArray(value)) return toDate(value) ?? rawValue(value, dataType);
  return rawValue(value, dataType);
}

export type TextFormat = {
  locale: string;
  yes: string;
  no: string;
};

/** The fixed decimals of a number cell: its row's currency's minor units for an amount in that
 * currency, else the column's (undefined: as many as the value has, up to 4). */
export function decimalsOf(column: ExportColumn, row?: ExportRow): number | undefined {
  if (!column.currencyKey || !row) return column.decimals;
  return currencyDecimals(row[column.currencyKey], column.decimals ?? 2);
}

/** A cell as text for a reader (PDF): numbers, dates and yes/no in the active locale; an amount
 * with its row's currency's decimals. */
export function textValue(value: unknown, column: ExportColumn, format: TextFormat, row?: ExportRow): string {
  const raw = rawValue(value, column.dataType);
  if (raw === null) return '';
  if (typeof raw === 'boolean') return raw ? format.yes : format.no;
  if (typeof raw === 'number') {
    const digits = decimalsOf(column, row);
    return raw.toLocaleString(format.locale, {
      minimumFractionDigits: digits ?? 0,
      maximumFractionDigits: digits ?? 4,
    });
  }
  if (column.dataType === 'date') {
    const date = toDate(raw);
    if (date) {
      return date.toLocaleString(format.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    }
  }
  return Array.isArray(value) ? value.map(String).join(', ') : raw;
}

export const cellOf = (row: ExportRow, column: ExportColumn): unknown => row[column.key];
