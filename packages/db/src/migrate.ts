import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url));
// Arbitrary constant: serializes migration runs of several processes on one PostgreSQL.
const MIGRATION_LOCK = 7_306_411;

export type Migration = { name: string; sql: string };

export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(dir + name, 'utf8') }));
}

/** The names of the migrations applied, or null before the first (no schema_migrations table). */
async function appliedNames(db: Db): Promise<Set<string> | null> {
  const table = await db.query<{ present: boolean }>(
    `select to_regclass('schema_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return null;
  const r = await db.query<{ name: string }>('select name from schema_migrations');
  return new Set(r.rows.map((row) => row.name));
}

/** Applies, in order and in one transaction, the migrations not applied yet: all or none. Forward only.
 * An up-to-date database costs two reads and no lock: the usual start. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  const done = await appliedNames(db);
  if (done && migrations.every((m) => done.has(m.name))) return [];
  await db.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
