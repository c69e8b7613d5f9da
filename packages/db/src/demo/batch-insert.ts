import type { Db } from '../client.ts';

/** A value as the seed builds it; serialized to text and cast to the column type in SQL. */
export type Cell = string | number | boolean | Date | null | readonly unknown[] | Record<string, unknown>;
export type Row = Record<string, Cell>;

export type InsertSpec = {
  /** Column name to SQL type (the cast applied to the text sent), in insert order. */
  types: Record<string, string>;
  batchSize?: number;
};

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function pgArrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function toText(value: Cell | undefined, type: string, column: string): string | null {
  if (value === undefined) throw new Error(`no value for column ${column}`);
  if (value === null) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  if (type.endsWith('[]')) {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      throw new Error(`expected an array of strings for ${column}`);
    }
    return pgArrayLiteral(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') {
    // Decimals travel as exact text built from scaled integers, never as floats.
    if (!Number.isSafeInteger(value)) throw new Error(`pass ${column} as decimal text, not ${value}`);
    return String(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  throw new Error(`cannot serialize a value for ${column} (${type})`);
}

/** Inserts rows in batches with one parameterized `insert ... select ... from unnest($1::text[], …)`
 * per batch: one text array per column, so a batch of any size costs one round trip. */
export async function insertRows(
  db: Db,
  table: string,
  spec: InsertSpec,
  rows: readonly Row[],
): Promise<number> {
  const columns = Object.entries(spec.types);
  const names = columns.map(([name]) => quoteIdent(name)).join(', ');
  const casts = columns.map(([name, type]) => `${quoteIdent(name)}::${type}`).join(', ');
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const sql = `insert into ${quoteIdent(table)} (${names}) select ${casts} from unnest(${arrays}) as u(${names})`;
  for (const row of rows) {
    const stray = Object.keys(row).find((key) => !(key in spec.types));
    if (stray) throw new Error(`${table}: ${stray} is not a column of the insert`);
  }
  const batchSize = spec.batchSize ?? 1000;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await db.query(
      sql,
      columns.map(([name, type]) => batch.map((row) => toText(row[name], type, `${table}.${name}`))),
    );
  }
  return rows.length;
}
