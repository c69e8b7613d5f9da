import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate.ts';
import {
  copyPgliteTemplate,
  ensurePgliteTemplate,
  holdsCluster,
  pgliteTemplateDir,
  seedFromPgliteTemplate,
} from './pglite-template.ts';

const dir = mkdtempSync(join(tmpdir(), 'preciofab-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withPglite<T>(dataDir: string, fn: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe('a new PGlite data directory from the template', () => {
  let template: string;
  beforeAll(async () => {
    // The template every new data directory is copied from (made here if the build has not).
    template = (await ensurePgliteTemplate())!;
  });

  it('starts migrated', async () => {
    const fresh = join(dir, 'fresh');
    expect(await seedFromPgliteTemplate(fresh)).toBe(true);
    await withPglite(fresh, async (db) => {
      const applied = await db.query<{ name: string }>('select name from schema_migrations order by name');
      expect(applied.rows.map((r) => r.name)).toEqual(loadMigrations().map((m) => m.name));
    });
  });

  it('is a cluster of its own: what one copy stores, neither the template nor another copy sees', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    expect(await seedFromPgliteTemplate(a)).toBe(true);
    await withPglite(a, (db) => db.exec("create table probe (note text); insert into probe values ('a')"));
    expect(await seedFromPgliteTemplate(b)).toBe(true);
    await withPglite(b, async (db) => {
      const r = await db.query<{ t: string | null }>(`select to_regclass('probe')::text as t`);
      expect(r.rows[0]!.t).toBeNull();
    });
    // A directory that holds a cluster is opened as it is, never copied over.
    expect(await seedFromPgliteTemplate(a)).toBe(false);
    await withPglite(a, async (db) => {
      expect((await db.query<{ note: string }>('select note from probe')).rows).toEqual([{ note: 'a' }]);
    });
    expect(readdirSync(template)).not.toContain('postmaster.pid');
    await withPglite(template, async (db) => {
      const r = await db.query<{ t: string | null }>(`select to_regclass('probe')::text as t`);
      expect(r.rows[0]!.t).toBeNull();
    });
  });

  it('finishes a copy cut short (everything but PG_VERSION written) and opens', async () => {
    const cut = join(dir, 'cut');
    cpSync(template, cut, { recursive: true, filter: (source) => source !== join(template, 'PG_VERSION') });
    expect(holdsCluster(cut)).toBe(false);
    expect(await seedFromPgliteTemplate(cut)).toBe(true);
    await withPglite(cut, async (db) => {
      expect((await db.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
    });
  });

  it('leaves a folder holding other files alone', async () => {
    const foreign = join(dir, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'mine');
    expect(await seedFromPgliteTemplate(foreign)).toBe(false);
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
  });
});

describe('the template', () => {
  // initdb and the migrations stood in for by a fake cluster (the race is in the renaming around them).
  const fakeMake = (made: string[]) => async (dataDir: string) => {
    made.push(dataDir);
    await new Promise((resolve) => setTimeout(resolve, 50));
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'base', 'file'), 'x');
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
  };

  it('is made whole once by processes racing to make it, then only read', async () => {
    const cache = join(dir, 'cache');
    const template = join(cache, 'pglite-test');
    const made: string[] = [];
    const make = fakeMake(made);
    const [first, second] = await Promise.all([
      ensurePgliteTemplate({ dir: template, make }),
      ensurePgliteTemplate({ dir: template, make }),
    ]);
    expect(first).toBe(template);
    expect(second).toBe(template);
    expect(made).toHaveLength(2);
    // The loser's work is gone.
    expect(readdirSync(cache)).toEqual(['pglite-test']);
    expect(await ensurePgliteTemplate({ dir: template, make })).toBe(template);
    expect(made).toHaveLength(2);
    const target = join(dir, 'from-fake');
    await copyPgliteTemplate(template, target);
    expect(readdirSync(target).sort()).toEqual(['PG_VERSION', 'base']);

    // A new template replaces those of other migrations, never one being made.
    mkdirSync(join(cache, 'pglite-test.making-1-abcdef12'));
    const next = join(cache, 'pglite-next');
    expect(await ensurePgliteTemplate({ dir: next, make })).toBe(next);
    expect(readdirSync(cache).sort()).toEqual(['pglite-next', 'pglite-test.making-1-abcdef12']);
  });

  it('is not made where it cannot be written: initdb then runs as before', async () => {
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file where the cache folder would be');
    const options = { dir: join(blocked, 'pglite-test'), make: fakeMake([]) };
    expect(await ensurePgliteTemplate(options)).toBeNull();
    const target = join(dir, 'not-seeded');
    expect(await seedFromPgliteTemplate(target, options)).toBe(false);
    expect(existsSync(join(target, 'PG_VERSION'))).toBe(false);
  });

  it('gone while being copied: the data directory is emptied again and initdb runs instead', async () => {
    const template = join(dir, 'vanishing');
    await ensurePgliteTemplate({ dir: template, make: fakeMake([]) });
    // A file the copy cannot find, as when a newer template replaced this one meanwhile.
    symlinkSync(join(dir, 'nowhere'), join(template, 'base', 'gone'));
    const target = join(dir, 'half-copied');
    expect(await seedFromPgliteTemplate(target, { dir: template })).toBe(false);
    expect(readdirSync(target)).toEqual([]);
  });

  it('is named after the migrations: another set, another template', () => {
    const migrations = loadMigrations();
    const changed = [
      ...migrations.slice(0, -1),
      { ...migrations.at(-1)!, sql: `${migrations.at(-1)!.sql}\n-- edited` },
    ];
    expect(pgliteTemplateDir(migrations)).toBe(pgliteTemplateDir());
    expect(pgliteTemplateDir(changed)).not.toBe(pgliteTemplateDir(migrations));
  });
});
