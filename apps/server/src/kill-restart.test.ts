import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  signIn,
  spawnServer,
  waitHealthy,
  writeUntilKilled,
  type ServerProcess,
} from './testing/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'preciofab-kill-restart-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// The server as it runs (its own process, embedded PGlite in a fresh data directory, embedded
// workers), killed with SIGKILL while prices are being written. Nothing here is timed: the start's
// speed is `npm run bench:start`'s to measure.
describe('a server killed with SIGKILL mid-write', () => {
  it('restarts on the same data and has every price it acknowledged', async () => {
    const port = await freePort();
    const first = spawnServer({ dataDir, port });
    running.push(first);
    await waitHealthy(first);
    let call = await signIn(first.base);
    const vendor = await call<{ id: string }>('POST', '/api/v1/vendors', {
      name: 'Reinicio Fab',
      capabilities: ['fdm_printing'],
    });
    expect(vendor.status).toBe(201);

    const acknowledged = await writeUntilKilled(first, call, vendor.json.id, { after: 40 });
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const second = spawnServer({ dataDir, port });
    running.push(second);
    await waitHealthy(second);
    call = await signIn(second.base);
    const stored = await call<{ data: { id: string }[]; total?: number }>(
      'GET',
      `/api/v1/prices?vendor_id=${vendor.json.id}&limit=500`,
    );
    expect(stored.status).toBe(200);
    const ids = new Set(stored.json.data.map((p) => p.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);

    // And it takes writes again.
    const after = await call('POST', '/api/v1/prices', {
      vendor_id: vendor.json.id,
      service_name: 'Impresión FDM PLA tras el reinicio',
      category: 'additive_manufacturing',
      price: 3,
      currency: 'MXN',
      unit: 'cm³',
    });
    expect(after.status).toBe(201);
  }, 600_000);
});
