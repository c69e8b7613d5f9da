import { seedDemo } from '@preciofab/db/demo/seed-demo';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

// Demo-only credentials: the demo database holds nothing but fictional data.
const DEMO_ADMIN = { email: 'demo@preciofab.example', password: 'demo-preciofab' };

/** `npm run demo`: the console on its own embedded database, filled once with the demo dataset. */
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DEMO_DATA_DIR ?? './data-demo',
    DATABASE_URL: undefined,
    ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? DEMO_ADMIN.email,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? DEMO_ADMIN.password,
  });
  const server = await startServer(config, {
    beforeListen: async (db) => {
      const existing = await db.query<{ n: number }>('select count(*)::int as n from vendors');
      if ((existing.rows[0]?.n ?? 0) > 0) return;
      process.stdout.write('Filling the demo database (fixed seed)…\n');
      const summary = await seedDemo(db);
      process.stdout.write(`Demo data ready: ${JSON.stringify(summary.counts)} in ${summary.elapsedMs} ms\n`);
    },
  });
  process.stdout.write(
    'DEMO MODE: every vendor, price and candidate here is fictional demo data.\n' +
      `Sign in as ${config.ADMIN_EMAIL} with password ${process.env.ADMIN_PASSWORD ? '(from ADMIN_PASSWORD)' : DEMO_ADMIN.password}\n\n`,
  );
  const stop = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  process.stderr.write(
    `PrecioFab demo could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
}
