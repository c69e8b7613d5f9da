/**
 * `npm run bench:bundle`: builds nothing itself (run `npm run build` first); starts the server,
 * loads / signed in and /login signed out, each in a fresh Chromium context (an empty cache), and
 * prints the JavaScript each fetched, file by file, as transferred (the compressed body the browser
 * received) and as decoded, as Markdown tables for docs/PERFORMANCE.md.
 */
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  INITIAL_JS_BUDGET,
  measurePageJs,
  type ConsoleRoute,
  type NetworkConditions,
} from '../e2e/support/initial-js.ts';
import { startServer } from '../e2e/support/server.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const TITLES: Record<ConsoleRoute, string> = { dashboard: '`/` signed in', login: '`/login`' };
/** A 10 Mbit/s line with 40 ms round trips: a plain home or 4G connection. */
const SLOWER: NetworkConditions = { latencyMs: 40, downloadBytesPerSecond: 10_000_000 / 8 };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startServer();
const browser = await launchBrowser();

/** Times vary from load to load: the median of five, each in a fresh context (empty cache). */
async function shownMs(route: ConsoleRoute, network?: NetworkConditions): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < 5; i += 1)
    ms.push((await measurePageJs(browser, server.baseUrl, route, network)).shownMs);
  return Math.round(median(ms));
}

try {
  for (const route of ['dashboard', 'login'] as const) {
    // One untimed load first, so the server's first-request costs do not land on the figure.
    await measurePageJs(browser, server.baseUrl, route);
    const measured = await measurePageJs(browser, server.baseUrl, route);
    const lines = [
      `### ${TITLES[route]}`,
      '',
      '| File | Transferred | Encoding | Decoded |',
      '|---|---:|---|---:|',
      ...measured.scripts.map(
        (s) =>
          `| \`${s.file.replace(/^\/assets\//, '')}\` | ${kb(s.transferred)} | ${s.encoding} | ${kb(s.raw)} |`,
      ),
      `| **Total (${measured.scripts.length} files)** | **${kb(measured.transferred)}** | | **${kb(measured.raw)}** |`,
      '',
    ];
    const local = await shownMs(route);
    const slower = await shownMs(route, SLOWER);
    lines.push(
      `Shown after ${local} ms on the local server, ${slower} ms through 10 Mbit/s with 40 ms round ` +
        'trips (navigation to content, empty cache, median of 5).',
    );
    if (route === 'dashboard') {
      const met = measured.transferred <= INITIAL_JS_BUDGET ? 'met' : 'NOT MET';
      lines.push(`Budget: ${kb(INITIAL_JS_BUDGET)} transferred → ${met}.`);
    }
    process.stdout.write(`${lines.join('\n')}\n\n`);
  }
} finally {
  await browser.close();
  await server.stop();
}
