import { resolve } from 'node:path';
import { createDb, type Db, type QueryResult, type Row, type Statement } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import type { Config } from './config.ts';

/** The storage a start opens, and where it lives (for the start's message). */
export type Storage = { db: Db; description: string };

/**
 * Opens the configured storage and applies the migrations it lacks: the first step of a start, the
 * only one /health waits for besides the HTTP app itself. Small on purpose: `main.ts` calls it
 * before it loads the rest of the server, so the embedded database opens in its thread while the
 * main thread loads and builds the app.
 */
export async function openStorage(config: Config): Promise<Storage> {
  const dataDir = resolve(config.DATA_DIR);
  const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return { db, description: config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite at ${dataDir}` };
}

/**
 * The storage being opened, as a `Db` to hand out now: each call waits for the open. The app is
 * built with it while the database opens (building queries nothing), so neither waits for the other.
 */
export function openingDb(kind: Db['kind'], opening: Promise<Storage>): Db {
  const db = () => opening.then((s) => s.db);
  return {
    kind,
    query: async <T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> =>
      (await db()).query<T>(sql, params),
    exec: async (sql: string) => (await db()).exec(sql),
    pipeline: async (statements: readonly Statement[]) => (await db()).pipeline(statements),
    transaction: async <T>(fn: (tx: Db) => Promise<T>) => (await db()).transaction(fn),
    close: async () => (await db()).close(),
  };
}
