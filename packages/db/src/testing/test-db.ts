import { randomBytes } from 'node:crypto';
import { createPgliteDb, createPostgresDb, type Db } from '../client.ts';
import { migrate } from '../migrate.ts';

export type TestDb = {
  db: Db;
  /** With DATABASE_URL: a URL of the same schema, to open a second connection ("another process"). */
  url: string | null;
  drop(): Promise<void>;
};

/** A database for one test file: in-memory PGlite, or with DATABASE_URL a schema of its own on
 * that server, so test files can run side by side. Migrated unless asked otherwise. */
export async function createTestDb(options: { migrated?: boolean } = {}): Promise<TestDb> {
  const migrated = options.migrated ?? true;
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await createPgliteDb();
    if (migrated) await migrate(db);
    return { db, url: null, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(base, 1);
  await admin.exec(`create schema ${schema}`);
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  const url = u.toString();
  const db = createPostgresDb(url, 4);
  if (migrated) await migrate(db);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 10, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
