import { mkdirSync } from 'node:fs';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { loadPg } from './load-pg.ts';
import { startPgliteThread } from './pglite-host.ts';
import { seedFromPgliteTemplate } from './pglite-template.ts';

export type Row = Record<string, unknown>;
export type QueryResult<T> = { rows: T[]; rowCount: number };
export type Statement = { sql: string; params?: readonly unknown[] };

/** One PostgreSQL dialect over two engines: embedded PGlite or a PostgreSQL server. */
export type Db = {
  readonly kind: 'pglite' | 'postgres';
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs statements one after another and returns their results, in one round trip where the
   * engine allows it (embedded PGlite runs in another thread). A failing statement stops the rest
   * and rejects; inside a transaction, that transaction is then to be rolled back. */
  pipeline(statements: readonly Statement[]): Promise<QueryResult<Row>[]>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DbOptions = { databaseUrl?: string | undefined; dataDir?: string | undefined; poolSize?: number };

export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return createPostgresDb(options.databaseUrl, options.poolSize ?? 10);
  return createPgliteDb(options.dataDir);
}

/** PGlite persisted under dataDir (in memory when dataDir is undefined), running in a thread of
 * its own (see `pglite-host.ts`). Writes go through to the files at commit, so an acknowledged row
 * survives a kill of the process. The directory is this process's until it closes the database
 * (`data-dir-lock.ts`). A new data directory starts as a copy of a migrated template
 * (`pglite-template.ts`) rather than with initdb and every migration. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (!dataDir) return startPgliteThread(undefined);
  mkdirSync(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  try {
    await seedFromPgliteTemplate(dataDir);
    const db = await startPgliteThread(dataDir);
    return {
      ...db,
      async close() {
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** A pipeline on PostgreSQL: the statements one after another on the same client (or the pool). */
async function oneByOne(
  query: (sql: string, params: readonly unknown[]) => Promise<pg.QueryResult>,
  statements: readonly Statement[],
): Promise<QueryResult<Row>[]> {
  const results: QueryResult<Row>[] = [];
  for (const st of statements) {
    const r = await query(st.sql, st.params ?? []);
    results.push({ rows: r.rows as Row[], rowCount: r.rowCount ?? 0 });
  }
  return results;
}

/** The connection string with JIT off for every connection, after any options it carries: above
 * jit_above_cost PostgreSQL compiles a plan first (tens of ms), which none of this product's
 * statements runs long enough to pay back (the chart views' aggregations cost more with it; the
 * benchmark calculation's 450 ms at 1M rows were the same without it). */
export function withoutJit(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const options = url.searchParams.get('options');
    url.searchParams.set('options', options ? `${options} -c jit=off` : '-c jit=off');
    return url.toString();
  } catch {
    return connectionString;
  }
}

export function createPostgresDb(connectionString: string, max: number): Db {
  const pool = new (loadPg().Pool)({ connectionString: withoutJit(connectionString), max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const fromClient = (client: pg.PoolClient): Db => ({
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    pipeline(statements) {
      return oneByOne((sql, params) => client.query(sql, params as unknown[]), statements);
    },
    transaction: (fn) => fn(fromClient(client)),
    close: async () => undefined,
  });
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    pipeline(statements) {
      return oneByOne((sql, params) => pool.query(sql, params as unknown[]), statements);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(fromClient(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
