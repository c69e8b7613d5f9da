import { seedDemo } from '@preciofab/db/demo/seed-demo';
import { loadConfig } from './config.ts';
import { startDemoWeb } from './demo-web/demo-web.ts';
import { seedDemoWeb } from './demo-web/seed-demo-web.ts';
import { startServer } from './server.ts';

// Demo-only credentials: the demo database holds nothing but fictional data.
const DEMO_ADMIN = { email: 'demo@preciofab.example', password: 'demo-preciofab' };

/** `npm run demo`: the console on its own embedded database, filled once with the demo dataset. */
try {
  // The demo web: fictional vendor sites and discovery endpoints on 127.0.0.1 (DEMO_WEB_PORT and the
  // next ports; 0 picks free ones), so Run crawl and discovery work with no internet.
  const webPort = Number(process.env.DEMO_WEB_PORT ?? '4310');
  if (!Number.isInteger(webPort) || webPort < 0 || webPort > 65_000) {
    throw new Error(`DEMO_WEB_PORT must be a port number, not ${process.env.DEMO_WEB_PORT}`);
  }
  const web = await startDemoWeb(webPort);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DEMO_DATA_DIR ?? './data-demo',
    DATABASE_URL: undefined,
    // The seeded targets are fictional sites: crawl them only when asked (Run crawl), never on a timer.
    CRAWLER_SCHEDULE: process.env.CRAWLER_SCHEDULE ?? 'false',
    // The demo web lives on 127.0.0.1, which the guarded fetcher refuses unless told otherwise.
    CRAWLER_ALLOWED_HOSTS: process.env.CRAWLER_ALLOWED_HOSTS ?? '127.0.0.1',
    // Jobs read it when a run starts, from the environment: set it there too.
    DISCOVERY_SEARCH_URL: (process.env.DISCOVERY_SEARCH_URL ??= `${web.hub}/search`),
    ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? DEMO_ADMIN.email,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? DEMO_ADMIN.password,
  });
  const server = await startServer(config, {
    beforeListen: async (db) => {
      const existing = await db.query<{ n: number }>('select count(*)::int as n from vendors');
      if ((existing.rows[0]?.n ?? 0) === 0) {
        process.stdout.write('Filling the demo database (fixed seed)…\n');
        const summary = await seedDemo(db);
        process.stdout.write(
          `Demo data ready: ${JSON.stringify(summary.counts)} in ${summary.elapsedMs} ms\n`,
        );
      }
      await seedDemoWeb(db, web);
    },
  });
  process.stdout.write(
    'DEMO MODE: every vendor, price and candidate here is fictional demo data.\n' +
      `Sign in as ${config.ADMIN_EMAIL} with password ${process.env.ADMIN_PASSWORD ? '(from ADMIN_PASSWORD)' : DEMO_ADMIN.password}\n\n`,
  );
  process.stdout.write(
    `Demo web (fictional vendor sites) at ${Object.values(web.origins).join(', ')}; discovery hub ${web.hub}\n`,
  );
  const stop = () =>
    void server
      .stop()
      .then(() => web.close())
      .then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  process.stderr.write(
    `PrecioFab demo could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
}
