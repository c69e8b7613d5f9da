import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../../scripts/precompress.ts';

// The dev server forwards API calls to the Fastify server; in production the server serves this build.
const apiTarget = process.env.PRECIOFAB_DEV_API ?? 'http://localhost:3000';
// WEB_DIST_DIR (also read by the server) builds elsewhere, so two checkouts' tests can run side by side.
const outDir = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('./dist', import.meta.url));

/** Brotli and gzip copies of every text file, written once after the build; the server sends the
 * one the browser accepts (apps/server/src/http/console-files.ts). */
function precompress(): Plugin {
  return {
    name: 'preciofab:precompress',
    apply: 'build',
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/** The source modules of each built chunk, in .vite/chunks.json beside Vite's own manifest (the
 * server serves no dot-folder): e2e/bundle.e2e.ts checks with it that /login fetches no code of the
 * signed-in screens, and `npm run bench:bundle` names what the first load carries. */
function chunkModules(): Plugin {
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  return {
    name: 'preciofab:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) =>
          id.startsWith('\0') ? id.slice(1) : relative(repoRoot, id),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), chunkModules(), precompress()],
  resolve: {
    // PDFKit imports fontkit only to embed font files; the PDFs use the built-in Helvetica.
    alias: { fontkit: fileURLToPath(new URL('./src/lib/export/fontkit-stub.ts', import.meta.url)) },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The server's CSP allows no data: URIs for scripts and styles; keep every asset a file.
    assetsInlineLimit: 0,
    // ECharts (670 kB) and exceljs (930 kB) are big, but each loads only when a chart or an .xlsx
    // export needs it; the initial budget is held by e2e/bundle.e2e.ts, not by this warning.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    proxy: {
      '/api/v1/ws': { target: apiTarget, ws: true, changeOrigin: true },
      '/api': { target: apiTarget, changeOrigin: true },
      '/health': { target: apiTarget, changeOrigin: true },
      '/docs': { target: apiTarget, changeOrigin: true },
    },
  },
});
