/**
 * `npm start`: the server as built. Builds first only what is missing or older than its sources:
 * the console (`npm run build -w @preciofab/web`, several seconds) and the compiled server
 * (scripts/build-server.js, about a second). Once built, a start goes straight to the compiled
 * server in this process: no second process, no TypeScript loader.
 *
 * JavaScript, not TypeScript, for the same reason as scripts/build-server.js.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuildIsFresh, serverMain } from './build-server.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Files the console's build reads besides the modules Vite lists in its chunk manifest. */
const CONSOLE_EXTRAS = [
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'scripts/precompress.ts',
  'package-lock.json',
];

/**
 * Whether the built console holds its sources as they are: the modules of every chunk (Vite's
 * `.vite/chunks.json`, written by apps/web/vite.config.ts), the public files and the files above
 * are no newer than the build. A source deleted since counts as a change.
 */
function consoleBuildIsFresh() {
  const dist = process.env.WEB_DIST_DIR ?? `${root}apps/web/dist`;
  const manifest = `${dist}/.vite/chunks.json`;
  if (!existsSync(manifest) || !existsSync(`${dist}/index.html`)) return false;
  const builtAt = statSync(manifest).mtimeMs;
  /** @type {Record<string, string[]>} */
  const chunks = JSON.parse(readFileSync(manifest, 'utf8'));
  // Our sources only: packages change with package-lock.json, and Vite's own modules are no files.
  const modules = new Set(
    Object.values(chunks)
      .flat()
      .filter((m) => /^(apps|packages)\//.test(m))
      .map((m) => m.replace(/\?.*$/, '')),
  );
  // Copied as they are: apps/web/public.
  const assets = readdirSync(`${root}apps/web/public`, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(root.length));
  return [...modules, ...assets, ...CONSOLE_EXTRAS].every((file) => {
    const stat = statSync(`${root}${file}`, { throwIfNoEntry: false });
    return stat !== undefined && stat.mtimeMs <= builtAt;
  });
}

if (!consoleBuildIsFresh()) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build', '-w', '@preciofab/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    process.stderr.write('PrecioFab could not start: the console did not build (see above).\n');
    process.exit(built.status ?? 1);
  }
}
if (!serverBuildIsFresh()) {
  const { inputs, ms } = await buildServer();
  process.stdout.write(`Server compiled: ${inputs} modules in ${ms} ms\n`);
}
// Stack traces name the TypeScript sources (the bundles carry source maps), at no cost a start shows.
process.setSourceMapsEnabled(true);
await import(serverMain.href);
