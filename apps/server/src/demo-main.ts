import { seedDemoAlertChannels } from '@preciofab/db/demo/build-alert-channels';
import { seedDemoAlerts } from '@preciofab/db/demo/build-alerts';
import { DEMO_HOST, demoConfig } from './demo-web/demo-config.ts';
import { prepareDemoDatabase, type DemoDatabase } from './demo-web/demo-database.ts';
import { startDemoWeb } from './demo-web/demo-web.ts';
import { startServer } from './server.ts';

/** `npm run demo`: the console on its own embedded database, filled once with the demo dataset. */
try {
  // The demo web: fictional vendor sites and discovery endpoints on 127.0.0.1 (DEMO_WEB_PORT and the
  // next ports; 0 picks free ones), so Run crawl and discovery work with no internet.
  const webPort = Number(process.env.DEMO_WEB_PORT ?? '4310');
  if (!Number.isInteger(webPort) || webPort < 0 || webPort > 65_000) {
    throw new Error(`DEMO_WEB_PORT must be a port number, not ${process.env.DEMO_WEB_PORT}`);
  }
  const web = await startDemoWeb(webPort);
  // Jobs read it when a run starts, from the environment: set it there too.
  process.env.DISCOVERY_SEARCH_URL ??= `${web.hub}/search`;
  const config = demoConfig(process.env, web);
  const prepared: { db?: DemoDatabase } = {};
  const server = await startServer(config, {
    beforeListen: async (db) => {
      prepared.db = await prepareDemoDatabase(db, web, (line) => process.stdout.write(`${line}\n`));
    },
  });
  // Alert rules need an owner: the first admin exists only now (first start only).
  if (prepared.db?.seeded) await seedDemoAlerts(server.ctx.db);
  if (prepared.db?.seeded) await seedDemoAlertChannels(server.ctx.db);
  const lines = ['DEMO MODE: every vendor, price and candidate here is fictional demo data.'];
  const retired = prepared.db?.retired;
  if (retired) {
    lines.push(
      `The published demo password of ${retired.email} no longer works: its password is now ${retired.password} (shown once).`,
    );
  }
  lines.push(
    'Sign in with the admin account printed above on the first start (ADMIN_EMAIL and ADMIN_PASSWORD choose it).',
  );
  if (config.HOST !== DEMO_HOST) {
    lines.push(
      `HOST=${config.HOST}: other machines that can reach this address reach the demo's sign-in page too.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
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
