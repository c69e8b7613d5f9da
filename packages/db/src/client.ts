import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;
export type QueryResult<T> = { rows: T[]; rowCount: number };

/** One PostgreSQL dialect over two engines: embedded PGlite or a PostgreSQL server. */
export type Db = {
  readonly kind: 'pglite' | 'postgres';
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DbOptions = { databaseUrl?: string | undefined; dataDir?: string | undefined; poolSize?: number };

export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return createPostgresDb(options.databaseUrl, options.poolSize ?? 10);
  return createPgliteDb(options.dataDir);
}

/** PGlite persisted under dataDir (in memory when dataDir is undefined). Writes go through to
 * the files at commit, so an acknowledged row survives a kill of the process. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const wrap = (q: PGlite | Tx): Omit<Db, 'close' | 'kind'> => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (q !== pglite) return fn(self(q)); // already inside a transaction
      return pglite.transaction((tx) => fn(self(tx)));
    },
  });
  const self = (q: PGlite | Tx): Db => ({
    kind: 'pglite',
    ...wrap(q),
    close: async () => {
      if (q === pglite && !pglite.closed) await pglite.close();
    },
  });
  return self(pglite);
}

export function createPostgresDb(connectionString: string, max: number): Db {
  const pool = new pg.Pool({ connectionString, max });
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
