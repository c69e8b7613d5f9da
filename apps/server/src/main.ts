import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer(loadConfig());
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
