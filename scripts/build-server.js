/**
 * The server compiled once, ahead of its start: `apps/server/dist/`, one ES module per entry (the
 * server and each thread it starts), our packages bundled in, every npm package left to Node.
 * Run through tsx, a start spends over a second transpiling and resolving some 250 TypeScript
 * modules through a loader thread, and again in each worker thread; the bundle loads in a fraction
 * of that (docs/PERFORMANCE.md, "Start").
 *
 * JavaScript, not TypeScript: `npm start` (scripts/start.js) reads it before anything is compiled,
 * and must not pay tsx's own start to do so.
 *
 * `node scripts/build-server.js` builds (part of `npm run build`); `npm start` rebuilds when a source
 * the bundle holds is newer than it (serverBuildIsFresh).
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = 'apps/server/dist';
/** Written last: which sources the bundle holds (from esbuild's metafile), read when. */
const MANIFEST = `${outdir}/build.json`;

/**
 * The entries, by the name of their bundle. The threads are started by `startTsWorker` with the
 * URL of their source; in the bundle it finds their compiled file through PRECIOFAB_THREAD_BUNDLES
 * (packages/shared/src/ts-worker.ts).
 */
const ENTRIES = {
  main: 'apps/server/src/main.ts',
  'pglite-thread': 'packages/db/src/pglite-thread.ts',
  'extract-thread': 'packages/extract/src/thread/extract-thread.ts',
  'report-thread': 'apps/worker/src/reports/thread/report-thread.ts',
  'discovery-thread': 'apps/worker/src/discovery/thread/discovery-thread.ts',
};

/** Bundles our workspaces (`@preciofab/*` and relative imports); leaves npm packages external. */
const externalPackages = {
  name: 'preciofab:external-packages',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@preciofab/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` keeps meaning the source file's URL, so what a module finds beside its source
 * (migrations, package.json, the built console, a thread's entry) it still finds from the bundle.
 * The URL is rebuilt from the bundle's own at run time (`__preciofabRoot`, see the banner): the
 * checkout may move.
 */
const sourceUrls = {
  name: 'preciofab:source-urls',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const rel = relative(root, args.path).split('\\').join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(rel)}, __preciofabRoot).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** Builds the bundles and their manifest. */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const started = performance.now();
  // The sources as they are now: one edited while esbuild runs is newer than the build.
  const builtFrom = Date.now();
  const threads = Object.fromEntries(
    Object.entries(ENTRIES)
      .filter(([name]) => name !== 'main')
      .map(([name, source]) => [source, `${outdir}/${name}.js`]),
  );
  // No chunk of an earlier build stays behind.
  rmSync(`${root}${outdir}`, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    splitting: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Each file's way back to the checkout's root (every file sits in apps/server/dist/).
    banner: { js: "const __preciofabRoot = new URL('../../../', import.meta.url);" },
    define: { PRECIOFAB_THREAD_BUNDLES: JSON.stringify(threads) },
    plugins: [externalPackages, sourceUrls],
  });
  // Its service process would outlive the build for as long as this process (the server) runs.
  await esbuild.stop();
  // Our source files (esbuild also lists packages it resolved and its `define`s).
  const inputs = Object.keys(result.metafile.inputs).filter((f) => /^(apps|packages)\//.test(f));
  writeFileSync(`${root}${MANIFEST}`, `${JSON.stringify({ builtFrom, inputs }, null, 1)}\n`);
  return { inputs: inputs.length, ms: Math.round(performance.now() - started) };
}

/** Whether the bundle holds the sources as they are: built, and no source (nor this script) newer. */
export function serverBuildIsFresh() {
  const manifest = `${root}${MANIFEST}`;
  if (!existsSync(manifest)) return false;
  /** @type {{ builtFrom: number, inputs: string[] }} */
  const { builtFrom, inputs } = JSON.parse(readFileSync(manifest, 'utf8'));
  const sources = [...inputs, 'scripts/build-server.js', 'package-lock.json'];
  const outputs = Object.keys(ENTRIES).map((name) => `${outdir}/${name}.js`);
  return (
    outputs.every((f) => existsSync(`${root}${f}`)) &&
    sources.every((f) => {
      const stat = statSync(`${root}${f}`, { throwIfNoEntry: false });
      return stat !== undefined && stat.mtimeMs <= builtFrom;
    })
  );
}

/** The compiled server's entry. */
export const serverMain = pathToFileURL(`${root}${outdir}/main.js`);

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const { inputs, ms } = await buildServer();
  process.stdout.write(`Server compiled: ${inputs} modules into ${outdir}/ in ${ms} ms\n`);
}
