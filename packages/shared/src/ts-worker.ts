/**
 * Node only: starts a worker thread on a TypeScript module. On Node 20 a thread inherits neither the
 * process's `--import tsx` nor vitest's transforms, so a small bootstrap registers tsx's hooks in
 * the thread before it imports the entry. In the compiled server the thread runs the entry's bundle.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The file URL of tsx's ESM API, from the exports tsx declares (requiring it would resolve the
 * CommonJS build, which registers nothing for ES modules in a thread). */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const file = manifest.exports['./esm/api']?.import?.default;
  if (!file) throw new Error('tsx does not export its ESM API; cannot start a worker thread');
  return pathToFileURL(join(dirname(manifestPath), file)).href;
}

/** In the compiled server (scripts/build-server.js), each thread entry's bundle, by source path
 * from the checkout's root; undefined when the sources run through tsx. */
declare const PRECIOFAB_THREAD_BUNDLES: Record<string, string> | undefined;

const root = new URL('../../../', import.meta.url);

/** The compiled bundle of a thread entry, when this code runs compiled and has one. */
function compiledEntry(entry: URL): URL | null {
  if (typeof PRECIOFAB_THREAD_BUNDLES === 'undefined' || !entry.href.startsWith(root.href)) return null;
  const bundle = PRECIOFAB_THREAD_BUNDLES[entry.href.slice(root.href.length)];
  return bundle ? new URL(bundle, root) : null;
}

/** `options` are the Worker's own (resourceLimits, name…), except how it is started. */
export function startTsWorker(
  entry: URL,
  workerData: unknown,
  options: Omit<WorkerOptions, 'eval' | 'workerData'> = {},
): Worker {
  const compiled = compiledEntry(entry);
  if (compiled) return new Worker(compiled, { ...options, workerData });
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { ...options, workerData });
  const bootstrap =
    `import(${JSON.stringify(tsxEsmApi())})` +
    `.then((m) => m.register())` +
    `.then(() => import(${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { ...options, eval: true, workerData });
}
