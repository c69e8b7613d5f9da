import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards API calls to the Fastify server; in production the server serves this build.
const apiTarget = process.env.PRECIOFAB_DEV_API ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    // WEB_DIST_DIR (also read by the server) builds elsewhere, so two checkouts' tests can run side by side.
    outDir: process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
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
