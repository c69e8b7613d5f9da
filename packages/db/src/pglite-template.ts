/**
 * A new embedded database without initdb or migrations. On an empty data directory PGlite runs initdb
 * in WebAssembly (a second PGlite instance, writing through a proxy file system), then the start
 * applies every migration, each statement on a path of PostgreSQL's code the WebAssembly engine has
 * not compiled yet: 5–15 s on a 2-core machine, most of a first start. Every new database of one
 * PGlite version and one set of migrations starts out the same, so one is made once, shut down
 * cleanly, kept as a template, and copied into each new data directory (a fraction of a second).
 *
 * The template lives in `node_modules/.cache/preciofab/`, named after the PGlite version and a hash
 * of the migrations: a new migration or a new PGlite makes a new one, which replaces the old. `npm
 * run build` makes it; otherwise the first start that needs one does, at the cost a first start had
 * before. Where it cannot be written (a read-only install), PGlite's own initdb runs as before.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LOCK_FILE } from './data-dir-lock.ts';
import { migrate, loadMigrations, type Migration } from './migrate.ts';
import { startPgliteThread } from './pglite-host.ts';

/** PostgreSQL writes this file last in initdb, and PGlite takes a directory holding it for a
 * cluster: it is copied last, so a copy cut short is copied again rather than opened. */
const CLUSTER_MARK = 'PG_VERSION';
const CACHE_PREFIX = 'pglite-';

/** Where templates are kept: `<node_modules>/.cache/preciofab`, beside the installed PGlite. */
function cacheDir(): string {
  // The package's main entry is `<node_modules>/@electric-sql/pglite/dist/index.cjs`.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return join(dirname(dirname(dirname(dirname(entry)))), '.cache', 'preciofab');
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(dirname(entry)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The template for this PGlite version and these migrations. */
export function pgliteTemplateDir(migrations: Migration[] = loadMigrations()): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.name}\n${m.sql}\n`);
  return join(cacheDir(), `${CACHE_PREFIX}${pgliteVersion()}-${hash.digest('hex').slice(0, 12)}`);
}

/** Whether `dataDir` holds a cluster (PGlite opens it as it is). */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, CLUSTER_MARK));
}

/** Makes a migrated cluster in an empty directory: PGlite's initdb, every migration, a clean close. */
async function makeMigratedCluster(dir: string): Promise<void> {
  const db = await startPgliteThread(dir);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

export type TemplateOptions = {
  /** The template's directory (pgliteTemplateDir() by default). */
  dir?: string;
  /** Fills an empty directory with a cluster (makeMigratedCluster by default; a unit test's stand-in). */
  make?: (dir: string) => Promise<void>;
};

/**
 * The template's directory, made first when there is none. Made under a name of its own and renamed
 * into place, so a reader never sees half a template and two processes making one at once both end
 * up with a whole one. Null when it cannot be written.
 */
export async function ensurePgliteTemplate(options: TemplateOptions = {}): Promise<string | null> {
  const template = options.dir ?? pgliteTemplateDir();
  if (holdsCluster(template)) return template;
  const making = `${template}.making-${process.pid}-${randomUUID().slice(0, 8)}`;
  try {
    mkdirSync(making, { recursive: true });
    await (options.make ?? makeMigratedCluster)(making);
    renameSync(making, template);
    removeOtherTemplates(template);
  } catch {
    // Another process renamed its template first (the directory is then not empty), or the cache
    // cannot be written: theirs is whole, or there is none and initdb runs as before.
    try {
      rmSync(making, { recursive: true, force: true });
    } catch {
      // Nothing was made to remove.
    }
  }
  return holdsCluster(template) ? template : null;
}

/** Removes the templates of other migrations or PGlite versions, never one being made. A start
 * copying one of them meanwhile finds it gone and runs initdb instead (seedFromPgliteTemplate). */
function removeOtherTemplates(template: string): void {
  const parent = dirname(template);
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (name.startsWith(CACHE_PREFIX) && !name.includes('.making-') && path !== template) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** Every file under `dir`, relative to it, and every folder (parents first). */
function listTree(dir: string, prefix = ''): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      folders.push(path);
      const inner = listTree(dir, path);
      files.push(...inner.files);
      folders.push(...inner.folders);
    } else files.push(path);
  }
  return { files, folders };
}

/**
 * Copies the template into `dataDir` (which holds no cluster): every file, several at a time (a
 * copy-on-write clone where the file system makes them), then `PG_VERSION` through a rename, so the
 * directory becomes a cluster all at once. Leftovers of an earlier copy that was cut short are
 * overwritten. PGlite itself never calls fsync: as for every write it makes, the copy survives a
 * killed process (the files are in the kernel's cache), not a power cut.
 */
export async function copyPgliteTemplate(template: string, dataDir: string): Promise<void> {
  const { files, folders } = listTree(template);
  mkdirSync(dataDir, { recursive: true });
  for (const folder of folders) mkdirSync(join(dataDir, folder), { recursive: true });
  const queue = files.filter((f) => f !== CLUSTER_MARK);
  const copyNext = async (): Promise<void> => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      await copyFile(join(template, file), join(dataDir, file), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: 8 }, copyNext));
  const mark = join(dataDir, `${CLUSTER_MARK}.copying`);
  writeFileSync(mark, readFileSync(join(template, CLUSTER_MARK)));
  renameSync(mark, join(dataDir, CLUSTER_MARK));
}

/** Names a data directory holds (top level) in a cluster, or while a copy of one is under way. */
const CLUSTER_ENTRY = /^(PG_VERSION(\.copying)?|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;

/** Whether `dataDir` is empty, or holds only what a copy cut short leaves (and our lock): a folder
 * holding other files is left to PGlite (which refuses it), never filled with a cluster. */
function emptyOrPartialCopy(dataDir: string): boolean {
  if (!existsSync(dataDir)) return true;
  return readdirSync(dataDir).every((name) => CLUSTER_ENTRY.test(name) || name === LOCK_FILE);
}

/** Gives an empty `dataDir` a migrated cluster from the template (making the template first if
 * need be). Returns false when it does not: the directory holds a cluster already, or other files,
 * or there is no template; PGlite then opens it, or runs initdb, as it would. */
export async function seedFromPgliteTemplate(
  dataDir: string,
  options: TemplateOptions = {},
): Promise<boolean> {
  if (holdsCluster(dataDir) || !emptyOrPartialCopy(dataDir)) return false;
  const template = await ensurePgliteTemplate(options);
  if (!template) return false;
  try {
    await copyPgliteTemplate(template, dataDir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // The template went away meanwhile (a new one replaced it): initdb, on an empty directory.
    for (const name of readdirSync(dataDir)) {
      if (CLUSTER_ENTRY.test(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
    }
    return false;
  }
}
