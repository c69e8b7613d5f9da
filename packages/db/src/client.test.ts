import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutJit } from './client.ts';
import { createTestDb, type TestDb } from './testing/test-db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ migrated: false });
});
afterAll(() => t.drop());

describe('the storage client', () => {
  it('adds JIT off to a connection string after the options it carries', () => {
    const options = (url: string) => new URL(url).searchParams.get('options');
    expect(options(withoutJit('postgres://u@127.0.0.1:5432/db'))).toBe('-c jit=off');
    expect(options(withoutJit('postgres://u@h/db?options=-c%20search_path%3Ds1&sslmode=disable'))).toBe(
      '-c search_path=s1 -c jit=off',
    );
    expect(new URL(withoutJit('postgres://u:p%40ss@h:5433/db?sslmode=disable')).password).toBe('p%40ss');
    expect(withoutJit('not a url')).toBe('not a url');
  });

  it('runs every PostgreSQL connection without JIT, pooled or in a transaction (PGlite has none)', async () => {
    const setting = async () => (await t.db.query<{ jit: string }>('show jit')).rows[0]!.jit;
    // Several at once, so the pool opens more than one connection.
    const pooled = await Promise.all([setting(), setting(), setting(), setting()]);
    const inTransaction = await t.db.transaction(
      async (tx) => (await tx.query<{ jit: string }>('show jit')).rows[0]!.jit,
    );
    if (t.db.kind === 'postgres') {
      expect(pooled).toEqual(['off', 'off', 'off', 'off']);
      expect(inTransaction).toBe('off');
    } else {
      // PGlite is built without LLVM: whatever the setting says, nothing is compiled.
      const available = await t.db.query<{ a: boolean }>('select pg_jit_available() as a');
      expect(available.rows[0]!.a).toBe(false);
    }
  });
});
