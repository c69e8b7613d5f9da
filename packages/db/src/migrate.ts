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

/** Applies, in order and in one transaction, the migrations not applied yet: all or none. Forward only. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
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
