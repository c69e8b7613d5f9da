/**
 * `npm run bench:bundle`: builds nothing itself (run `npm run build` first); starts the server,
 * loads / signed in in Chromium and prints the gzipped JavaScript it needed, file by file, as a
 * Markdown table for docs/PERFORMANCE.md.
 */
import { launchBrowser } from '../e2e/support/browser.ts';
import { INITIAL_JS_BUDGET_GZIP, measureInitialJs } from '../e2e/support/initial-js.ts';
import { startServer } from '../e2e/support/server.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const server = await startServer();
const browser = await launchBrowser();
try {
  const measured = await measureInitialJs(browser, server.baseUrl);
  const lines = [
    '| File | Raw | Gzip |',
    '|---|---:|---:|',
    ...measured.scripts.map(
      (s) => `| \`${s.file.replace(/^\/assets\//, '')}\` | ${kb(s.raw)} | ${kb(s.gzip)} |`,
    ),
    `| **Total (${measured.scripts.length} files)** | **${kb(measured.raw)}** | **${kb(measured.gzip)}** |`,
  ];
  process.stdout.write(
    `${lines.join('\n')}\n\nBudget: ${kb(INITIAL_JS_BUDGET_GZIP)} gzipped → ${measured.gzip <= INITIAL_JS_BUDGET_GZIP ? 'met' : 'NOT MET'}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
}
