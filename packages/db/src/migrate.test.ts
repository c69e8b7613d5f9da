import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from './client.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { createTestDb } from './testing/test-db.ts';

const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of opened.reverse()) await close();
});

async function emptyDatabases(): Promise<[string, Db][]> {
  const pglite = await createPgliteDb();
  opened.push(() => pglite.close());
  const dbs: [string, Db][] = [['pglite', pglite]];
  if (process.env.DATABASE_URL) {
    const pg = await createTestDb({ migrated: false });
    opened.push(() => pg.drop());
    dbs.push(['postgres', pg.db]);
  }
  return dbs;
}

describe('migrations', () => {
  it('are numbered, forward-only files', () => {
    const names = loadMigrations().map((m) => m.name);
    expect(names[0]).toBe('0001_init.sql');
    expect([...names].sort()).toEqual(names);
  });

  it('apply in full to an empty database on every engine, then are a no-op', async () => {
    for (const [kind, db] of await emptyDatabases()) {
      const applied = await migrate(db);
      expect(applied, kind).toEqual(loadMigrations().map((m) => m.name));
      expect(await migrate(db), kind).toEqual([]);
      const tables = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
      );
      const names = tables.rows.map((r) => r.table_name);
      for (const t of [
        'vendors',
        'crawl_targets',
        'price_observations',
        'offers',
        'benchmarks',
        'discovery_sources',
        'discovery_candidates',
        'reports',
        'crawl_runs',
        'users',
        'fx_rates',
        'activity_log',
        'jobs',
      ]) {
        expect(names, `${kind}: ${t}`).toContain(t);
      }
      // Money is numeric, never float.
      const floats = await db.query(
        `select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('real', 'double precision')`,
      );
      expect(floats.rows, kind).toEqual([]);
    }
  });

  it('check an up-to-date database with reads only: no DDL, no transaction, no lock', async () => {
    for (const [kind, db] of await emptyDatabases()) {
      await migrate(db);
      const seen: string[] = [];
      const watched: Db = {
        ...db,
        query: (sql, params) => {
          seen.push(sql);
          return db.query(sql, params);
        },
        exec: (sql) => {
          seen.push(`exec: ${sql}`);
          return db.exec(sql);
        },
        transaction: (fn) => {
          seen.push('transaction');
          return db.transaction(fn);
        },
      };
      expect(await migrate(watched), kind).toEqual([]);
      expect(seen.length, kind).toBeGreaterThan(0);
      expect(
        seen.every((sql) => /^select /.test(sql)),
        `${kind}: ${seen.join(' | ')}`,
      ).toBe(true);
      // A migration not applied yet takes the full path.
      const more = [
        ...loadMigrations(),
        { name: '9999_probe.sql', sql: 'create table probe_more (id int);' },
      ];
      expect(await migrate(watched, more), kind).toEqual(['9999_probe.sql']);
      expect(seen, kind).toContain('transaction');
    }
  });

  it('roll back a migration that fails, leaving no trace', async () => {
    const db = await createPgliteDb();
    opened.push(() => db.close());
    const bad = [
      { name: '0001_ok.sql', sql: 'create table a (id int);' },
      { name: '0002_bad.sql', sql: 'create table b (id int); select * from nowhere;' },
    ];
    await expect(migrate(db, bad)).rejects.toThrow();
    const r = await db.query(`select to_regclass('a') as a, to_regclass('b') as b`);
    expect(r.rows[0]).toEqual({ a: null, b: null });
  });
});
