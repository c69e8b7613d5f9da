import { loadConfig } from './config.ts';
import { openStorage } from './storage.ts';

try {
  const config = loadConfig();
  // The database opens (in its own thread, for PGlite) while the rest of the server loads.
  const storage = openStorage(config);
  storage.catch(() => undefined); // awaited by startServer, which reports a failure
  const { startServer } = await import('./server.ts');
  const server = await startServer(config, { storage });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (err) {
  process.stderr.write(`PrecioFab could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
