/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * a built console, once at build time, so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request. Used by apps/web/vite.config.ts.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Types that compress well; images and fonts other than SVG are compressed already. */
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map']);
/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;
/** A copy is written only if it is at most this share of the original. */
export const MAX_RATIO = 0.9;
/** Files compressed at once: zlib runs them on libuv's pool (4 threads by default). */
const CONCURRENCY = 4;

export type PrecompressedFile = { file: string; raw: number; br: number | null; gzip: number | null };

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const hidden = (path: string) =>
    relative(dir, path)
      .split(sep)
      .some((part) => part.startsWith('.'));
  // Dot-folders (Vite's .vite/ manifests) are build records, not served.
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !hidden(path));
}

async function compressOne(path: string): Promise<Omit<PrecompressedFile, 'file'> | null> {
  const raw = await readFile(path);
  if (raw.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const pays = (encoded: Buffer) => encoded.length <= raw.length * MAX_RATIO;
  if (pays(br)) await writeFile(`${path}.br`, br);
  if (pays(gz)) await writeFile(`${path}.gz`, gz);
  return { raw: raw.length, br: pays(br) ? br.length : null, gzip: pays(gz) ? gz.length : null };
}

/** Compresses every text file of `dir` (recursively) of at least MIN_BYTES; returns what it wrote. */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const files = (await listFiles(dir)).filter((path) => TEXT_EXTENSIONS.has(extname(path)));
  const results: PrecompressedFile[] = [];
  const queue = [...files];
  const work = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const sizes = await compressOne(path);
      if (sizes && (sizes.br !== null || sizes.gzip !== null))
        results.push({ file: relative(dir, path), ...sizes });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}
