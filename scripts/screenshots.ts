/**
 * `npm run screenshots`: the console's main screens on the demo database, in Chromium, into
 * docs/screenshots/ (shown in the README). Run `npm run build` first (the server serves the build).
 */
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser.ts';
import { apiLogin, prepareContext } from '../e2e/support/auth.ts';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';

type Shot = { file: string; route: string; width?: number; theme?: 'light' | 'dark'; language?: 'es' | 'en' };
const SHOTS: Shot[] = [
  { file: 'dashboard.png', route: '/' },
  { file: 'vendors.png', route: '/vendors' },
  { file: 'prices.png', route: '/prices' },
  { file: 'benchmarks.png', route: '/benchmarks' },
  { file: 'discovery.png', route: '/discovery' },
  { file: 'crawl-targets.png', route: '/crawl-targets' },
  { file: 'analytics.png', route: '/analytics', language: 'en' },
  { file: 'reports.png', route: '/reports', theme: 'dark' },
  { file: 'dashboard-mobile.png', route: '/', width: 375, theme: 'dark' },
];

const server = await startServer({ demo: true });
const browser = await launchBrowser();
try {
  const token = await apiLogin(server.baseUrl);
  for (const shot of SHOTS) {
    const width = shot.width ?? 1280;
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width, height: width < 600 ? 812 : 860 },
      colorScheme: shot.theme ?? 'light',
    });
    await prepareContext(context, {
      token,
      language: shot.language ?? 'es',
      theme: shot.theme ?? 'light',
      visited: true,
    });
    const page = await context.newPage();
    await page.goto(shot.route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: join(REPO_ROOT, 'docs', 'screenshots', shot.file) });
    process.stdout.write(`docs/screenshots/${shot.file}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
