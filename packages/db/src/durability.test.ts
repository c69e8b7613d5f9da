import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from './client.ts';
import { migrate } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'preciofab-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A child process writes rows, reports each acknowledged one, and is killed with SIGKILL.
const writer = `
import { createPgliteDb } from ${JSON.stringify(fileURLToPath(new URL('./client.ts', import.meta.url)))};
const db = await createPgliteDb(process.argv[1]);
for (let i = 1; ; i++) {
  await db.query("insert into activity_log (action, entity_type, entity_id) values ('probe', 'probe', $1)", [String(i)]);
  process.stdout.write(i + '\\n');
}
`;

describe('PGlite durability', () => {
  it('keeps every acknowledged row after the process is killed', async () => {
    const setup = await createPgliteDb(dir);
    await migrate(setup);
    await setup.close();

    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acked = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const last = chunk.toString().trim().split('\n').pop();
        acked = Math.max(acked, Number(last));
        if (acked >= 25) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((r) => child.on('exit', r));

    const db = await createPgliteDb(dir);
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n from activity_log where action = 'probe'`,
    );
    await db.close();
    expect(r.rows[0]!.n).toBeGreaterThanOrEqual(acked);
  });
});
